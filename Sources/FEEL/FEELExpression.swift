/// A FEEL expression or unary tests, parsed once (a mistake is a `FEELSyntaxError` with its
/// column) and evaluated many times. Evaluation never fails: problems make null and warnings.
public struct FEELExpression: Sendable {
    public let source: String
    let body: Body
    /// The variable path the expression is, when it is nothing else (`logo`, `order.items`):
    /// worked out once, as a template asks for it on every view.
    public let plainPath: [String]?

    enum Body: Sendable {
        case expression(Node)
        case unaryTests([Node], negated: Bool)
    }

    /// `knownNames`: names of the scope that hold spaces, keywords or symbols (a DMN model's
    /// inputs such as `Loan-to-value`), so they read as one name. Names of plain words need not
    /// be given. `types`: type names beyond FEEL's (a DMN model's item definitions), for `instance of`.
    public init(_ source: String, knownNames: [String] = [], types: [String: FEELType] = [:]) throws(FEELSyntaxError) {
        self.source = source
        let node = try Parser.parseExpression(source, knownNames: FEELExpression.names(knownNames), namedTypes: types)
        body = .expression(node)
        plainPath = FEELExpression.chain(node).flatMap { $0.contains("?") ? nil : $0 }
    }

    /// Unary tests (a decision table's input entry): `< 5`, `[1..10]`, `"a", "b"`, `not(…)`, `-`.
    public init(unaryTests source: String, knownNames: [String] = [], types: [String: FEELType] = [:]) throws(FEELSyntaxError) {
        self.source = source
        let (tests, negated) = try Parser.parseUnaryTests(source, knownNames: FEELExpression.names(knownNames), namedTypes: types)
        body = .unaryTests(tests, negated: negated)
        plainPath = nil
    }

    private static func names(_ extra: [String]) -> KnownNames {
        extra.isEmpty ? BuiltinFunctions.knownNames : BuiltinFunctions.knownNames.merging(extra)
    }

    /// The value, or for unary tests whether `input` passes them (three-valued).
    public func evaluate(_ variables: any FEELVariables = NoVariables(), input: FEELValue = .null,
                         environment: FEELEnvironment = FEELEnvironment()) -> FEELResult {
        var interpreter = Interpreter(variables: variables, environment: environment)
        let value: FEELValue
        switch body {
        case .expression(let node):
            value = interpreter.evaluate(node)
        case .unaryTests(let tests, let negated):
            let passes = interpreter.satisfies(input, tests)
            value = FEELValue(truth: negated ? passes.map(!) : passes)
        }
        return FEELResult(value: interpreter.exhausted ? .null : value, warnings: interpreter.warnings)
    }

    /// Whether the expression asks the clock (`now()`, `today()`): its value may change with
    /// nothing else changed.
    public var readsClock: Bool {
        func visit(_ node: Node) -> Bool {
            if case .builtinCall(let name, _, _) = node, name == "now" || name == "today" { return true }
            return node.children.contains(where: visit)
        }
        return nodes.contains(where: visit)
    }

