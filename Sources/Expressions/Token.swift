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
            if SourceScan.isDigit(c) {
                let j = SourceScan.numberEnd(chars, from: i)
                guard let value = Double(String(chars[i..<j])) else {
                    throw ExpressionError(column: column, message: "bad number")
                }
                tokens.append(Token(kind: .number(value), column: column))
                i = j
            } else if c == "\"" || c == "'" {
                guard case .text(let text, let close) = SourceScan.quoted(chars, open: i, escaped: Lexer.escape) else {
                    throw ExpressionError(column: column, message: "text without its closing \(c)")
                }
                tokens.append(Token(kind: .string(text), column: column))
                i = close + 1
            } else if c == "$", i + 1 < chars.count, chars[i + 1] == "{" {
                guard let close = chars[(i + 2)...].firstIndex(of: "}") else {
                    throw ExpressionError(column: column, message: "${ without its closing }")
                }
                tokens.append(Token(kind: .path(String(chars[(i + 2)..<close]).trimmingSpaces()), column: column))
                i = close + 1
            } else if c.isLetter || c == "_" || c == "$" {
                let j = SourceScan.nameEnd(chars, from: i) { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                tokens.append(Token(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = SourceScan.symbol(symbols, in: chars, at: i) {
                tokens.append(Token(kind: .symbol(symbol), column: column))
                i += symbol.count
            } else {
                throw ExpressionError(column: column, message: "unexpected character \"\(c)\"")
            }
        }
        tokens.append(Token(kind: .end, column: chars.count + 1))
        return tokens
    }

    /// `\n` and `\t`; any other escaped character stands for itself.
    private static func escape(_ chars: [Character], _ at: inout Int) -> String {
        switch chars[at] {
        case "n": "\n"
        case "t": "\t"
        default: String(chars[at])
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
