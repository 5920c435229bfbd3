/// Recursive-descent parser for the FEEL subset, translating as it goes into a
/// `TargetExpression`. Precedence, loosest first: `or`, `and`, comparison (`= != < <= > >=`,
/// `between`, `in`), `+ -`, `* /`, `**`, unary `-`, postfix (`.name`, `[filter]`, call).
/// `if`, `some`/`every` and `for` take a whole expression in each part, as in the FEEL grammar.
///
/// FEEL's `and`/`or` are three-valued (`null and false` is false, `null or true` is true, other
/// nulls stay null) while FlowStage's `&&`/`||` give the deciding operand; as conditions they
/// choose the same branch, which is what imported models use them for. Likewise, accepted
/// approximations: `=` is FlowStage's `==` (numeric text equals its number), `if` takes any
/// truthy condition (FEEL only `true`), `+` of text and a number concatenates (FEEL gives null),
/// and a path on a list (`orders.price`) is null rather than FEEL's list of members.
struct FEELParser {
    static let maximumLength = 4096
    static let maximumDepth = 64

    let tokens: [FEELToken]
    var position = 0
    private var depth = 0
    var bindings = FEELBindings()

    static let keywords: Set<String> = ["and", "or", "if", "then", "else", "some", "every", "in", "satisfies",
                                                "between", "instance", "of", "for", "return", "true", "false", "null", "function"]

    static func translate(_ source: String) throws(TranslationProblem) -> TargetExpression {
        guard source.count <= maximumLength else {
            throw TranslationProblem(column: maximumLength + 1, message: "an expression may have at most \(maximumLength) characters")
        }
        var parser = FEELParser(tokens: try FEELLexer.tokens(source).get())
        guard parser.current.kind != .end else { throw TranslationProblem(column: 1, message: "the expression is empty") }
        let target = try parser.expression()
        guard parser.current.kind == .end else { throw parser.unexpected("an operator or the end") }
        return target
    }

    private init(tokens: [FEELToken]) { self.tokens = tokens }

    // MARK: tokens

    var current: FEELToken { tokens[position] }

    func peek(_ offset: Int) -> FEELToken { tokens[Swift.min(position + offset, tokens.count - 1)] }

    func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    func isWord(_ word: String) -> Bool { current.kind == .name(word) }

    mutating func take(_ symbol: String) -> Bool {
        if isSymbol(symbol) { position += 1; return true }
        return false
    }

    mutating func takeWord(_ word: String) -> Bool {
        if isWord(word) { position += 1; return true }
        return false
    }

    mutating func expect(_ symbol: String) throws(TranslationProblem) {
        guard take(symbol) else { throw unexpected("\"\(symbol)\"") }
    }

    mutating func expectWord(_ word: String) throws(TranslationProblem) {
        guard takeWord(word) else { throw unexpected("`\(word)`") }
    }

    func unexpected(_ expected: String) -> TranslationProblem {
        if case .name(let name) = current.kind, position > 0, case .name(let previous) = tokens[position - 1].kind,
           !FEELParser.keywords.contains(name), !FEELParser.keywords.contains(previous) {
            return TranslationProblem(column: tokens[position - 1].column,
                                      message: "names with spaces (`\(previous) \(name)`) are not supported; use a name without spaces")
        }
        let found: String = switch current.kind {
        case .end: "the end"
        case .number(let n): n
        case .string(let s): "\"\(s)\""
        case .temporal(let s): "@\"\(s)\""
        case .name(let n): "`\(n)`"
        case .quotedName(let n): "`\(n)`"
        case .symbol(let s): "\"\(s)\""
        }
        return TranslationProblem(column: current.column, message: "expected \(expected), found \(found)")
    }

