import DMN
import FEEL

/// Reads one DMN file's `definitions` into a `DMNDefinitions`: first its header (names,
/// imports, item definitions), then, knowing the names of the models it imports, its
/// decisions, knowledge models and services with every FEEL text parsed once.
struct DMNReader {
    let file: String
    private(set) var errors: [LoadError] = []
    private(set) var warnings: [LoadError] = []
    /// Names FEEL texts of this file may use that hold spaces or symbols.
    private var knownNames: [String] = []
    private var types: [String: FEELType] = [:]
    private var ns = ""

    /// Boxed expressions nested deeper than this are refused (a hostile file must not exhaust the stack).
    static let maximumDepth = 64
    /// Rules of one table, and cells (rules × columns) of one table.
    static let maximumRules = 10_000
    static let maximumCells = 200_000

    init(file: String) { self.file = file }

    struct Header {
        let file: String
        let root: XMLNode
        let ns: String
        var model: DMNDefinitions
        /// Every name the file declares, for the FEEL lexer.
        var names: [String]
    }

    // MARK: Header

    mutating func header(_ root: XMLNode) -> Header? {
        guard root.name == "definitions", DMNNamespace.models.contains(root.namespace) else {
            let known = DMNNamespace.models.last!
            error(root, "the root element is <\(root.name)> in \(root.namespace.isEmpty ? "no namespace" : root.namespace); a DMN file starts with <definitions xmlns=\"\(known)\"> (DMN 1.1 to 1.5)")
            return nil
        }
        ns = root.namespace
        let name = root.attribute("name") ?? ""
        let namespace = root.attribute("namespace") ?? ""
        if namespace.isEmpty {
            warning(root, "the definitions have no namespace; give them one so other models can import this one")
        }
        var model = DMNDefinitions(id: root.attribute("id"), name: name, namespace: namespace.isEmpty ? "urn:flowstage:" + file : namespace)
        for node in root.children("import", in: ns) {
            let importType = node.attribute("importType") ?? ""
            guard let importNamespace = node.attribute("namespace") else {
                error(node, "the import has no namespace; name the imported model's namespace")
                continue
            }
            if !DMNNamespace.models.contains(importType) {
                warning(node, "the import of \(importNamespace) is of type \(importType.isEmpty ? "none" : importType), not a DMN model; FlowStage imports DMN models only and ignores it")
                continue
            }
            model.imports.append(DMNImport(name: node.attribute("name") ?? "", namespace: importNamespace,
                                           locationURI: node.attribute("locationURI"), importType: importType))
        }
        for node in root.children("itemDefinition", in: ns) {
            model.itemDefinitions.append(itemDefinition(node))
        }
        var names: [String] = model.imports.map(\.name)
        func collect(_ node: XMLNode) {
            for attribute in ["name", "iteratorVariable"] { if let value = node.attribute(attribute), !value.isEmpty { names.append(value) } }
            for child in node.children where child.namespace == ns { collect(child) }
        }
        collect(root)
        return Header(file: file, root: root, ns: ns, model: model, names: Array(Set(names)).sorted())
    }

