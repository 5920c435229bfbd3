/// A boxed expression (DMN 1.5, chapter 7 and 8): the logic of a decision, a business
/// knowledge model or a part of another boxed expression.
public struct BoxedExpression: Sendable {
    public var id: String?
    public var typeRef: String?
    public var kind: Kind
    public var place: SourcePlace?

    public init(id: String? = nil, typeRef: String? = nil, _ kind: Kind, place: SourcePlace? = nil) {
        self.id = id; self.typeRef = typeRef; self.kind = kind; self.place = place
    }

    public indirect enum Kind: Sendable {
        case literal(FEELText)
        case decisionTable(DecisionTable)
        case context([ContextEntry])
        case relation(Relation)
        case list([BoxedExpression])
        case function(FunctionDefinition)
        case invocation(Invocation)
        /// `if`, `then`, `else` (DMN 1.5, 8.3.x `conditional`).
        case conditional(condition: BoxedExpression, then: BoxedExpression, else: BoxedExpression)
        /// `in` filtered by `match`, which sees `item` (DMN 1.5 `filter`).
        case filter(in: BoxedExpression, match: BoxedExpression)
        case iterator(Iterator)
        /// An element FlowStage does not evaluate, with why (an unknown boxed expression).
        case unsupported(String)
    }

    /// The kind's name as DMN writes the element.
    public var elementName: String {
        switch kind {
        case .literal: "literalExpression"
        case .decisionTable: "decisionTable"
        case .context: "context"
        case .relation: "relation"
        case .list: "list"
        case .function: "functionDefinition"
        case .invocation: "invocation"
        case .conditional: "conditional"
        case .filter: "filter"
        case .iterator(let iterator): iterator.kind.rawValue
        case .unsupported: "unsupported"
        }
    }
}

/// One entry of a boxed context: a named value, or (no variable) the context's result.
public struct ContextEntry: Sendable {
    public var name: String?
    public var typeRef: String?
    public var value: BoxedExpression

    public init(name: String?, typeRef: String?, value: BoxedExpression) {
        self.name = name; self.typeRef = typeRef; self.value = value
    }
}

/// A relation: a list of contexts with the same columns.
public struct Relation: Sendable {
    public var columns: [(name: String, typeRef: String?)]
    public var rows: [[BoxedExpression]]

    public init(columns: [(name: String, typeRef: String?)], rows: [[BoxedExpression]]) {
        self.columns = columns; self.rows = rows
    }
}

/// A function definition: FEEL (its body a boxed expression), or Java or PMML, which
/// FlowStage refuses with a reason when called.
public struct FunctionDefinition: Sendable {
    public enum Kind: String, Sendable { case feel = "FEEL", java = "Java", pmml = "PMML" }
    public var kind: Kind
    public var parameters: [(name: String, typeRef: String?)]
    public var body: BoxedExpression?

    public init(kind: Kind = .feel, parameters: [(name: String, typeRef: String?)], body: BoxedExpression?) {
        self.kind = kind; self.parameters = parameters; self.body = body
    }
}

/// An invocation: the function named by `callee` called with arguments bound by parameter name.
public struct Invocation: Sendable {
    public var callee: FEELText
    public var bindings: [(parameter: String, value: BoxedExpression?)]

    public init(callee: FEELText, bindings: [(parameter: String, value: BoxedExpression?)]) {
        self.callee = callee; self.bindings = bindings
    }
}

/// `for`, `some` and `every` as boxed expressions (DMN 1.5 `iterator`).
public struct Iterator: Sendable {
    public enum Kind: String, Sendable { case forEach = "for", some, every }
    public var kind: Kind
    public var variable: String
    public var source: BoxedExpression
    /// `return` for `for`, `satisfies` for `some` and `every`.
    public var body: BoxedExpression

    public init(kind: Kind, variable: String, source: BoxedExpression, body: BoxedExpression) {
        self.kind = kind; self.variable = variable; self.source = source; self.body = body
    }
}
