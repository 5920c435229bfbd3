/// A token of FEEL source: its kind and where it starts and ends (offsets in Unicode scalars).
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        /// A name or a keyword (`and`, `if`…: the parser decides by context) or a `?`.
        case name(String)
        /// A name written in backticks or matched as a known name with spaces or symbols: never a keyword.
        case quotedName(String)
        case number(FEELNumber)
        case string(String)
        /// `@"…"`, the text inside.
        case temporal(String)
        case symbol(String)
        case end
    }

    let kind: Kind
    let start: Int
    let end: Int
}

/// Splits FEEL source into tokens (DMN 1.5 grammar rules 25–40). Names are single words here;
/// the parser joins words into names with spaces. Names the caller knows (a DMN model's inputs,
/// the built-in functions) that hold keywords or symbols (`date and time`, `Loan-to-value`) are
/// matched whole, longest first, so they are never read as operators.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private let knownNames: KnownNames

    init(_ source: String, knownNames: KnownNames) {
        self.scalars = Array(source.unicodeScalars)
        self.knownNames = knownNames
    }

    static func tokens(_ source: String, knownNames: KnownNames) throws(FEELSyntaxError) -> [Token] {
        var lexer = Lexer(source, knownNames: knownNames)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func skipSpaceAndComments() throws(FEELSyntaxError) {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                position += 1
            } else if scalar == "/" && peek(1) == "/" {
                while let c = peek(), c != "\n" && c != "\r" { position += 1 }
            } else if scalar == "/" && peek(1) == "*" {
                let start = position
                position += 2
                while position < scalars.count && !(scalars[position] == "*" && peek(1) == "/") { position += 1 }
                guard position < scalars.count else { throw FEELSyntaxError("the comment /* is never closed with */", at: start) }
                position += 2
            } else {
                return
            }
        }
    }

    mutating func next() throws(FEELSyntaxError) -> Token {
        try skipSpaceAndComments()
        let start = position
        guard let scalar = peek() else { return Token(kind: .end, start: start, end: start) }
        if Lexer.isNameStart(scalar) {
            if let length = knownNames.longestMatch(in: scalars, at: position) {
                position += length
                let text = Lexer.normalizedName(scalars[start..<position])
                return Token(kind: .quotedName(text), start: start, end: position)
            }
            position += 1
            while let c = peek(), Lexer.isNamePart(c) { position += 1 }
            return Token(kind: .name(String(String.UnicodeScalarView(scalars[start..<position]))), start: start, end: position)
        }
        if Lexer.isDigit(scalar) || (scalar == "." && peek(1).map(Lexer.isDigit) == true) {
            return try number(from: start)
        }
        switch scalar {
        case "\"":
            return Token(kind: .string(try stringBody()), start: start, end: position)
        case "@" where peek(1) == "\"":
            position += 1
            return Token(kind: .temporal(try stringBody()), start: start, end: position)
        case "`":
            position += 1
            while let c = peek(), c != "`" { position += 1 }
            guard peek() == "`" else { throw FEELSyntaxError("the name in backticks is never closed with `", at: start) }
            let name = String(String.UnicodeScalarView(scalars[(start + 1)..<position]))
            position += 1
            return Token(kind: .quotedName(name), start: start, end: position)
        default:
            break
        }
        let two = peek(1).map { String(scalar) + String($0) }
        for symbol in ["**", "..", "!=", "<=", ">=", "->"] where two == symbol {
            position += 2
            return Token(kind: .symbol(symbol), start: start, end: position)
        }
        if "()[]{},.:+-*/=<>".unicodeScalars.contains(scalar) {
            position += 1
            return Token(kind: .symbol(String(scalar)), start: start, end: position)
        }
        throw FEELSyntaxError("unexpected character \"\(Character(scalar))\"", at: start)
    }

    private mutating func number(from start: Int) throws(FEELSyntaxError) -> Token {
        while let c = peek(), Lexer.isDigit(c) { position += 1 }
        if peek() == ".", let after = peek(1), Lexer.isDigit(after) {
            position += 1
            while let c = peek(), Lexer.isDigit(c) { position += 1 }
        }
        // An exponent (`1.23e4`, `1e-3`), as DMN 1.5 allows.
        if let e = peek(), e == "e" || e == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if let digit = peek(signed ? 2 : 1), Lexer.isDigit(digit) {
                position += signed ? 2 : 1
                while let c = peek(), Lexer.isDigit(c) { position += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = FEELNumber(text: text) else { throw FEELSyntaxError("the number \(text) is too large", at: start) }
        return Token(kind: .number(value), start: start, end: position)
    }

    /// A string literal's text, from its opening quote; escapes as DMN 1.5 rule 64.
    private mutating func stringBody() throws(FEELSyntaxError) -> String {
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        var pendingHigh: (code: UInt32, at: Int)?
        while let c = peek() {
            position += 1
            // A first half of a surrogate pair must be followed by `\u` and the second half.
            if let high = pendingHigh, !(c == "\\" && peek() == "u") { throw Lexer.loneHalf(high.code, at: high.at) }
            if c == "\"" { return String(text) }
            guard c == "\\" else { text.append(c); continue }
            guard let escaped = peek() else { break }
            position += 1
            switch escaped {
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "\"", "'", "\\": text.append(escaped)
            case "u", "U":
                let count = escaped == "u" ? 4 : 6
                var code: UInt32 = 0
                for _ in 0..<count {
                    guard let digit = peek(), let value = Lexer.hexValue(digit) else {
                        throw FEELSyntaxError("\\\(escaped) must be followed by \(count) hexadecimal digits", at: position)
                    }
                    code = code * 16 + value
                    position += 1
                }
                let escapeStart = position - count - 2
                if let high = pendingHigh {
                    guard (0xDC00...0xDFFF).contains(code) else { throw Lexer.loneHalf(high.code, at: high.at) }
                    code = 0x10000 + ((high.code - 0xD800) << 10) + (code - 0xDC00)
                    pendingHigh = nil
                } else if (0xD800...0xDBFF).contains(code) {
                    pendingHigh = (code, escapeStart)
                    continue
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw FEELSyntaxError("\\u\(Lexer.hex(code)) is the second half of a surrogate pair; \\u and the first half must come before", at: escapeStart)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw FEELSyntaxError("\\\(escaped) names no character", at: escapeStart)
                }
                text.append(scalar)
            default:
                // Any other backslash stays as written: regular expressions (`"\\d+"`) need it.
                text.append("\\")
                text.append(escaped)
            }
        }
        throw FEELSyntaxError("the string is never closed with \"", at: start)
    }

    private static func loneHalf(_ code: UInt32, at offset: Int) -> FEELSyntaxError {
        FEELSyntaxError("\\u\(hex(code)) is the first half of a surrogate pair; \\u and the second half must follow", at: offset)
    }

    private static func hex(_ code: UInt32) -> String { String(code, radix: 16, uppercase: true) }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    /// DMN 1.5 rule 27 (name start char).
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3F, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default:
            false
        }
    }

    /// DMN 1.5 rule 28 (name part char), without `?`.
    static func isNamePart(_ c: Unicode.Scalar) -> Bool {
        if c == "?" { return false }
        if isNameStart(c) || isDigit(c) { return true }
        switch c.value {
        case 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }

    /// Runs of white space inside a name read as one space (`first  name` is `first name`).
    static func normalizedName(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in scalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { text.append(" ") }
                lastWasSpace = true
            } else {
                text.append(scalar)
                lastWasSpace = false
            }
        }
        return String(text)
    }
}