    private mutating func itemDefinition(_ node: XMLNode) -> ItemDefinition {
        var definition = ItemDefinition(name: node.attribute("name") ?? "",
                                        typeRef: node.child("typeRef", in: ns).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } ?? node.attribute("typeRef"),
                                        isCollection: node.attribute("isCollection") == "true")
        definition.components = node.children("itemComponent", in: ns).map { itemDefinition($0) }
        if let allowed = node.child("allowedValues", in: ns) { definition.allowedValues = unaryTests(allowed) }
        if let constraint = node.child("typeConstraint", in: ns) { definition.typeConstraint = unaryTests(constraint) }
        if let function = node.child("functionItem", in: ns) {
            definition.function = FunctionItem(
                parameters: function.children("parameters", in: ns).map { ($0.attribute("name") ?? "", $0.attribute("typeRef")) },
                outputTypeRef: function.attribute("outputTypeRef"))
        }
        return definition
    }

    // MARK: Body

    mutating func build(_ header: Header, all: [Header]) -> DMNDefinitions {
        ns = header.ns
        var model = header.model
        let imported = all.filter { other in model.imports.contains { $0.namespace == other.model.namespace } }
        knownNames = header.names
        for other in imported {
            let prefix = model.imports.first { $0.namespace == other.model.namespace }?.name ?? ""
            knownNames += other.names + other.names.map { prefix + "." + $0 }
        }
        types = model.feelTypes(others: all.map(\.model))
        let root = header.root
        for node in root.children where node.namespace == ns {
            switch node.name {
            case "inputData":
                guard let (id, name) = identity(node) else { continue }
                model.inputData.append(InputData(id: id, name: name, typeRef: variableType(node), place: place(node)))
            case "decision":
                guard let (id, name) = identity(node) else { continue }
                var decision = Decision(id: id, name: name, typeRef: variableType(node))
                decision.question = node.child("question", in: ns)?.text
                decision.place = place(node)
                for requirement in node.children("informationRequirement", in: ns) {
                    if let reference = reference(requirement, "requiredDecision") { decision.requiredDecisions.append(reference) }
                    if let reference = reference(requirement, "requiredInput") { decision.requiredInputs.append(reference) }
                }
                decision.requiredKnowledge = node.children("knowledgeRequirement", in: ns).compactMap { reference($0, "requiredKnowledge") }
                if let logic = firstBoxed(node) { decision.logic = boxed(logic, depth: 0) }
                model.decisions.append(decision)
            case "businessKnowledgeModel":
                guard let (id, name) = identity(node) else { continue }
                var bkm = BusinessKnowledgeModel(id: id, name: name, typeRef: variableType(node))
                bkm.place = place(node)
                if let logic = node.child("encapsulatedLogic", in: ns) { bkm.logic = functionDefinition(logic, depth: 0) }
                bkm.requiredKnowledge = node.children("knowledgeRequirement", in: ns).compactMap { reference($0, "requiredKnowledge") }
                model.knowledgeModels.append(bkm)
            case "decisionService":
                guard let (id, name) = identity(node) else { continue }
                var service = DecisionService(id: id, name: name, typeRef: variableType(node))
                service.place = place(node)
                service.outputDecisions = references(node, "outputDecision")
                service.encapsulatedDecisions = references(node, "encapsulatedDecision")
                service.inputDecisions = references(node, "inputDecision")
                service.inputData = references(node, "inputData")
                model.decisionServices.append(service)
            default:
                break
            }
        }
        return model
    }

    /// An element's id and name. DMN makes the id optional: without one the element is
    /// known by its name (no requirement can point at it).
    private mutating func identity(_ node: XMLNode) -> (String, String)? {
        let name = node.attribute("name") ?? ""
        guard let id = node.attribute("id").flatMap({ $0.isEmpty ? nil : $0 }) ?? (name.isEmpty ? nil : name) else {
            error(node, "a <\(node.name)> has neither id nor name; give it a name in your modeler")
            return nil
        }
        if name.isEmpty { warning(node, "the \(node.name) \(id) has no name; FEEL reaches it by name, so give it one") }
        return (id, name)
    }

    private func variableType(_ node: XMLNode) -> String? {
        node.child("variable", in: ns)?.attribute("typeRef")
    }

    private func place(_ node: XMLNode) -> SourcePlace { SourcePlace(line: node.line, column: node.column) }

    private mutating func reference(_ node: XMLNode, _ name: String) -> DMNReference? {
        guard let target = node.child(name, in: ns) else { return nil }
        return href(target)
    }

    private mutating func references(_ node: XMLNode, _ name: String) -> [DMNReference] {
        node.children(name, in: ns).compactMap { href($0) }
    }

    private mutating func href(_ node: XMLNode) -> DMNReference? {
        guard let text = node.attribute("href"), let reference = DMNReference(href: text) else {
            error(node, "<\(node.name)> has no href of the form \"#id\"; connect the requirement to an element in your modeler")
            return nil
        }
        return reference
    }

    // MARK: Boxed expressions

    static let boxedNames: Set<String> = ["literalExpression", "decisionTable", "context", "relation", "list", "functionDefinition",
                                          "invocation", "conditional", "filter", "for", "some", "every"]

    private func firstBoxed(_ node: XMLNode) -> XMLNode? {
        node.children.first { $0.namespace == ns && DMNReader.boxedNames.contains($0.name) }
    }

    mutating func boxed(_ node: XMLNode, depth: Int) -> BoxedExpression {
        let typeRef = node.attribute("typeRef")
        func make(_ kind: BoxedExpression.Kind) -> BoxedExpression {
            BoxedExpression(id: node.attribute("id"), typeRef: typeRef, kind, place: place(node))
        }
        guard depth < DMNReader.maximumDepth else {
            error(node, "boxed expressions are nested more than \(DMNReader.maximumDepth) levels deep here; FlowStage refuses deeper ones, so flatten the logic")
            return make(.unsupported("nested too deep"))
        }
        switch node.name {
        case "literalExpression":
            return make(.literal(expression(node.child("text", in: ns), owner: node)))
        case "decisionTable":
            return make(.decisionTable(decisionTable(node)))
        case "context":
            var entries: [ContextEntry] = []
            for entry in node.children("contextEntry", in: ns) {
                let variable = entry.child("variable", in: ns)
                let value = firstBoxed(entry).map { boxed($0, depth: depth + 1) } ?? BoxedExpression(.literal(FEELText.expression("null")))
                entries.append(ContextEntry(name: variable?.attribute("name"), typeRef: variable?.attribute("typeRef"), value: value))
            }
            return make(.context(entries))
        case "relation":
            let columns = node.children("column", in: ns).map { ($0.attribute("name") ?? "", $0.attribute("typeRef")) }
            var rows: [[BoxedExpression]] = []
            for row in node.children("row", in: ns) {
                let cells = row.children.filter { $0.namespace == ns && DMNReader.boxedNames.contains($0.name) }.map { boxed($0, depth: depth + 1) }
                if cells.count != columns.count {
                    error(row, "the relation's row has \(cells.count) cells but the relation has \(columns.count) columns; give every row one cell per column")
                }
                rows.append(cells)
            }
            return make(.relation(Relation(columns: columns, rows: rows)))
        case "list":
            let items = node.children.filter { $0.namespace == ns && DMNReader.boxedNames.contains($0.name) }.map { boxed($0, depth: depth + 1) }
            return make(.list(items))
        case "functionDefinition":
            return make(.function(functionDefinition(node, depth: depth)))
        case "invocation":
            let callee = node.child("literalExpression", in: ns).map { expression($0.child("text", in: ns), owner: $0) }
                ?? FEELText(source: "", expression: nil, problem: "the invocation names no function")
            if callee.expression == nil, callee.source.isEmpty { error(node, "the invocation names no function to call; write the business knowledge model's name in it") }
            var bindings: [(parameter: String, value: BoxedExpression?)] = []
            for binding in node.children("binding", in: ns) {
                let parameter = binding.child("parameter", in: ns)?.attribute("name") ?? ""
                bindings.append((parameter, firstBoxed(binding).map { boxed($0, depth: depth + 1) }))
            }
            return make(.invocation(Invocation(callee: callee, bindings: bindings)))
        case "conditional":
            return make(.conditional(condition: part(node, "if", depth), then: part(node, "then", depth), else: part(node, "else", depth)))
        case "filter":
            return make(.filter(in: part(node, "in", depth), match: part(node, "match", depth)))
        case "for", "some", "every":
            let kind: Iterator.Kind = node.name == "for" ? .forEach : node.name == "some" ? .some : .every
            let variable = node.attribute("iteratorVariable") ?? ""
            if variable.isEmpty { error(node, "the \(node.name) has no iteratorVariable; name the variable each item is bound to") }
            let body = part(node, kind == .forEach ? "return" : "satisfies", depth)
            return make(.iterator(Iterator(kind: kind, variable: variable, source: part(node, "in", depth), body: body)))
        default:
            warning(node, "<\(node.name)> is not a boxed expression FlowStage evaluates; its value is null")
            return make(.unsupported("<\(node.name)> is not evaluated by FlowStage"))
        }
    }

    /// The boxed expression inside a part of a conditional, filter or iterator (`<if>`, `<in>`…).
    private mutating func part(_ node: XMLNode, _ name: String, _ depth: Int) -> BoxedExpression {
        guard let holder = node.child(name, in: ns), let inner = firstBoxed(holder) else {
            error(node, "the \(node.name) has no <\(name)> with an expression; every part of it needs one")
            return BoxedExpression(.unsupported("<\(name)> is missing"))
        }
        return boxed(inner, depth: depth + 1)
    }

    private mutating func functionDefinition(_ node: XMLNode, depth: Int) -> FunctionDefinition {
        let kindText = node.attribute("kind") ?? "FEEL"
        let kind = FunctionDefinition.Kind(rawValue: kindText.uppercased() == "FEEL" ? "FEEL" : kindText) ?? .feel
        if FunctionDefinition.Kind(rawValue: kindText) == nil && kindText.uppercased() != "FEEL" {
            warning(node, "the function's kind \(kindText) is not FEEL, Java or PMML; it is read as FEEL")
        }
        if kind != .feel {
            warning(node, "a \(kind.rawValue) function is not run by FlowStage (only FEEL is); calling it gives null")
        }
        let parameters = node.children("formalParameter", in: ns).map { ($0.attribute("name") ?? "", $0.attribute("typeRef")) }
        let body = kind == .feel ? firstBoxed(node).map { boxed($0, depth: depth + 1) } : nil
        return FunctionDefinition(kind: kind, parameters: parameters, body: body)
    }

    // MARK: FEEL texts

    /// A `<text>` parsed as an expression; a mistake is a load error at the element.
    mutating func expression(_ text: XMLNode?, owner: XMLNode) -> FEELText {
        let source = text?.text ?? ""
        guard !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return FEELText.expression("null")
        }
        let parsed = FEELText.expression(source, knownNames: knownNames, types: types)
        if let problem = parsed.problem { error(text ?? owner, "the FEEL expression \(quoted(source)) does not parse: \(problem); correct the expression") }
        return parsed
    }

    /// An element's `<text>` parsed as unary tests (`inputEntry`, `allowedValues`).
    mutating func unaryTests(_ node: XMLNode) -> FEELText {
        let text = node.child("text", in: ns)
        let source = (text?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let parsed = FEELText.unaryTests(source.isEmpty ? "-" : source, knownNames: knownNames, types: types)
        if let problem = parsed.problem { error(text ?? node, "the FEEL unary tests \(quoted(source)) do not parse: \(problem); correct them") }
        return parsed
    }

    private func quoted(_ source: String) -> String {
        let flat = source.replacingOccurrences(of: "\n", with: " ")
        return "`" + (flat.count > 80 ? flat.prefix(80) + "…" : flat) + "`"
    }

    // MARK: Problems

    mutating func error(_ node: XMLNode, _ message: String) {
        errors.append(LoadError(file: file, pointer: node.attribute("id").map { "/" + $0 } ?? "", message: message, line: node.line, column: node.column))
    }

    mutating func warning(_ node: XMLNode, _ message: String) {
        warnings.append(LoadError(file: file, pointer: node.attribute("id").map { "/" + $0 } ?? "", message: message, line: node.line, column: node.column))
    }
}
