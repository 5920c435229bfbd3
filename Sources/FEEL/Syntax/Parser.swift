/// Reads FEEL source into a `Node` (DMN 1.5, chapter 10.3.1), by recursive descent with the
/// precedence of the grammar: `if`/`for`/`some`/`every`/`function`, then `or`, `and`,
/// comparisons (`=`, `between`, `in`, `instance of`), `+ -`, `* /`, `**` (left associative),
/// negation, and the postfix path, filter and invocation.
///
/// Names may hold spaces: consecutive words that are not keywords are one name
/// (`monthly salary * 12`). Names with keywords or symbols come whole from the lexer.
struct Parser {
    static let maximumLength = 20_000
    static let maximumDepth = 96
    /// Levels of the tree the interpreter walks recursively: nesting plus operators in a row
    /// (`1 + 1 + …`, `a.b.c…`, `xs[1][1]…`), so no source can exhaust the stack.
    static let maximumHeight = 320

    private var tokens: [Token]
    private var index = 0
    private var depth = 0
    /// Operators of the chains being read (each makes the tree one level higher).
    private var links = 0
    /// Names the expression binds at this point (parameters, `for`/`some` variables, context
    /// entries), innermost last: a call of one of them is not a built-in's.
    private var bound: [String] = []
    /// False while reading an interval's end (see `rangeEndpoint`); brackets inside it allow filters again.
    private var filtersAllowed = true

    /// Words that end a name: the operators and the words between parts of a construct.
    static let stopWords: Set<String> = ["and", "or", "in", "between", "instance", "then", "else", "return", "satisfies"]
    static let keywords: Set<String> = stopWords.union(["if", "for", "some", "every", "function", "true", "false", "null", "external"])

    /// Types by name beyond FEEL's own (a DMN model's item definitions).
    private let namedTypes: [String: FEELType]

    /// The source, for context keys written with symbols (`{foo+bar: 1}`).
    private let source: [Unicode.Scalar]

    private init(tokens: [Token], namedTypes: [String: FEELType], source: String) {
        self.tokens = tokens
        self.namedTypes = namedTypes
        self.source = Array(source.unicodeScalars)
    }

    static func parseExpression(_ source: String, knownNames: KnownNames, namedTypes: [String: FEELType] = [:]) throws(FEELSyntaxError) -> Node {
        var parser = try Parser(tokens: tokens(source, knownNames), namedTypes: namedTypes, source: source)
        let node = try parser.expression()
        try parser.expectEnd()
        return node
    }

    /// A type name alone (a DMN `typeRef` such as `list<number>` or `tPerson`).
    static func parseType(_ source: String, namedTypes: [String: FEELType]) throws(FEELSyntaxError) -> FEELType {
        var parser = try Parser(tokens: tokens(source, BuiltinFunctions.knownNames), namedTypes: namedTypes, source: source)
        let type = try parser.type()
        try parser.expectEnd()
        return type
    }

    /// Unary tests (DMN 1.5 rule 17): `-`, a comma list of positive unary tests, or `not(…)`.
    /// The result is a list of tests and whether it is negated.
    static func parseUnaryTests(_ source: String, knownNames: KnownNames,
                                namedTypes: [String: FEELType] = [:]) throws(FEELSyntaxError) -> (tests: [Node], negated: Bool) {
        var parser = try Parser(tokens: tokens(source, knownNames), namedTypes: namedTypes, source: source)
        if parser.isSymbol("-"), case .end = parser.token(1).kind {
            return ([.anything], false)
        }
        if parser.isWord("not"), parser.isSymbol("(", ahead: 1) {
            let save = parser.index
            parser.index += 2
            if let tests = try? parser.positiveUnaryTests(closing: ")"), parser.isEnd {
                return (tests, true)
            }
            parser.index = save
        }
        var tests = [try parser.positiveUnaryTest()]
        while parser.isSymbol(",") {
            parser.index += 1
            tests.append(try parser.positiveUnaryTest())
        }
        try parser.expectEnd()
        return (tests, false)
    }

