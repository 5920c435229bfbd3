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
    static func tokens(_ chars: [Character], from start: Int) throws(TranslationProblem) -> (tokens: [JUELToken], next: Int) {
        var tokens: [JUELToken] = []
        var i = start
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace { i += 1; continue }
            if c.isASCII, c.isNumber {
                var j = i
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                if j + 1 < chars.count, chars[j] == ".", chars[j + 1].isASCII, chars[j + 1].isNumber {
                    j += 1
                    while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" || chars[j] == "L" || chars[j] == "l" || chars[j] == "d" {
                    throw TranslationProblem(column: j + 1, message: "number suffixes and exponents are not supported; write the digits")
                }
                tokens.append(JUELToken(kind: .number(String(chars[i..<j])), column: column))
                i = j
            } else if c == "\"" || c == "'" {
                var text = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    if chars[j] == c { closed = true; break }
                    if chars[j] == "\\", j + 1 < chars.count { j += 1 }
                    text.append(chars[j])
                    j += 1
                }
                guard closed else { throw TranslationProblem(column: column, message: "text without its closing \(c)") }
                tokens.append(JUELToken(kind: .string(text), column: column))
                i = j + 1
            } else if c.isLetter || c == "_" || c == "$" {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "$" { j += 1 }
                tokens.append(JUELToken(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = symbols.first(where: { matches($0, chars, at: i) }) {
                tokens.append(JUELToken(kind: .symbol(symbol), column: column))
                i += symbol.count
                if symbol == "}" { return (tokens, i) }
            } else {
                throw TranslationProblem(column: column, message: "the character \"\(c)\" has no meaning in JUEL")
            }
        }
        throw TranslationProblem(column: start - 1, message: "${ without its closing }")
    }

    private static func matches(_ symbol: String, _ chars: [Character], at i: Int) -> Bool {
        var j = i
        for c in symbol {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }
}
