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

    /// The ids and names a business rule task may call.
    public var callable: Set<String> {
        Set(models.flatMap { $0.decisions.flatMap { [$0.id, $0.name] } })
    }
}
