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

    private let tokens: [FEELToken]
    private var position = 0
    private var depth = 0
    private var bindings = FEELBindings()

    private static let keywords: Set<String> = ["and", "or", "if", "then", "else", "some", "every", "in", "satisfies",
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

    private var current: FEELToken { tokens[position] }

    private func peek(_ offset: Int) -> FEELToken { tokens[Swift.min(position + offset, tokens.count - 1)] }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private func isWord(_ word: String) -> Bool { current.kind == .name(word) }

    private mutating func take(_ symbol: String) -> Bool {
        if isSymbol(symbol) { position += 1; return true }
        return false
    }

    private mutating func takeWord(_ word: String) -> Bool {
        if isWord(word) { position += 1; return true }
        return false
    }

    private mutating func expect(_ symbol: String) throws(TranslationProblem) {
        guard take(symbol) else { throw unexpected("\"\(symbol)\"") }
    }

    private mutating func expectWord(_ word: String) throws(TranslationProblem) {
        guard takeWord(word) else { throw unexpected("`\(word)`") }
    }

    private func unexpected(_ expected: String) -> TranslationProblem {
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

    private mutating func unary() throws(TranslationProblem) -> TargetExpression {
        guard take("-") else { return try postfix() }
        return try nested { (p: inout FEELParser) throws(TranslationProblem) -> TargetExpression in .unary("-", try p.unary()) }
    }

    // MARK: postfix and primaries

    /// A context literal is kept apart until one of its entries is read (`{…}.total`).
    private enum Value {
        case target(TargetExpression)
        case context([(key: String, value: TargetExpression)], column: Int)
    }

    private mutating func postfix() throws(TranslationProblem) -> TargetExpression {
        var value = try primary()
        while true {
            if take(".") {
                let column = current.column
                let name: String
                switch current.kind {
                case .name(let n), .quotedName(let n): name = n
                default: throw unexpected("a name after \".\"")
                }
                position += 1
                switch value {
                case .target(let base): value = .target(.member(base, name))
                case .context(let entries, _): value = .target(entries.last { $0.key == name }?.value ?? .null)
                }
                if isSymbol("(") {
                    throw TranslationProblem(column: column, message: "calling `\(name)()` on a value is not supported")
                }
            } else if isSymbol("[") {
                value = .target(try filter(try FEELParser.plain(value)))
            } else if isSymbol("(") {
                throw TranslationProblem(column: current.column, message: "only built-in functions can be called")
            } else {
                return try FEELParser.plain(value)
            }
        }
    }

    private static func plain(_ value: Value) throws(TranslationProblem) -> TargetExpression {
        switch value {
        case .target(let target): return target
        case .context(_, let column):
            throw TranslationProblem(column: column, message: "a FEEL context {…} is supported only when one of its entries is read right away, as in {…}.total")
        }
    }

    /// `list[1]` (1-based), `list[-1]` (from the end), or `list[item.price > 10]` (a filter naming `item`).
    private mutating func filter(_ base: TargetExpression) throws(TranslationProblem) -> TargetExpression {
        let column = current.column
        try expect("[")
        bindings.enterElementScope("item")
        let inside: TargetExpression
        do { inside = try expression() } catch { _ = bindings.leaveElementScope(); throw error }
        let usesItem = bindings.leaveElementScope()
        try expect("]")
        switch inside {
        case .number(let digits):
            guard let n = Int(digits), n >= 1 else {
                throw TranslationProblem(column: column, message: "a list index must be a whole number from 1, or negative from the end")
            }
            return .index(base, .number(String(n - 1)))
        case .unary("-", .number(let digits)):
            guard let n = Int(digits), n >= 1 else {
                throw TranslationProblem(column: column, message: "a list index must be a whole number from 1, or negative from the end")
            }
            return .index(base, .binary("-", .call("len", [base]), .number(String(n))))
        default:
            guard usesItem else {
                throw TranslationProblem(column: column, message: "a filter must name the element `item` (orders[item.price > 10]) and an index must be a number")
            }
            return .call("filter", [base, inside])
        }
    }

    private mutating func primary() throws(TranslationProblem) -> Value {
        let token = current
        switch token.kind {
        case .number(let digits): position += 1; return .target(.number(digits))
        case .string(let s): position += 1; return .target(.string(s))
        case .temporal(let s):
            position += 1
            guard s.count == 10 else {
                throw TranslationProblem(column: token.column, message: "only date literals like @\"2024-05-31\" are supported")
            }
            return .target(.call("date", [.string(s)]))
        case .quotedName(let name):
            position += 1
            return .target(try reference(name, column: token.column))
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expect(")")
            return .target(inner)
        case .symbol("["):
            position += 1
            var items: [TargetExpression] = []
            if !take("]") {
                repeat { items.append(try expression()) } while take(",")
                try expect("]")
            }
            return .target(.list(items))
        case .symbol("{"):
            return try context()
        case .name(let word):
            return .target(try named(word, column: token.column))
        default:
            throw unexpected("a value")
        }
    }

    private mutating func named(_ word: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        switch word {
        case "true": position += 1; return .bool(true)
        case "false": position += 1; return .bool(false)
        case "null": position += 1; return .null
        case "if":
            position += 1
            let condition = try expression()
            try expectWord("then")
            let then = try expression()
            try expectWord("else")
            return .conditional(condition, then, try expression())
        case "some", "every": return try quantifier(every: word == "every")
        case "for":
            throw TranslationProblem(column: column, message: "`for … in … return` loops are not supported")
        case "function":
            throw TranslationProblem(column: column, message: "function definitions are not supported")
        default: break
        }
        if let (name, length) = functionName(), peek(length).kind == .symbol("(") {
            position += length + 1
            return try call(name, column: column)
        }
        guard !FEELParser.keywords.contains(word) else { throw unexpected("a value") }
        position += 1
        return try reference(word, column: column)
    }

    /// The longest FEEL function name, possibly of several words (`string length`), starting here.
    private func functionName() -> (String, Int)? {
        var words: [String] = []
        var best: (String, Int)?
        for offset in 0..<FEELFunctions.maximumWords {
            guard case .name(let word) = peek(offset).kind else { break }
            words.append(word)
            let name = words.joined(separator: " ")
            if words.count == 1 || FEELFunctions.multiWordNames.contains(name) {
                if peek(offset + 1).kind == .symbol("(") { best = (name, offset + 1) }
            }
        }
        return best
    }

    private mutating func call(_ name: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        var arguments: [TargetExpression] = []
        if !take(")") {
            repeat {
                if case .name(let n) = current.kind, peek(1).kind == .symbol(":") {
                    throw TranslationProblem(column: current.column, message: "named arguments (\(n): …) are not supported")
                }
                arguments.append(try expression())
            } while take(",")
            try expect(")")
        }
        return try FEELFunctions.translate(name, arguments, column: column)
    }

    private mutating func reference(_ name: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        if let bound = try bindings.resolve(name, column: column) { return bound }
        guard TargetPrinter.isSimpleName(name) else {
            throw TranslationProblem(column: column, message: "the name `\(name)` has characters FlowStage names cannot have")
        }
        return .name(name)
    }

    /// `some x in list satisfies c` → `any(list, c)` with `x` as `$item`; `every` → `all`.
    private mutating func quantifier(every: Bool) throws(TranslationProblem) -> TargetExpression {
        position += 1
        guard case .name(let variable) = current.kind, !FEELParser.keywords.contains(variable) else {
            throw unexpected("the name of the element")
        }
        position += 1
        try expectWord("in")
        let list = try expression()
        if isSymbol(",") {
            throw TranslationProblem(column: current.column, message: "`some`/`every` over several lists is not supported")
        }
        try expectWord("satisfies")
        bindings.enterElementScope(variable)
        let condition: TargetExpression
        do { condition = try expression() } catch { _ = bindings.leaveElementScope(); throw error }
        _ = bindings.leaveElementScope()
        return .call(every ? "all" : "any", [list, condition])
    }

    /// `{a: 1, b: a + 1}`: later entries may use earlier ones, substituted by their translation.
    private mutating func context() throws(TranslationProblem) -> Value {
        let column = current.column
        position += 1
        var entries: [(key: String, value: TargetExpression)] = []
        defer { bindings.unbind(count: entries.count) }
        if !take("}") {
            repeat {
                var words: [String] = []
                switch current.kind {
                case .string(let s): words = [s]; position += 1
                case .quotedName(let s): words = [s]; position += 1
                default:
                    while case .name(let word) = current.kind { words.append(word); position += 1 }
                }
                guard !words.isEmpty else { throw unexpected("the name of a context entry") }
                try expect(":")
                let key = words.joined(separator: " ")
                let value = try expression()
                entries.append((key, value))
                bindings.bind(key, to: value)
            } while take(",")
            try expect("}")
        }
        return .context(entries, column: column)
    }
}
