/// One DMN file's `definitions` (DMN 1.5, 6.3.2): the decision requirements graph's elements,
/// the item definitions that type them and the models it imports. Value types throughout: a
/// model is read once and evaluated by many requests.
public struct DMNDefinitions: Sendable {
    public var id: String?
    public var name: String
    public var namespace: String
    public var imports: [DMNImport] = []
    public var itemDefinitions: [ItemDefinition] = []
    public var inputData: [InputData] = []
    public var decisions: [Decision] = []
    public var knowledgeModels: [BusinessKnowledgeModel] = []
    public var decisionServices: [DecisionService] = []

    public init(id: String? = nil, name: String, namespace: String) {
        self.id = id
        self.name = name
        self.namespace = namespace
    }

    public func decision(_ nameOrID: String) -> Decision? {
        decisions.first { $0.id == nameOrID } ?? decisions.first { $0.name == nameOrID }
    }

    public func itemDefinition(named name: String) -> ItemDefinition? {
        itemDefinitions.first { $0.name == name }
    }
}

/// `<import>` of another DMN model: its elements are reached as `name.element` (DMN 1.5, 6.3.3).
public struct DMNImport: Sendable {
    public var name: String
    public var namespace: String
    public var locationURI: String?
    public var importType: String

    public init(name: String, namespace: String, locationURI: String?, importType: String) {
        self.name = name
        self.namespace = namespace
        self.locationURI = locationURI
        self.importType = importType
    }
}

/// A reference to a DRG element by `href`: `#id` in the same model, `namespace#id` in an imported one.
public struct DMNReference: Sendable, Hashable {
    /// nil for the referring model's own namespace.
    public var namespace: String?
    public var id: String

    public init(namespace: String?, id: String) {
        self.namespace = namespace
        self.id = id
    }

    /// Reads an `href`; nil when it has no `#`.
    public init?(href: String) {
        guard let hash = href.lastIndex(of: "#") else { return nil }
        let before = String(href[..<hash])
        namespace = before.isEmpty ? nil : before
        id = String(href[href.index(after: hash)...])
    }

    public var href: String { (namespace ?? "") + "#" + id }
}

/// Where an element was read, so evaluation problems can point at it.
public struct SourcePlace: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}