    /// The variables the expression reads, each as its name and the members it reads of it
    /// (`["applicant", "age"]`), in order of appearance, each once. Names it binds itself
    /// (parameters, `for` variables, context entries) are left out. A name inside a filter
    /// (`orders[price > 10]`) may be the item's member or a variable: it is counted as a
    /// variable, unless `inFilters` is false (what is surely read, for "never set" checks);
    /// then a variable the expression tests with `is defined` is left out too, as optional.
    public func readPaths(inFilters: Bool = true) -> [[String]] {
        var found: [[String]] = []
        var optional = Set<String>()
        func add(_ path: [String]) { if !found.contains(path) { found.append(path) } }
        let chain = FEELExpression.chain
        func visit(_ node: Node, _ bound: Set<String>) {
            switch node {
            case .isDefined(let tested):
                if !inFilters, let name = chain(tested)?.first { optional.insert(name) }
                visit(tested, bound)
            case .name(let name, _):
                if !bound.contains(name) && name != "?" { add([name]) }
            case .path:
                if let path = chain(node), let first = path.first {
                    if !bound.contains(first) && first != "?" { add(path) }
                } else {
                    node.children.forEach { visit($0, bound) }
                }
            case .filter(let base, let condition, _):
                visit(base, bound)
                if inFilters { visit(condition, bound.union(["item"])) }
            case .forLoop(let iterations, let body, _), .quantified(_, let iterations, let body):
                var inner = bound
                for iteration in iterations {
                    visit(iteration.source, inner)
                    if let end = iteration.rangeEnd { visit(end, inner) }
                    inner.insert(iteration.name)
                }
                inner.insert("partial")
                visit(body, inner)
            case .context(let entries):
                var inner = bound
                for entry in entries {
                    visit(entry.value, inner)
                    inner.insert(entry.key)
                }
            case .functionDefinition(let parameters, let body, _):
                visit(body, bound.union(parameters.map(\.name)))
            default:
                node.children.forEach { visit($0, bound) }
            }
        }
        nodes.forEach { visit($0, []) }
        return optional.isEmpty ? found : found.filter { !optional.contains($0[0]) }
    }

    /// The names of a variable and its members (`a.b.c`), nil for anything else.
    private static func chain(_ node: Node) -> [String]? {
        switch node {
        case .name(let name, _): [name]
        case .path(let base, let member, _): chain(base).map { $0 + [member] }
        default: nil
        }
    }

    var nodes: [Node] {
        switch body {
        case .expression(let node): [node]
        case .unaryTests(let tests, _): tests
        }
    }
}

/// A value and the problems met computing it.
public struct FEELResult: Sendable {
    public let value: FEELValue
    public let warnings: [FEELWarning]
}

extension FEELExpression {
    /// The constants the expression compares a variable's path with, in the order written:
    /// `loan.amount > 20000` gives `(["loan", "amount"], 20000)`, `status in ["new", "open"]`
    /// gives both values, `contains(tags, "vip")` gives `(["tags"], "vip")`. A hint for whoever
    /// needs data that makes the expression go one way or the other (the explorer).
    public var comparedConstants: [(path: [String], value: FEELValue)] {
        var found: [(path: [String], value: FEELValue)] = []
        func path(_ node: Node) -> [String]? {
            switch node {
            case .name(let name, _): return name == "?" ? nil : [name]
            case .path(let base, let member, _): return path(base).map { $0 + [member] }
            // `number(x) > 5`, `lower case(x) = "a"`: the comparison is still about x.
            case .builtinCall(_, .positional(let arguments), _) where arguments.count == 1: return path(arguments[0])
            default: return nil
            }
        }
        func constants(_ node: Node) -> [FEELValue] {
            switch node {
            case .literal(let value): return value.isNull ? [] : [value]
            case .list(let items): return items.flatMap(constants)
            case .range(let start, let end, _, _, _): return constants(start) + constants(end)
            case .unaryRange(_, let endpoint, _): return constants(endpoint)
            default: return []
            }
        }
        func visit(_ node: Node) {
            switch node {
            case .comparison(_, let left, let right, _):
                if let name = path(left) { found += constants(right).map { (name, $0) } }
                if let name = path(right) { found += constants(left).map { (name, $0) } }
            case .between(let value, let low, let high, _):
                if let name = path(value) { found += (constants(low) + constants(high)).map { (name, $0) } }
            case .inTests(let value, let tests, _):
                if let name = path(value) { found += tests.flatMap(constants).map { (name, $0) } }
            case .builtinCall(_, let arguments, _):
                let names = arguments.nodes.compactMap(path)
                let values = arguments.nodes.flatMap(constants)
                for name in names { found += values.map { (name, $0) } }
            default:
                break
            }
            node.children.forEach(visit)
        }
        nodes.forEach(visit)
        return found
    }
}
