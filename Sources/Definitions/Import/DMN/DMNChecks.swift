import DMN
import FEEL

/// Checks across the elements of the DMN files read together: unique ids, requirements that
/// point at elements that exist (in the file or an imported one), imports that resolve, no
/// decision requiring itself, type names that exist.
struct DMNChecks {
    let headers: [DMNReader.Header]
    let models: [DMNDefinitions]
    private(set) var errors: [LoadError] = []
    private(set) var warnings: [LoadError] = []

    init(headers: [DMNReader.Header], models: [DMNDefinitions]) {
        self.headers = headers
        self.models = models
    }

    mutating func run() {
        for (header, model) in zip(headers, models) {
            check(model, file: header.file, root: header.root)
        }
    }

    private mutating func check(_ model: DMNDefinitions, file: String, root: XMLNode) {
        var ids = Set<String>()
        for node in root.children where node.namespace == root.namespace {
            guard ["decision", "inputData", "businessKnowledgeModel", "decisionService", "knowledgeSource"].contains(node.name),
                  let id = node.attribute("id") else { continue }
            if !ids.insert(id).inserted {
                errors.append(LoadError(file: file, pointer: "/" + id, message: "a second element has the id \"\(id)\"; ids must be unique in a file",
                                        line: node.line, column: node.column))
            }
        }
        for imported in model.imports where !models.contains(where: { $0.namespace == imported.namespace }) {
            errors.append(LoadError(file: file, pointer: "", message: "the import \"\(imported.name)\" names the namespace \(imported.namespace), which no DMN file of the project has; add that file beside this one"))
        }
        func exists(_ reference: DMNReference, _ kinds: [(DMNDefinitions) -> [String]]) -> Bool {
            guard let target = reference.namespace.flatMap({ ns in ns == model.namespace ? model : models.first { $0.namespace == ns } }) ?? (reference.namespace == nil ? model : nil)
            else { return false }
            return kinds.contains { $0(target).contains(reference.id) }
        }
        func dangling(_ reference: DMNReference, _ what: String, _ owner: String, _ place: SourcePlace?, _ kinds: [(DMNDefinitions) -> [String]]) {
            guard !exists(reference, kinds) else { return }
            let imported = reference.namespace.map { ns in ns == model.namespace || model.imports.contains { $0.namespace == ns } } ?? true
            let hint = imported ? "connect it to an element that exists" : "the namespace \(reference.namespace ?? "") is not imported; import that model"
            errors.append(LoadError(file: file, pointer: "/" + owner, message: "the requirement \(reference.href) names no \(what); \(hint)",
                                    line: place?.line, column: place?.column))
        }
        let decisionIDs: (DMNDefinitions) -> [String] = { $0.decisions.map(\.id) }
        let inputIDs: (DMNDefinitions) -> [String] = { $0.inputData.map(\.id) }
        let knowledgeIDs: (DMNDefinitions) -> [String] = { $0.knowledgeModels.map(\.id) + $0.decisionServices.map(\.id) }
        for decision in model.decisions {
            for reference in decision.requiredDecisions { dangling(reference, "decision", decision.id, decision.place, [decisionIDs]) }
            for reference in decision.requiredInputs { dangling(reference, "input data", decision.id, decision.place, [inputIDs]) }
            for reference in decision.requiredKnowledge { dangling(reference, "business knowledge model or decision service", decision.id, decision.place, [knowledgeIDs]) }
        }
        for bkm in model.knowledgeModels {
            for reference in bkm.requiredKnowledge { dangling(reference, "business knowledge model or decision service", bkm.id, bkm.place, [knowledgeIDs]) }
        }
        for service in model.decisionServices {
            for reference in service.outputDecisions + service.encapsulatedDecisions + service.inputDecisions {
                dangling(reference, "decision", service.id, service.place, [decisionIDs])
            }
            for reference in service.inputData { dangling(reference, "input data", service.id, service.place, [inputIDs]) }
        }
        checkCycles(model, file: file)
        checkTypes(model, file: file)
    }