    private mutating func nested<T>(_ body: (inout FEELParser) throws(TranslationProblem) -> T) throws(TranslationProblem) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= FEELParser.maximumDepth else {
            throw TranslationProblem(column: current.column, message: "nesting deeper than \(FEELParser.maximumDepth) levels")
        }
        return try body(&self)
    }

    // MARK: operators

    mutating func expression() throws(TranslationProblem) -> TargetExpression {
        try nested { (p: inout FEELParser) throws(TranslationProblem) -> TargetExpression in try p.disjunction() }
    }

    private mutating func disjunction() throws(TranslationProblem) -> TargetExpression {
        var left = try conjunction()
        while takeWord("or") { left = .binary("||", left, try conjunction()) }
        return left
    }

    private mutating func conjunction() throws(TranslationProblem) -> TargetExpression {
        var left = try comparison()
        while takeWord("and") { left = .binary("&&", left, try comparison()) }
        return left
    }

    private static let comparisons = ["=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="]

    private mutating func comparison() throws(TranslationProblem) -> TargetExpression {
        var left = try additive()
        while case .symbol(let symbol) = current.kind, let op = FEELParser.comparisons[symbol] {
            position += 1
            left = .binary(op, left, try additive())
        }
        if takeWord("between") {
            let low = try additive()
            try expectWord("and")
            let high = try additive()
            return .binary("&&", .binary(">=", left, low), .binary("<=", left, high))
        }
        if takeWord("in") { return try membership(left) }
        if isWord("instance"), peek(1).kind == .name("of") {
            throw TranslationProblem(column: current.column, message: "`instance of` is not supported")
        }
        return left
    }

    /// `x in …`: a range `[1..10]`, a list `[a, b]`, values `(a, b)`, a test `< 10`, or a list-valued expression.
    private mutating func membership(_ subject: TargetExpression) throws(TranslationProblem) -> TargetExpression {
        if case .symbol(let symbol) = current.kind, ["<", "<=", ">", ">="].contains(symbol) {
            position += 1
            return .binary(symbol, subject, try additive())
        }
        guard isSymbol("[") || isSymbol("(") || isSymbol("]") else {
            let column = current.column
            let values = try additive()
            switch values {
            case .number, .string, .bool, .null: return .binary("==", subject, values)
            case .list, .name, .member, .index, .call: return .call("contains", [values, subject])
            default: throw TranslationProblem(column: column, message: "`in` needs a list, a range or values in parentheses")
            }
        }
        let opener = current
        position += 1
        var first: [TargetExpression] = []
        if !(opener.kind == .symbol("[") && isSymbol("]")) { first.append(try expression()) }
        if take("..") {
            let high = try expression()
            let closer = current
            guard isSymbol("]") || isSymbol(")") || isSymbol("[") else { throw unexpected("\"]\" or \")\" closing the range") }
            position += 1
            let lowOp = opener.kind == .symbol("[") ? ">=" : ">"
            let highOp = closer.kind == .symbol("]") ? "<=" : "<"
            return .binary("&&", .binary(lowOp, subject, first[0]), .binary(highOp, subject, high))
        }
        guard opener.kind != .symbol("]") else { throw unexpected("\"..\" of a range") }
        let closing = opener.kind == .symbol("[") ? "]" : ")"
        if !first.isEmpty {
            while take(",") { first.append(try expression()) }
        }
        try expect(closing)
        if closing == "]" { return .call("contains", [.list(first), subject]) }
        var test = TargetExpression.binary("==", subject, first[0])
        for value in first.dropFirst() { test = .binary("||", test, .binary("==", subject, value)) }
        return test
    }

    private mutating func additive() throws(TranslationProblem) -> TargetExpression {
        var left = try multiplicative()
        while case .symbol(let op) = current.kind, op == "+" || op == "-" {
            position += 1
            left = .binary(op, left, try multiplicative())
        }
        return left
    }

    private mutating func multiplicative() throws(TranslationProblem) -> TargetExpression {
        var left = try power()
        while case .symbol(let op) = current.kind, op == "*" || op == "/" {
            position += 1
            left = .binary(op, left, try power())
        }
        return left
    }

    private mutating func power() throws(TranslationProblem) -> TargetExpression {
        let base = try unary()
        if isSymbol("**") {
            throw TranslationProblem(column: current.column, message: "the power operator ** is not supported")
        }
        return base
    }

    mutating func unary() throws(TranslationProblem) -> TargetExpression {
        guard take("-") else { return try postfix() }
        return try nested { (p: inout FEELParser) throws(TranslationProblem) -> TargetExpression in .unary("-", try p.unary()) }
    }
}
