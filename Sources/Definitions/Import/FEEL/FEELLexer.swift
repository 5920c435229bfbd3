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
            if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
                var j = i
                while j < chars.count, isDigit(chars[j]) { j += 1 }
                if j + 1 < chars.count, chars[j] == ".", isDigit(chars[j + 1]) {
                    j += 1
                    while j < chars.count, isDigit(chars[j]) { j += 1 }
                }
                if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                    return problem(j + 1, "numbers with an exponent (1e3) are not supported; write the digits")
                }
                var digits = String(chars[i..<j])
                if digits.hasPrefix(".") { digits = "0" + digits }
                tokens.append(FEELToken(kind: .number(digits), column: column))
                i = j
            } else if c == "\"" || (c == "@" && i + 1 < chars.count && chars[i + 1] == "\"") {
                let open = c == "@" ? i + 1 : i
                var text = ""
                var j = open + 1
                var closed = false
                while j < chars.count {
                    if chars[j] == "\"" { closed = true; break }
                    if chars[j] == "\\", j + 1 < chars.count {
                        j += 1
                        switch chars[j] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "r": text.append("\r")
                        case "u":
                            guard j + 4 < chars.count, let code = UInt32(String(chars[(j + 1)...(j + 4)]), radix: 16),
                                  let scalar = Unicode.Scalar(code) else {
                                return problem(j, "\\u needs four hexadecimal digits")
                            }
                            text.unicodeScalars.append(scalar)
                            j += 4
                        default: text.append(chars[j])
                        }
                    } else {
                        text.append(chars[j])
                    }
                    j += 1
                }
                guard closed else { return problem(column, "text without its closing \"") }
                tokens.append(FEELToken(kind: c == "@" ? .temporal(text) : .string(text), column: column))
                i = j + 1
            } else if c == "`" {
                guard let close = chars[(i + 1)...].firstIndex(of: "`") else {
                    return problem(column, "a name in backticks without its closing `")
                }
                tokens.append(FEELToken(kind: .quotedName(String(chars[(i + 1)..<close])), column: column))
                i = close + 1
            } else if c.isLetter || c == "_" || c == "?" {
                var j = i + 1
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" || chars[j] == "?" { j += 1 }
                tokens.append(FEELToken(kind: .name(String(chars[i..<j])), column: column))
                i = j
            } else if let symbol = symbols.first(where: { matches($0, chars, at: i) }) {
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

    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    private static func matches(_ symbol: String, _ chars: [Character], at i: Int) -> Bool {
        var j = i
        for c in symbol {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }
}
