import Foundation

/// Recursive-descent parser for the grammar in spec/expressions.md.
/// Unknown functions and wrong argument counts are syntax errors, so they show at load; so is
/// an expression whose worst case could pass the evaluation budget (`WorkBound`).
struct Parser {
    static let maximumLength = 4096
    static let maximumDepth = 64

    private let tokens: [Token]
    private var position = 0
    private var depth = 0

    static func parse(_ source: String) throws(ExpressionError) -> Syntax {
        guard source.count <= maximumLength else {
            throw ExpressionError(column: maximumLength + 1, message: "an expression may have at most \(maximumLength) characters")
        }
        var parser = Parser(tokens: try Lexer.tokens(source))
        guard parser.current.kind != .end else { throw ExpressionError(column: 1, message: "the expression is empty") }
        let syntax = try parser.expression()
        guard parser.current.kind == .end else { throw parser.unexpected("an operator or the end") }
        try WorkBound.check(syntax)
        return syntax
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token { tokens[position] }

    private func unexpected(_ expected: String) -> ExpressionError {
        let found: String = switch current.kind {
        case .end: "the end"
        case .number(let n): JSONValue.format(n)
        case .string(let s): "\"\(s)\""
        case .name(let n): n
        case .path(let p): "${\(p)}"
        case .symbol(let s): "\"\(s)\""
        }
        return ExpressionError(column: current.column, message: "expected \(expected), found \(found)")
    }

    private mutating func take(_ symbol: String) -> Bool {
        if current.kind == .symbol(symbol) { position += 1; return true }
        return false
    }

    private mutating func expect(_ symbol: String) throws(ExpressionError) {
        guard take(symbol) else { throw unexpected("\"\(symbol)\"") }
    }

    private mutating func nested<T>(_ body: (inout Parser) throws(ExpressionError) -> T) throws(ExpressionError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maximumDepth else {
            throw ExpressionError(column: current.column, message: "nesting deeper than \(Parser.maximumDepth) levels")
        }
        return try body(&self)
    }

    private mutating func expression() throws(ExpressionError) -> Syntax {
        try nested { (p: inout Parser) throws(ExpressionError) -> Syntax in
            let condition = try p.binary(level: 0)
            guard p.take("?") else { return condition }
            let then = try p.expression()
            try p.expect(":")
            return .conditional(condition, then, try p.expression())
        }
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!=", "===", "!=="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(level: Int) throws(ExpressionError) -> Syntax {
        guard level < Parser.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while case .symbol(let symbol) = current.kind, Parser.levels[level].contains(symbol) {
            position += 1
            let right = try binary(level: level + 1)
            left = switch symbol {
            case "||": .or(left, right)
            case "&&": .and(left, right)
            default: .binary(symbol, left, right)
            }
        }
        return left
    }

    private mutating func unary() throws(ExpressionError) -> Syntax {
        if case .symbol(let symbol) = current.kind, symbol == "!" || symbol == "-" {
            position += 1
            return try nested { (p: inout Parser) throws(ExpressionError) -> Syntax in .unary(symbol, try p.unary()) }
        }
        return try postfix()
    }

    private mutating func postfix() throws(ExpressionError) -> Syntax {
        let start = current
        var syntax = try primary()
        while true {
            if take(".") {
                guard case .name(let name) = current.kind else { throw unexpected("a name after \".\"") }
                position += 1
                syntax = .member(syntax, name)
            } else if take("[") {
                let index = try expression()
                try expect("]")
                syntax = .index(syntax, index)
            } else if current.kind == .symbol("(") {
                guard case .name(let name) = syntax, case .name = start.kind else {
                    throw ExpressionError(column: current.column, message: "only functions can be called")
                }
                position += 1
                syntax = try call(name, column: start.column)
            } else {
                return syntax
            }
        }
    }

    private mutating func call(_ name: String, column: Int) throws(ExpressionError) -> Syntax {
        guard let function = Function(rawValue: name) else {
            throw ExpressionError(column: column, message: "unknown function \(name)(); known: \(Function.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var arguments: [Syntax] = []
        if !take(")") {
            repeat { arguments.append(try expression()) } while take(",")
            try expect(")")
        }
        guard function.arity.contains(arguments.count) else {
            let wanted = function.arity.count == 1 ? "\(function.arity.lowerBound)" :
                function.arity.upperBound == Int.max ? "at least \(function.arity.lowerBound)" :
                "\(function.arity.lowerBound) to \(function.arity.upperBound)"
            throw ExpressionError(column: column, message: "\(name)() takes \(wanted) argument\(wanted == "1" ? "" : "s"), found \(arguments.count)")
        }
        if function == .matches, case .literal(.string(let pattern)) = arguments[1] {
            // Through the cache: a project reloaded on every edit parses the same patterns again.
            if let regex = RegexCache.shared.regex(pattern) {
                return .match(arguments[0], RegexBox(regex: regex, source: pattern))
            } else {
                throw ExpressionError(column: column, message: "matches() has an invalid regular expression \"\(pattern)\"")
            }
        }
        if function == .replace, case .literal(.string(let pattern)) = arguments[1] {
            // Through the cache: a project reloaded on every edit parses the same patterns again.
            if let regex = RegexCache.shared.regex(pattern) {
                return .replace(arguments[0], RegexBox(regex: regex, source: pattern), arguments[2])
            } else {
                throw ExpressionError(column: column, message: "replace() has an invalid regular expression \"\(pattern)\"")
            }
        }
        return .call(function, arguments, column: column)
    }

    private mutating func primary() throws(ExpressionError) -> Syntax {
        let token = current
        switch token.kind {
        case .number(let n): position += 1; return .literal(.number(n))
        case .string(let s): position += 1; return .literal(.string(s))
        case .path(let text):
            position += 1
            do { return .path(try DataPath(text)) } catch {
                throw ExpressionError(column: token.column, message: "\"\(text)\" is not a data path: \(error.message)")
            }
        case .name("true"): position += 1; return .literal(.bool(true))
        case .name("false"): position += 1; return .literal(.bool(false))
        case .name("null"): position += 1; return .literal(.null)
        case .name(let name): position += 1; return .name(name)
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expect(")")
            return inner
        case .symbol("["):
            position += 1
            var items: [Syntax] = []
            if !take("]") {
                repeat { items.append(try expression()) } while take(",")
                try expect("]")
            }
            return .list(items)
        default:
            throw unexpected("a value")
        }
    }
}
