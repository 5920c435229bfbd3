/// An input of the model, given by whoever evaluates it (DMN 1.5, 6.3.10).
public struct InputData: Sendable {
    public var id: String
    public var name: String
    public var typeRef: String?
    public var place: SourcePlace?

    public init(id: String, name: String, typeRef: String?, place: SourcePlace? = nil) {
        self.id = id; self.name = name; self.typeRef = typeRef; self.place = place
    }
}

/// A decision (DMN 1.5, 6.3.7): its logic sees the values of what it requires by their names.
public struct Decision: Sendable {
    public var id: String
    public var name: String
    /// The `variable`'s `typeRef`: the result is coerced to it.
    public var typeRef: String?
    public var question: String?
    public var logic: BoxedExpression?
    public var requiredDecisions: [DMNReference] = []
    public var requiredInputs: [DMNReference] = []
    public var requiredKnowledge: [DMNReference] = []
    public var place: SourcePlace?

    public init(id: String, name: String, typeRef: String? = nil, logic: BoxedExpression? = nil) {
        self.id = id; self.name = name; self.typeRef = typeRef; self.logic = logic
    }
}

/// A business knowledge model (DMN 1.5, 6.3.8): a function its requirers call by its name.
public struct BusinessKnowledgeModel: Sendable {
    public var id: String
    public var name: String
    public var typeRef: String?
    /// `encapsulatedLogic`; nil when the model gives none (a call then reads as null).
    public var logic: FunctionDefinition?
    public var requiredKnowledge: [DMNReference] = []
    public var place: SourcePlace?

    public init(id: String, name: String, typeRef: String? = nil, logic: FunctionDefinition? = nil) {
        self.id = id; self.name = name; self.typeRef = typeRef; self.logic = logic
    }
}

/// A decision service (DMN 1.5, 6.3.9): output decisions computed from input data and input
/// decisions given as arguments; callable as a function and evaluable on its own.
public struct DecisionService: Sendable {
    public var id: String
    public var name: String
    public var typeRef: String?
    public var outputDecisions: [DMNReference] = []
    public var encapsulatedDecisions: [DMNReference] = []
    public var inputDecisions: [DMNReference] = []
    public var inputData: [DMNReference] = []
    public var place: SourcePlace?

    public init(id: String, name: String, typeRef: String? = nil) {
        self.id = id; self.name = name; self.typeRef = typeRef
    }
}
