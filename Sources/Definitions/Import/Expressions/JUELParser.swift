/// Recursive-descent parser for the JUEL (Unified EL) subset of Camunda 7 conditions,
/// translating as it goes. Precedence, loosest first: `?:`, `||`/`or`, `&&`/`and`,
/// `==`/`eq` `!=`/`ne`, `<`/`lt` `>`/`gt` `<=`/`le` `>=`/`ge`, `+ -`, `* /`/`div` `%`/`mod`,
/// unary `-` `!`/`not` `empty`, postfix (`.name`, `[index]`, `.method(…)`).
/// Approximations: `+` of text concatenates (EL coerces to numbers), `empty` is also true for
/// blank text, and a Java exception (a method on null) is FlowStage's null instead.
struct JUELParser {
    static let maximumDepth = 64

    private let tokens: [JUELToken]
    private var position = 0
    private var depth = 0

    private static let reserved: Set<String> = ["and", "or", "not", "eq", "ne", "lt", "gt", "le", "ge", "div", "mod",
                                                "empty", "instanceof", "true", "false", "null"]

    /// The expression inside `${…}`: `tokens` end with the closing `}`.
    static func translate(_ tokens: [JUELToken]) throws(ModelExpressionProblem) -> TargetExpression {
        var parser = JUELParser(tokens: tokens)
        guard parser.current.kind != .symbol("}") else {
            throw ModelExpressionProblem(column: parser.current.column, message: "the expression is empty")
        }
        let target = try parser.expression()
        guard parser.current.kind == .symbol("}") else { throw parser.unexpected("an operator or }") }
        return target
    }

    private init(tokens: [JUELToken]) { self.tokens = tokens }

    private var current: JUELToken { tokens[Swift.min(position, tokens.count - 1)] }

    private func peek(_ offset: Int) -> JUELToken { tokens[Swift.min(position + offset, tokens.count - 1)] }

    private mutating func take(_ symbol: String) -> Bool {
        if current.kind == .symbol(symbol) { position += 1; return true }
        return false
    }

    private mutating func expect(_ symbol: String) throws(ModelExpressionProblem) {
        guard take(symbol) else { throw unexpected("\"\(symbol)\"") }
    }

    /// An operator written as a symbol or as its word (`==` or `eq`), mapped to FlowStage's symbol.
    private mutating func takeOperator(_ table: [String: String]) -> String? {
        let key: String
        switch current.kind {
        case .symbol(let s): key = s
        case .name(let n): key = n
        default: return nil
        }
        guard let op = table[key] else { return nil }
        position += 1
        return op
    }

    private func unexpected(_ expected: String) -> ModelExpressionProblem {
        let found: String = switch current.kind {
        case .end: "the end"
        case .number(let n): n
        case .string(let s): "'\(s)'"
        case .name(let n): "`\(n)`"
        case .symbol(let s): "\"\(s)\""
        }
        return ModelExpressionProblem(column: current.column, message: "expected \(expected), found \(found)")
    }

    private mutating func nested<T>(_ body: (inout JUELParser) throws(ModelExpressionProblem) -> T) throws(ModelExpressionProblem) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JUELParser.maximumDepth else {
            throw ModelExpressionProblem(column: current.column, message: "nesting deeper than \(JUELParser.maximumDepth) levels")
        }
        return try body(&self)
    }

    private mutating func expression() throws(ModelExpressionProblem) -> TargetExpression {
        try nested { (p: inout JUELParser) throws(ModelExpressionProblem) -> TargetExpression in
            let condition = try p.binary(level: 0)
            guard p.take("?") else { return condition }
            let then = try p.expression()
            try p.expect(":")
            return .conditional(condition, then, try p.expression())
        }
    }

    private static let levels: [[String: String]] = [
        ["||": "||", "or": "||"],
        ["&&": "&&", "and": "&&"],
        ["==": "==", "eq": "==", "!=": "!=", "ne": "!="],
        ["<": "<", "lt": "<", ">": ">", "gt": ">", "<=": "<=", "le": "<=", ">=": ">=", "ge": ">="],
        ["+": "+", "-": "-"],
        ["*": "*", "/": "/", "div": "/", "%": "%", "mod": "%"],
    ]

    private mutating func binary(level: Int) throws(ModelExpressionProblem) -> TargetExpression {
        guard level < JUELParser.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while let op = takeOperator(JUELParser.levels[level]) {
            left = .binary(op, left, try binary(level: level + 1))
        }
        if level == 2, case .name("instanceof") = current.kind {
            throw ModelExpressionProblem(column: current.column, message: "`instanceof` is not supported")
        }
        return left
    }

    private mutating func unary() throws(ModelExpressionProblem) -> TargetExpression {
        let token = current
        let op: String? = switch token.kind {
        case .symbol("-"): "-"
        case .symbol("!"), .name("not"): "!"
        case .name("empty"): "empty"
        default: nil
        }
        guard let op else { return try postfix() }
        position += 1
        return try nested { (p: inout JUELParser) throws(ModelExpressionProblem) -> TargetExpression in
            let operand = try p.unary()
            return op == "empty" ? .call("isEmpty", [operand]) : .unary(op, operand)
        }
    }

    private mutating func postfix() throws(ModelExpressionProblem) -> TargetExpression {
        var target = try primary()
        while true {
            if take(".") {
                let token = current
                guard case .name(let name) = token.kind else { throw unexpected("a name after \".\"") }
                position += 1
                if take("(") {
                    target = try JUELMethods.translate(name, on: target, try arguments(), column: token.column)
                } else {
                    target = .member(target, name)
                }
            } else if take("[") {
                let index = try expression()
                try expect("]")
                target = .index(target, index)
            } else if current.kind == .symbol("(") {
                throw ModelExpressionProblem(column: current.column, message: "JUEL functions are not supported")
            } else {
                return target
            }
        }
    }

    private mutating func arguments() throws(ModelExpressionProblem) -> [TargetExpression] {
        var arguments: [TargetExpression] = []
        if !take(")") {
            repeat { arguments.append(try expression()) } while take(",")
            try expect(")")
        }
        return arguments
    }

    private mutating func primary() throws(ModelExpressionProblem) -> TargetExpression {
        let token = current
        switch token.kind {
        case .number(let digits): position += 1; return .number(digits)
        case .string(let s): position += 1; return .string(s)
        case .name("true"): position += 1; return .bool(true)
        case .name("false"): position += 1; return .bool(false)
        case .name("null"): position += 1; return .null
        case .name("execution"), .name("task"):
            return try JUELMethods.engineVariable(&position, tokens)
        case .name(let name):
            guard !JUELParser.reserved.contains(name) else { throw unexpected("a value") }
            position += 1
            if current.kind == .symbol(":"), case .name = peek(1).kind, peek(2).kind == .symbol("(") {
                throw ModelExpressionProblem(column: token.column, message: "JUEL functions (\(name):…) are not supported")
            }
            guard TargetPrinter.isSimpleName(name) else {
                throw ModelExpressionProblem(column: token.column, message: "the name `\(name)` has characters FlowStage names cannot have")
            }
            return .name(name)
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expect(")")
            return inner
        default:
            throw unexpected("a value")
        }
    }
}
