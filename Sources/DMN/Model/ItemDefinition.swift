/// A type of the model (DMN 1.5, 7.3.2): a named FEEL type, a structure of components, a
/// collection, or a function, possibly narrowed by allowed values.
public struct ItemDefinition: Sendable {
    public var name: String
    /// The base type when the definition has no components (`number`, `tOther`, `list<string>`).
    public var typeRef: String?
    public var isCollection = false
    public var components: [ItemDefinition] = []
    /// `allowedValues`: unary tests a value must pass (for a collection: each item, DMN 1.5
    /// narrows items with `typeConstraint`; both are applied to the items).
    public var allowedValues: FEELText?
    public var typeConstraint: FEELText?
    /// `functionItem`: parameters' types and the output type.
    public var function: FunctionItem?

    public init(name: String, typeRef: String? = nil, isCollection: Bool = false) {
        self.name = name; self.typeRef = typeRef; self.isCollection = isCollection
    }
}

public struct FunctionItem: Sendable {
    public var parameters: [(name: String, typeRef: String?)]
    public var outputTypeRef: String?

    public init(parameters: [(name: String, typeRef: String?)], outputTypeRef: String?) {
        self.parameters = parameters; self.outputTypeRef = outputTypeRef
    }
}