    /// A decision that requires itself (through other decisions), or a knowledge model that
    /// requires itself, can never be evaluated.
    private mutating func checkCycles(_ model: DMNDefinitions, file: String) {
        let decisions = Dictionary(model.decisions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var reported = Set<String>()
        func visit(_ id: String, _ path: [String]) {
            if state[id] == 2 { return }
            if state[id] == 1 {
                let cycle = (path.drop { $0 != id } + [id]).compactMap { decisions[$0]?.name }
                if reported.insert(id).inserted, let decision = decisions[id] {
                    errors.append(LoadError(file: file, pointer: "/" + id,
                        message: "decision \"\(decision.name)\" requires itself: \(cycle.joined(separator: " → ")); remove one of these requirements",
                        line: decision.place?.line, column: decision.place?.column))
                }
                return
            }
            guard let decision = decisions[id] else { return }
            state[id] = 1
            for reference in decision.requiredDecisions where reference.namespace == nil || reference.namespace == model.namespace {
                visit(reference.id, path + [id])
            }
            state[id] = 2
        }
        for decision in model.decisions { visit(decision.id, []) }

        let knowledge = Dictionary(model.knowledgeModels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var bkmState: [String: Int] = [:]
        func visitKnowledge(_ id: String, _ path: [String]) {
            if bkmState[id] == 2 { return }
            if bkmState[id] == 1 {
                if reported.insert(id).inserted, let bkm = knowledge[id] {
                    let cycle = (path.drop { $0 != id } + [id]).compactMap { knowledge[$0]?.name }
                    errors.append(LoadError(file: file, pointer: "/" + id,
                        message: "business knowledge model \"\(bkm.name)\" requires itself: \(cycle.joined(separator: " → ")); remove one of these requirements",
                        line: bkm.place?.line, column: bkm.place?.column))
                }
                return
            }
            guard let bkm = knowledge[id] else { return }
            bkmState[id] = 1
            for reference in bkm.requiredKnowledge where reference.namespace == nil { visitKnowledge(reference.id, path + [id]) }
            bkmState[id] = 2
        }
        for bkm in model.knowledgeModels { visitKnowledge(bkm.id, []) }
    }

    /// A `typeRef` naming neither a FEEL type nor an item definition is a warning: the value
    /// is then not checked.
    private mutating func checkTypes(_ model: DMNDefinitions, file: String) {
        let named = model.feelTypes(others: models)
        func known(_ typeRef: String?) -> Bool {
            guard let typeRef else { return true }
            let trimmed = typeRef.trimmingCharacters(in: .whitespaces)
            var name = trimmed
            if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(where: { $0 == "<" || $0 == " " }) {
                name = String(trimmed[trimmed.index(after: colon)...])
            }
            if name.isEmpty || named[name] != nil || FEELType.simple(name) != nil { return true }
            if let type = try? FEELType(parsing: name, namedTypes: named), !type.mentionsUnknownName { return true }
            return false
        }
        func report(_ typeRef: String?, _ owner: String, _ place: SourcePlace?) {
            guard !known(typeRef), let typeRef else { return }
            warnings.append(LoadError(file: file, pointer: "/" + owner, message: "the typeRef \(typeRef) names no FEEL type and no item definition; values of it are not checked",
                                      line: place?.line, column: place?.column))
        }
        for input in model.inputData { report(input.typeRef, input.id, input.place) }
        for decision in model.decisions { report(decision.typeRef, decision.id, decision.place) }
        for bkm in model.knowledgeModels { report(bkm.typeRef, bkm.id, bkm.place) }
    }
}

private extension FEELType {
    var mentionsUnknownName: Bool {
        switch self {
        case .named: true
        case .list(let item), .range(let item): item.mentionsUnknownName
        case .context(let fields): fields.values.contains { $0.mentionsUnknownName }
        case .function(let parameters, let result): parameters.contains { $0.mentionsUnknownName } || result.mentionsUnknownName
        default: false
        }
    }
}