    private static func tokens(_ source: String, _ knownNames: KnownNames) throws(FEELSyntaxError) -> [Token] {
        guard source.unicodeScalars.count <= maximumLength else {
            throw FEELSyntaxError("an expression may have at most \(maximumLength) characters", at: maximumLength)
        }
        return try Lexer.tokens(source, knownNames: knownNames)
    }

    // MARK: Tokens

    private func token(_ ahead: Int = 0) -> Token { tokens[Swift.min(index + ahead, tokens.count - 1)] }
    private var isEnd: Bool { token().kind == .end }

    private func isSymbol(_ symbol: String, ahead: Int = 0) -> Bool { token(ahead).kind == .symbol(symbol) }
    private func isWord(_ word: String, ahead: Int = 0) -> Bool { token(ahead).kind == .name(word) }

    private mutating func take(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func takeWord(_ word: String) -> Bool {
        guard isWord(word) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ what: String) throws(FEELSyntaxError) {
        guard take(symbol) else { throw unexpected(expecting: what) }
    }

    private mutating func expectWord(_ word: String, _ what: String) throws(FEELSyntaxError) {
        guard takeWord(word) else { throw unexpected(expecting: what) }
    }

    private func expectEnd() throws(FEELSyntaxError) {
        guard isEnd else { throw unexpected(expecting: "the end of the expression") }
    }

    private func unexpected(expecting what: String) -> FEELSyntaxError {
        let found: String = switch token().kind {
        case .end: "the end of the expression"
        case .name(let text), .quotedName(let text): "\"\(text)\""
        case .number(let number): number.text
        case .string: "a string"
        case .temporal: "a @\"…\" literal"
        case .symbol(let symbol): "\"\(symbol)\""
        }
        return FEELSyntaxError("expected \(what) but found \(found)", at: token().start)
    }

    /// A name at the current token: a plain word (with the words after it that are not
    /// keywords), a known name, or a name in backticks. nil when there is none.
    private mutating func name(allowKeywords: Bool = false) -> String? {
        switch token().kind {
        case .quotedName(let text):
            index += 1
            return text
        case .name(let word):
            guard allowKeywords || !Parser.keywords.contains(word) else { return nil }
            index += 1
            var text = word
            while case .name(let next) = token().kind, !Parser.keywords.contains(next) {
                text += " " + next
                index += 1
            }
            return text
        default:
            return nil
        }
    }

    private mutating func nested<T>(_ body: (inout Parser) throws(FEELSyntaxError) -> T) throws(FEELSyntaxError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maximumDepth else {
            throw FEELSyntaxError("the expression nests more than \(Parser.maximumDepth) levels deep", at: token().start)
        }
        return try body(&self)
    }

    /// One more operator in a chain, counted until the function reading the chain returns
    /// (`defer { links -= count }`).
    private mutating func link(_ count: inout Int) throws(FEELSyntaxError) {
        count += 1
        links += 1
        guard depth + links <= Parser.maximumHeight else {
            throw FEELSyntaxError("the expression has more than \(Parser.maximumHeight) operators and brackets inside each other", at: token().start)
        }
    }

    private mutating func withBound<T>(_ names: [String], _ body: (inout Parser) throws(FEELSyntaxError) -> T) throws(FEELSyntaxError) -> T {
        bound += names
        defer { bound.removeLast(names.count) }
        return try body(&self)
    }

    // MARK: Expressions

    mutating func expression() throws(FEELSyntaxError) -> Node {
        try nested { (parser: inout Parser) throws(FEELSyntaxError) -> Node in
            if case .name(let word) = parser.token().kind {
                switch word {
                case "if": return try parser.ifExpression()
                case "for": return try parser.forExpression()
                case "some", "every":
                    // `every`/`some` as a function name (`every([true])`) is a call.
                    if !parser.isSymbol("(", ahead: 1) { return try parser.quantified(every: word == "every") }
                case "function": return try parser.functionDefinition()
                default: break
                }
            }
            return try parser.disjunction()
        }
    }

    private mutating func ifExpression() throws(FEELSyntaxError) -> Node {
        index += 1
        let condition = try expression()
        try expectWord("then", "\"then\"")
        let then = try expression()
        try expectWord("else", "\"else\" (a FEEL if always has one)")
        return .ifThenElse(condition, then, try expression())
    }

    private mutating func iterations(into names: inout [String]) throws(FEELSyntaxError) -> [Node.Iteration] {
        var iterations: [Node.Iteration] = []
        repeat {
            guard let variable = name() else { throw unexpected(expecting: "a variable name") }
            try expectWord("in", "\"in\"")
            let source = try withBound(names) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
            var rangeEnd: Node?
            if take("..") {
                rangeEnd = try withBound(names) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
            }
            iterations.append(Node.Iteration(name: variable, source: source, rangeEnd: rangeEnd))
            names.append(variable)
        } while take(",")
        return iterations
    }

    private mutating func forExpression() throws(FEELSyntaxError) -> Node {
        let at = token().start
        index += 1
        var names: [String] = []
        let iterations = try iterations(into: &names)
        try expectWord("return", "\"return\"")
        let body = try withBound(names + ["partial"]) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
        return .forLoop(iterations, body, at: at)
    }

    private mutating func quantified(every: Bool) throws(FEELSyntaxError) -> Node {
        index += 1
        var names: [String] = []
        let iterations = try iterations(into: &names)
        try expectWord("satisfies", "\"satisfies\"")
        let body = try withBound(names) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
        return .quantified(every: every, iterations, body)
    }

    private mutating func functionDefinition() throws(FEELSyntaxError) -> Node {
        index += 1
        try expect("(", "\"(\" after function")
        var parameters: [(name: String, type: FEELType?)] = []
        if !take(")") {
            repeat {
                guard let parameter = name() else { throw unexpected(expecting: "a parameter name") }
                var type: FEELType?
                if take(":") { type = try self.type() }
                parameters.append((parameter, type))
            } while take(",")
            try expect(")", "\")\" after the parameters")
        }
        let external = takeWord("external")
        let body = try withBound(parameters.map(\.name)) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
        return .functionDefinition(parameters: parameters, body: body, external: external)
    }

    private mutating func disjunction() throws(FEELSyntaxError) -> Node {
        var left = try conjunction()
        var count = 0
        defer { links -= count }
        while isWord("or") {
            try link(&count)
            index += 1
            left = .or(left, try conjunction())
        }
        return left
    }

    private mutating func conjunction() throws(FEELSyntaxError) -> Node {
        var left = try comparison()
        var count = 0
        defer { links -= count }
        while isWord("and") {
            try link(&count)
            index += 1
            left = .and(left, try comparison())
        }
        return left
    }

    private mutating func comparison() throws(FEELSyntaxError) -> Node {
        var left = try additive()
        var count = 0
        defer { links -= count }
        while true {
            let at = token().start
            let isComparison: Bool = if case .symbol(let symbol) = token().kind { ComparisonOperator(rawValue: symbol) != nil } else { false }
            if isComparison || isWord("between") || isWord("in") || (isWord("instance") && isWord("of", ahead: 1)) {
                try link(&count)
            }
            if case .symbol(let symbol) = token().kind, let op = ComparisonOperator(rawValue: symbol) {
                index += 1
                left = .comparison(op, left, try additive(), at: at)
            } else if takeWord("between") {
                let low = try additive()
                try expectWord("and", "\"and\" in between … and …")
                left = .between(left, low, try additive(), at: at)
            } else if takeWord("in") {
                left = .inTests(left, try inOperand(), at: at)
            } else if isWord("instance"), isWord("of", ahead: 1) {
                index += 2
                left = .instanceOf(left, try type())
            } else {
                return left
            }
        }
    }

    /// After `in`: one positive unary test, or several in parentheses (`x in (1, 2, > 5)`).
    private mutating func inOperand() throws(FEELSyntaxError) -> [Node] {
        if isSymbol("(") {
            let save = index
            index += 1
            if let tests = try? positiveUnaryTests(closing: ")") {
                if tests.count > 1 { return tests }
                // One test in parentheses may be an interval `(1..5)`, read as a primary below.
                if !isSymbol("..") && !isSymbol("]") && !isSymbol("[") { return tests }
            }
            index = save
        }
        return [try positiveUnaryTest()]
    }

    private mutating func positiveUnaryTests(closing: String) throws(FEELSyntaxError) -> [Node] {
        var tests = [try positiveUnaryTest()]
        while take(",") { tests.append(try positiveUnaryTest()) }
        try expect(closing, "\"\(closing)\"")
        return tests
    }

    /// `< 5`, `>= x`, `= "a"`, `!= 0`, an interval, or any expression.
    private mutating func positiveUnaryTest() throws(FEELSyntaxError) -> Node {
        if let comparison = try unaryComparison() { return comparison }
        return try expression()
    }

    /// `< e`, `<= e`, `> e`, `>= e`, `= e`, `!= e`: a range value that is also a unary test;
    /// nil when the current token is no such operator.
    private mutating func unaryComparison() throws(FEELSyntaxError) -> Node? {
        guard case .symbol(let symbol) = token().kind, let op = ComparisonOperator(rawValue: symbol) else { return nil }
        let at = token().start
        index += 1
        return .unaryRange(op, try rangeEndpoint(), at: at)
    }

    /// An interval's or comparison's end: an expression without a filter at its top level,
    /// so `[1..10[` closes the interval rather than filtering 10.
    private mutating func rangeEndpoint() throws(FEELSyntaxError) -> Node {
        let saved = filtersAllowed
        filtersAllowed = false
        defer { filtersAllowed = saved }
        return try additive()
    }

    private mutating func additive() throws(FEELSyntaxError) -> Node {
        var left = try multiplicative()
        var count = 0
        defer { links -= count }
        while case .symbol(let symbol) = token().kind, symbol == "+" || symbol == "-" {
            let at = token().start
            try link(&count)
            index += 1
            left = .arithmetic(symbol == "+" ? .add : .subtract, left, try multiplicative(), at: at)
        }
        return left
    }

    private mutating func multiplicative() throws(FEELSyntaxError) -> Node {
        var left = try exponentiation()
        var count = 0
        defer { links -= count }
        while case .symbol(let symbol) = token().kind, symbol == "*" || symbol == "/" {
            let at = token().start
            try link(&count)
            index += 1
            left = .arithmetic(symbol == "*" ? .multiply : .divide, left, try exponentiation(), at: at)
        }
        return left
    }

    private mutating func exponentiation() throws(FEELSyntaxError) -> Node {
        var left = try negation()
        var count = 0
        defer { links -= count }
        while isSymbol("**") {
            let at = token().start
            try link(&count)
            index += 1
            left = .arithmetic(.power, left, try negation(), at: at)
        }
        return left
    }

    private mutating func negation() throws(FEELSyntaxError) -> Node {
        guard isSymbol("-") else { return try postfix() }
        let at = token().start
        index += 1
        let operand = try nested { (parser: inout Parser) throws(FEELSyntaxError) in try parser.negation() }
        if case .literal(.number(let number)) = operand { return .literal(.number(number.negated)) }
        return .negation(operand, at: at)
    }

    private mutating func postfix() throws(FEELSyntaxError) -> Node {
        var node = try primary()
        var count = 0
        defer { links -= count }
        while true {
            let at = token().start
            if isSymbol(".") || isSymbol("(") || (filtersAllowed && isSymbol("[")) { try link(&count) }
            if take(".") {
                guard let member = name(allowKeywords: true) else { throw unexpected(expecting: "a name after \".\"") }
                node = .path(node, member, at: at)
            } else if filtersAllowed, take("[") {
                let condition = try withBound(["item"]) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
                try expect("]", "\"]\" to close the filter")
                node = .filter(node, condition, at: at)
            } else if take("(") {
                node = try invocation(of: node, at: at)
            } else {
                return node
            }
        }
    }

    private mutating func invocation(of callee: Node, at: Int) throws(FEELSyntaxError) -> Node {
        var arguments = Node.Arguments.positional([])
        if !take(")") {
            let isNamed: Bool = {
                var probe = self
                return probe.name() != nil && probe.isSymbol(":")
            }()
            if isNamed {
                var pairs: [(name: String, value: Node)] = []
                repeat {
                    guard let parameter = name() else { throw unexpected(expecting: "a parameter name") }
                    try expect(":", "\":\" after the parameter name")
                    pairs.append((parameter, try expression()))
                } while take(",")
                arguments = .named(pairs)
            } else {
                var nodes: [Node] = []
                repeat { nodes.append(try expression()) } while take(",")
                arguments = .positional(nodes)
            }
            try expect(")", "\")\" to close the call")
        }
        if case .name(let function, let nameAt) = callee, !bound.contains(function) {
            if function == "is defined", case .positional(let nodes) = arguments, nodes.count == 1 {
                return .isDefined(nodes[0])
            }
            if BuiltinFunctions.exists(function) { return .builtinCall(function, arguments, at: nameAt) }
        }
        return .call(callee, arguments, at: at)
    }

    private mutating func primary() throws(FEELSyntaxError) -> Node {
        let current = token()
        switch current.kind {
        case .number(let number):
            index += 1
            return .literal(.number(number))
        case .string(let text):
            index += 1
            return .literal(.string(text))
        case .temporal(let text):
            index += 1
            guard let value = TemporalParsing.literal(text) else {
                throw FEELSyntaxError("@\"\(text)\" is not a date, time, date and time or duration", at: current.start)
            }
            return .literal(value)
        case .quotedName(let text):
            index += 1
            return .name(text, at: current.start)
        case .name(let word):
            switch word {
            case "true": index += 1; return .literal(.bool(true))
            case "false": index += 1; return .literal(.bool(false))
            case "null": index += 1; return .literal(.null)
            case "if", "for", "some", "every", "function":
                if word == "some" || word == "every", isSymbol("(", ahead: 1) { break }
                return try expression()
            default: break
            }
            guard let text = name(allowKeywords: word == "some" || word == "every") else {
                throw unexpected(expecting: "a value")
            }
            return .name(text, at: current.start)
        case .symbol(let symbol):
            switch symbol {
            case "(": return try parenthesized()
            case "[": return try bracketed()
            case "]": return try openStartRange()
            case "{": return try context()
            case "<", "<=", ">", ">=":
                if let range = try unaryComparison() { return range }
            default: break
            }
        case .end:
            break
        }
        throw unexpected(expecting: "a value")
    }

    /// `(e)`, or an interval `(a..b)` / `(a..b]`.
    private mutating func parenthesized() throws(FEELSyntaxError) -> Node {
        let at = token().start
        index += 1
        let saved = filtersAllowed
        filtersAllowed = true
        defer { filtersAllowed = saved }
        if let comparison = try unaryComparison() {
            try expect(")", "\")\"")
            return comparison
        }
        let first = try expression()
        if take("..") { return try rangeEnd(start: first, startIncluded: false, at: at) }
        try expect(")", "\")\"")
        return first
    }

    /// `[a, b]`, `[]`, or an interval `[a..b]` / `[a..b)` / `[a..b[`.
    private mutating func bracketed() throws(FEELSyntaxError) -> Node {
        let at = token().start
        index += 1
        let saved = filtersAllowed
        filtersAllowed = true
        defer { filtersAllowed = saved }
        if take("]") { return .list([]) }
        let first = try expression()
        if take("..") { return try rangeEnd(start: first, startIncluded: true, at: at) }
        var items = [first]
        while take(",") { items.append(try expression()) }
        try expect("]", "\"]\" to close the list")
        return .list(items)
    }

    /// `]a..b]`, `]a..b[`: an interval that excludes its start.
    private mutating func openStartRange() throws(FEELSyntaxError) -> Node {
        let at = token().start
        index += 1
        let start = try rangeEndpoint()
        try expect("..", "\"..\" in an interval")
        return try rangeEnd(start: start, startIncluded: false, at: at)
    }

    private mutating func rangeEnd(start: Node, startIncluded: Bool, at: Int) throws(FEELSyntaxError) -> Node {
        let end = try rangeEndpoint()
        let included: Bool
        if take("]") { included = true } else if take(")") || take("[") { included = false } else {
            throw unexpected(expecting: "\"]\", \")\" or \"[\" to close the interval")
        }
        return .range(start: start, end: end, startIncluded: startIncluded, endIncluded: included, at: at)
    }

    /// `{a: 1, "b c": a + 1}`: each entry sees the ones before it.
    private mutating func context() throws(FEELSyntaxError) -> Node {
        index += 1
        var entries: [(key: String, value: Node)] = []
        if take("}") { return .context([]) }
        repeat {
            let key: String
            let keyStart = token().start
            if case .string(let text) = token().kind {
                index += 1
                key = text
            } else if let text = try contextKey() {
                key = text
            } else {
                throw unexpected(expecting: "a context entry's name")
            }
            try expect(":", "\":\" after the entry's name")
            if entries.contains(where: { $0.key == key }) {
                throw FEELSyntaxError("the context has two entries named \"\(key)\"", at: keyStart)
            }
            let value = try withBound(entries.map(\.key)) { (parser: inout Parser) throws(FEELSyntaxError) in try parser.expression() }
            entries.append((key, value))
        } while take(",")
        try expect("}", "\"}\" to close the context")
        return .context(entries)
    }

    /// A context entry's name as written up to its `:`: words, and the symbols a DMN name may
    /// hold (`.`, `/`, `-`, `'`, `+`, `*`); nil when there is none. A name not followed by `:`
    /// is an error at the token after it (`{a 1}` lacks the colon, not a name).
    private mutating func contextKey() throws(FEELSyntaxError) -> String? {
        let first = index
        while true {
            switch token().kind {
            case .name, .quotedName, .number: index += 1
            case .symbol(let symbol) where [".", "/", "-", "+", "*", "'"].contains(symbol): index += 1
            case .symbol(":") where index > first:
                if index == first + 1, case .quotedName(let text) = tokens[first].kind { return text }
                return Lexer.normalizedName(source[tokens[first].start..<tokens[index - 1].end])
            default:
                if index > first, case .name = tokens[first].kind { throw unexpected(expecting: "\":\" after the entry's name") }
                index = first
                return nil
            }
        }
    }

    // MARK: Types

    /// A type after `instance of` or `:` in a function's parameters (DMN 1.5 rule 54).
    private mutating func type() throws(FEELSyntaxError) -> FEELType {
        let at = token().start
        if isWord("function"), isSymbol("<", ahead: 1) {
            index += 2
            var parameters: [FEELType] = []
            if !take(">") {
                repeat { parameters.append(try type()) } while take(",")
                try expect(">", "\">\"")
            }
            try expect("->", "\"->\" and the result type")
            return .function(parameters, try type())
        }
        guard let text = name(allowKeywords: true) else { throw unexpected(expecting: "a type name") }
        if take("<") {
            switch text {
            case "list":
                let item = try type()
                try expect(">", "\">\"")
                return .list(item)
            case "range":
                let element = try type()
                try expect(">", "\">\"")
                return .range(element)
            case "context":
                var fields: [String: FEELType] = [:]
                repeat {
                    guard let field = name(allowKeywords: true) else { throw unexpected(expecting: "a context field name") }
                    try expect(":", "\":\"")
                    fields[field] = try type()
                } while take(",")
                try expect(">", "\">\"")
                return .context(fields)
            default:
                throw FEELSyntaxError("\(text)<…> is not a type; the parameterized types are list, range, context and function", at: at)
            }
        }
        return FEELType.simple(text) ?? namedTypes[text] ?? .named(text)
    }
}
