import DMN

/// The decisions of a project's `.dmn` files (anywhere in its folder), found by id or name as a
/// business rule task calls them (`zeebe:calledDecision decisionId`, `camunda:decisionRef`).
public struct ProjectDecisions: Sendable {
    /// One decision with the models its evaluation may reach and the file it is in.
    public struct Found: Sendable {
        public let decision: Decision
        public let models: DMNModels
        public let file: String
    }

    public let models: [DMNDefinitions]
    /// The file of each model, by index.
    public let files: [String]

    public init(models: [DMNDefinitions] = [], files: [String] = []) {
        self.models = models
        self.files = files
    }

    public static let none = ProjectDecisions()

    /// The decision with id `nameOrID` in any model, else the first with that name.
    public func find(_ nameOrID: String) -> Found? {
        for pass in 0..<2 {
            for (index, model) in models.enumerated() {
                let match = pass == 0 ? model.decisions.first { $0.id == nameOrID } : model.decisions.first { $0.name == nameOrID }
                if let match {
                    return Found(decision: match, models: DMNModels(model, others: models.filter { $0.namespace != model.namespace }),
                                 file: files[index])
                }
            }
        }
        return nil
    }

    /// Every decision, file by file: the catalogue's and `validate`'s list.
    public var all: [Found] {
        models.indices.flatMap { index in
            models[index].decisions.map { Found(decision: $0, models: DMNModels(models[index], others: models.filter { $0.namespace != models[index].namespace }), file: files[index]) }
        }
    }

    /// A decision id in several files (a model saved twice, a second version beside the first):
    /// a task calls the first, and the others are named.
    var duplicates: [LoadError] {
        var first: [String: String] = [:]
        var warnings: [LoadError] = []
        for (index, model) in models.enumerated() {
            for decision in model.decisions {
                if let earlier = first[decision.id] {
                    warnings.append(LoadError(file: files[index], pointer: "/" + decision.id, message: "decision “\(decision.id)” is also in \(earlier); business rule tasks evaluate the one in \(earlier) (rename one id to call this one)",
                                              line: decision.place?.line, column: decision.place?.column))
                } else {
                    first[decision.id] = files[index]
                }
            }
        }
        return warnings
    }

    /// The ids and names a business rule task may call.
    public var callable: Set<String> {
        Set(models.flatMap { $0.decisions.flatMap { [$0.id, $0.name] } })
    }

    /// What `validate` lists per DMN file: each decision's logic (a table's hit policy and
    /// size), the decisions it requires, and the business rule tasks that call it.
    public func summaries(callers processes: [ProcessDefinition]) -> [ImportSummary] {
        var callers: [String: [String]] = [:]
        for process in processes {
            for node in process.nodes {
                guard case .serviceTask(let service) = node.kind, let call = service.decision, let found = find(call.id) else { continue }
                callers[found.file + "\u{0}" + found.decision.id, default: []].append("\(process.name)/\(node.id)")
            }
        }
        return models.indices.map { index in
            let lines = models[index].decisions.map { decision -> String in
                var line = "decision \(decision.id) “\(decision.name)”: "
                switch decision.logic?.kind {
                case .decisionTable(let table)?:
                    let policy = table.hitPolicy.rawValue + (table.aggregation.map { " " + $0.rawValue } ?? "")
                    line += "decision table, \(policy), \(table.rules.count) rule\(table.rules.count == 1 ? "" : "s") × \(table.inputs.count) input\(table.inputs.count == 1 ? "" : "s")"
                default:
                    line += decision.logic?.elementName ?? "no logic"
                }
                let required = decision.requiredDecisions.map(\.id)
                if !required.isEmpty { line += "; requires \(required.joined(separator: ", "))" }
                let calls = callers[files[index] + "\u{0}" + decision.id] ?? []
                line += calls.isEmpty ? "; called by no task" : "; called by \(calls.joined(separator: ", "))"
                return line
            }
            return ImportSummary(file: files[index], lines: lines)
        }
    }
}
