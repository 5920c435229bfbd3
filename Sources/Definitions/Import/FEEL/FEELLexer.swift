import Expressions

/// One FEEL token and the 1-based column where it starts.
struct FEELToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case number(String)
        case string(String)
        /// `@"2024-05-31"`: a temporal literal.
        case temporal(String)
        case name(String)
        /// `` `my var` ``: a name quoted because of its characters.
        case quotedName(String)
        case symbol(String)
        case end
    }
    let kind: FEELToken.Kind
    let column: Int
}

/// Splits FEEL text into tokens. Linear in the input; names with spaces are joined later by
/// the parser, which knows the built-in function names.
struct FEELLexer {
    private static let symbols = ["**", "..", "!=", "<=", ">=", "=", "<", ">", "+", "-", "*", "/",
                                  "(", ")", "[", "]", "{", "}", ",", ".", ":"]

    static func tokens(_ source: String) -> Result<[FEELToken], TranslationProblem> {
        let chars = Array(source)
        var tokens: [FEELToken] = []
        var i = 0
        func problem(_ column: Int, _ message: String) -> Result<[FEELToken], TranslationProblem> {
            .failure(TranslationProblem(column: column, message: message))
        }
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c.isWhitespace { i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                var j = i + 2
                while j + 1 < chars.count, !(chars[j] == "*" && chars[j + 1] == "/") { j += 1 }
                guard j + 1 < chars.count else { return problem(column, "a comment /* without its closing */") }
                i = j + 2
                continue
            }
            if SourceScan.isDigit(c) || (c == "." && i + 1 < chars.count && SourceScan.isDigit(chars[i + 1])) {
                let j = SourceScan.numberEnd(chars, from: i)
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    return problem(j + 1, "numbers with an exponent (1e3) are not supported; write the digits")
                }
                var digits = String(chars[i..<j])
                if digits.hasPrefix(".") { digits = "0" + digits }
                tokens.append(FEELToken(kind: .number(digits), column: column))
                i = j
            } else if c == "\"" || (c == "@" && i + 1 < chars.count && chars[i + 1] == "\"") {
                switch SourceScan.quoted(chars, open: c == "@" ? i + 1 : i, escaped: FEELLexer.escape) {
                case .text(let text, let close):
                    tokens.append(FEELToken(kind: c == "@" ? .temporal(text) : .string(text), column: column))
                    i = close + 1
                case .unclosed: return problem(column, "text without its closing \"")
                case .badEscape(let at): return problem(at, "\\u needs four hexadecimal digits")
                }
            } else if c == "`" {
                guard let close = chars[(i + 1)...].firstIndex(of: "`") else {
                    return problem(column, "a name in backticks without its closing `")
                }
                tokens.append(FEELToken(kind: .quotedName(String(chars[(i + 1)..<close])), column: column))
                i = close + 1
            } else if c.isLetter || c == "_" || c == "?" {
                let j = SourceScan.nameEnd(chars, from: i) { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "?" }
                tokens.append(FEELToken(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = SourceScan.symbol(symbols, in: chars, at: i) {
                tokens.append(FEELToken(kind: .symbol(symbol), column: column))
                i += symbol.count
            } else if c == "'" {
                return problem(column, "FEEL text is written in double quotes (\"…\"), not single quotes")
            } else {
                return problem(column, "the character \"\(c)\" has no meaning in FEEL")
            }
        }
        tokens.append(FEELToken(kind: .end, column: chars.count + 1))
        return .success(tokens)
    }

    /// `\n`, `\t`, `\r` and `\u` with four hexadecimal digits; any other escaped character
    /// stands for itself.
    private static func escape(_ chars: [Character], _ at: inout Int) -> String? {
        switch chars[at] {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "u":
            guard at + 4 < chars.count, let code = UInt32(String(chars[(at + 1)...(at + 4)]), radix: 16),
                  let scalar = Unicode.Scalar(code) else { return nil }
            at += 4
            return String(scalar)
        default: return String(chars[at])
        }
    }
}