/// Names that hold spaces, keywords or symbols and are matched whole by the lexer.
struct KnownNames: Sendable {
    /// By first scalar, longest first.
    private var byFirst: [Unicode.Scalar: [[Unicode.Scalar]]] = [:]

    init(_ names: some Sequence<String>) {
        for name in names where name.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            let scalars = Array(name.unicodeScalars)
            guard let first = scalars.first else { continue }
            byFirst[first, default: []].append(scalars)
        }
        for key in byFirst.keys { byFirst[key]?.sort { $0.count > $1.count } }
    }

    func merging(_ names: some Sequence<String>) -> KnownNames {
        var merged = self
        let extra = KnownNames(names)
        for (key, list) in extra.byFirst {
            merged.byFirst[key, default: []].append(contentsOf: list)
            merged.byFirst[key]?.sort { $0.count > $1.count }
        }
        return merged
    }

    /// How many scalars of `source` from `start` a known name covers (a space in the name
    /// matching any run of white space), ending where a name cannot go on.
    func longestMatch(in source: [Unicode.Scalar], at start: Int) -> Int? {
        guard let candidates = byFirst[source[start]] else { return nil }
        for name in candidates {
            var i = start
            var matched = true
            for scalar in name {
                if scalar == " " {
                    guard i < source.count, source[i].properties.isWhitespace else { matched = false; break }
                    while i < source.count, source[i].properties.isWhitespace { i += 1 }
                } else {
                    guard i < source.count, source[i] == scalar else { matched = false; break }
                    i += 1
                }
            }
            if matched, i >= source.count || !Lexer.isNamePart(source[i]) || !Lexer.isNamePart(name[name.count - 1]) {
                return i - start
            }
        }
        return nil
    }
}
