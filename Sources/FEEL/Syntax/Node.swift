/// A parsed FEEL expression. `at` is the offset of the part a warning would point to.
indirect enum Node: Sendable {
    case literal(FEELValue)
    /// `@"2024-01-31"`, read when parsed; a literal that is no temporal value is a syntax error.
    case name(String, at: Int)
    case path(Node, String, at: Int)
    case filter(Node, Node, at: Int)
    case call(Node, Arguments, at: Int)
    /// A built-in called by its name, where no binding of the expression shadows it.
    case builtinCall(String, Arguments, at: Int)
    /// Camunda's `is defined(x)`: its argument may be missing without a warning.
    case isDefined(Node)
    case negation(Node, at: Int)
    case arithmetic(ArithmeticOperator, Node, Node, at: Int)
    case comparison(ComparisonOperator, Node, Node, at: Int)
    case and(Node, Node)
    case or(Node, Node)
    case between(Node, Node, Node, at: Int)
    /// `x in …`: the positive unary tests on the right, applied to `x`.
    case inTests(Node, [Node], at: Int)
    case instanceOf(Node, FEELType)
    case ifThenElse(Node, Node, Node)
    case forLoop([Iteration], Node, at: Int)
    case quantified(every: Bool, [Iteration], Node)
    case list([Node])
    case context([(key: String, value: Node)])
    case range(start: Node, end: Node, startIncluded: Bool, endIncluded: Bool, at: Int)
    /// `< 10`, `>= x`, `= 3`, `!= 3`: a unary test that is also a range value.
    case unaryRange(ComparisonOperator, Node, at: Int)
    case functionDefinition(parameters: [(name: String, type: FEELType?)], body: Node, external: Bool)
    /// A unary test's `-`: every input passes.
    case anything

    enum Arguments: Sendable {
        case positional([Node])
        case named([(name: String, value: Node)])
    }

    /// `x in a` (a list or range), or `x in 1..5` in a `for`.
    struct Iteration: Sendable {
        let name: String
        let source: Node
        /// `for i in 1..n`: the end of a range of whole numbers.
        let rangeEnd: Node?
    }

    var children: [Node] {
        switch self {
        case .literal, .name, .anything: []
        case .path(let base, _, _): [base]
        case .filter(let base, let condition, _): [base, condition]
        case .call(let callee, let arguments, _): [callee] + arguments.nodes
        case .builtinCall(_, let arguments, _): arguments.nodes
        case .isDefined(let inner), .negation(let inner, _), .instanceOf(let inner, _): [inner]
        case .arithmetic(_, let a, let b, _), .comparison(_, let a, let b, _), .and(let a, let b), .or(let a, let b): [a, b]
        case .between(let a, let b, let c, _), .ifThenElse(let a, let b, let c): [a, b, c]
        case .inTests(let value, let tests, _): [value] + tests
        case .forLoop(let iterations, let body, _), .quantified(_, let iterations, let body):
            iterations.flatMap { [$0.source] + ($0.rangeEnd.map { [$0] } ?? []) } + [body]
        case .list(let items): items
        case .context(let entries): entries.map(\.value)
        case .range(let start, let end, _, _, _): [start, end]
        case .unaryRange(_, let endpoint, _): [endpoint]
        case .functionDefinition(_, let body, _): [body]
        }
    }
}

extension Node.Arguments {
    var nodes: [Node] {
        switch self {
        case .positional(let nodes): nodes
        case .named(let pairs): pairs.map(\.value)
        }
    }
}

enum ArithmeticOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", power = "**"
}

enum ComparisonOperator: String, Sendable {
    case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}
