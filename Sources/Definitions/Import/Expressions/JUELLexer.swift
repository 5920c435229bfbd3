import Expressions

/// One JUEL token and its 1-based column in the whole attribute text.
struct JUELToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case number(String)
        case string(String)
        case name(String)
        case symbol(String)
        case end
    }
    let kind: JUELToken.Kind
    let column: Int
}

/// Splits the inside of a `${…}` into tokens, stopping at the `}` that closes it.
struct JUELLexer {
    private static let symbols = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "+", "-", "*", "/", "%", "!",
                                  "?", ":", ".", ",", "(", ")", "[", "]", "}"]

    /// Tokens from `start` (just after `${`) to the closing `}` inclusive, and the index after it.
    static func tokens(_ chars: [Character], from start: Int) throws(ModelExpressionProblem) -> (tokens: [JUELToken], next: Int) {
        var tokens: [JUELToken] = []
        var i = start
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace { i += 1; continue }
            if SourceScan.isDigit(c) {
                let j = SourceScan.numberEnd(chars, from: i)
                if j < chars.count, chars[j] == "e" || chars[j] == "E" || chars[j] == "L" || chars[j] == "l" || chars[j] == "d" {
                    throw ModelExpressionProblem(column: j + 1, message: "number suffixes and exponents are not supported; write the digits")
                }
                tokens.append(JUELToken(kind: .number(String(chars[i..<j])), column: column))
                i = j
            } else if c == "\"" || c == "'" {
                // An escaped character stands for itself.
                guard case .text(let text, let close) = SourceScan.quoted(chars, open: i, escaped: { chars, at in String(chars[at]) }) else {
                    throw ModelExpressionProblem(column: column, message: "text without its closing \(c)")
                }
                tokens.append(JUELToken(kind: .string(text), column: column))
                i = close + 1
            } else if c.isLetter || c == "_" || c == "$" {
                let j = SourceScan.nameEnd(chars, from: i) { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                tokens.append(JUELToken(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = SourceScan.symbol(symbols, in: chars, at: i) {
                tokens.append(JUELToken(kind: .symbol(symbol), column: column))
                i += symbol.count
                if symbol == "}" { return (tokens, i) }
            } else {
                throw ModelExpressionProblem(column: column, message: "the character \"\(c)\" has no meaning in JUEL")
            }
        }
        throw ModelExpressionProblem(column: start - 1, message: "${ without its closing }")
    }
}
