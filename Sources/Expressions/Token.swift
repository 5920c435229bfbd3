/// One lexical token with the column it starts at (for error messages).
struct Token: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case string(String)
        case name(String)
        case path(String)      // ${a.b}
        case symbol(String)    // operators and punctuation
        case end
    }
    let kind: Kind
    let column: Int
}

/// Splits an expression into tokens. Strings take single or double quotes with backslash escapes.
struct Lexer {
    private static let symbols = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||",
                                  "<", ">", "+", "-", "*", "/", "%", "!", "?", ":", ".", ",", "(", ")", "[", "]"]

    static func tokens(_ source: String) throws(ExpressionError) -> [Token] {
        let chars = Array(source)
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace { i += 1; continue }
            if c.isNumber, c.isASCII {
                var j = i
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                if j + 1 < chars.count, chars[j] == ".", chars[j + 1].isASCII, chars[j + 1].isNumber {
                    j += 1
                    while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                }
                guard let value = Double(String(chars[i..<j])) else {
                    throw ExpressionError(column: column, message: "bad number")
                }
                tokens.append(Token(kind: .number(value), column: column))
                i = j
            } else if c == "\"" || c == "'" {
                var text = ""
                var j = i + 1
                var closed = false
                while j < chars.count {
                    if chars[j] == c { closed = true; break }
                    if chars[j] == "\\", j + 1 < chars.count {
                        j += 1
                        switch chars[j] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append(chars[j])
                        }
                    } else {
                        text.append(chars[j])
                    }
                    j += 1
                }
                guard closed else { throw ExpressionError(column: column, message: "text without its closing \(c)") }
                tokens.append(Token(kind: .string(text), column: column))
                i = j + 1
            } else if c == "$", i + 1 < chars.count, chars[i + 1] == "{" {
                guard let close = chars[(i + 2)...].firstIndex(of: "}") else {
                    throw ExpressionError(column: column, message: "${ without its closing }")
                }
                tokens.append(Token(kind: .path(String(chars[(i + 2)..<close]).trimmingSpaces()), column: column))
                i = close + 1
            } else if c.isLetter || c == "_" || c == "$" {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "$" { j += 1 }
                tokens.append(Token(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = symbols.first(where: { matches($0, chars, at: i) }) {
                tokens.append(Token(kind: .symbol(symbol), column: column))
                i += symbol.count
            } else {
                throw ExpressionError(column: column, message: "unexpected character \"\(c)\"")
            }
        }
        tokens.append(Token(kind: .end, column: chars.count + 1))
        return tokens
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

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
