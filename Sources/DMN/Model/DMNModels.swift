/// The models one evaluation may reach: the one evaluated and those it imports (DMN 1.5,
/// 6.3.3), found by namespace. A project gives every DMN file of the folder.
public struct DMNModels: Sendable {
    public var main: DMNDefinitions
    public var others: [DMNDefinitions]

    public init(_ main: DMNDefinitions, others: [DMNDefinitions] = []) {
        self.main = main
        self.others = others
    }

    public func model(namespace: String) -> DMNDefinitions? {
        if main.namespace == namespace { return main }
        return others.first { $0.namespace == namespace }
    }

    /// The same models evaluated from another one of them.
    func focused(on model: DMNDefinitions) -> DMNModels {
        DMNModels(model, others: ([main] + others).filter { $0.namespace != model.namespace })
    }
}
