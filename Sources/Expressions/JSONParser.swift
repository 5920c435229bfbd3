/// A JSON syntax error with the position a user needs to find it in their editor.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int
    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A strict RFC 8259 parser over bytes. Ours rather than JSONSerialization so errors carry
/// line and column, duplicate keys are caught, and nesting is bounded.
public struct JSONParser {
    /// Deeper documents are refused: definitions never need more, and recursion stays bounded.
    public static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.skipWhitespace() }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<end] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 }
            else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("unexpected text, expected \(word)")
        }
        index += expected.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? "expected a member name in double quotes" : "unexpected end of file inside an object")
            }
            let keyStart = index
            let key = try parseString()
            if members[key] != nil { throw error("duplicate member \"\(key)\"", at: keyStart) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object, expected '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside a list, expected ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in a list")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw error("a number needs digits") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("a number cannot start with 0", at: integerStart) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range", at: start) }
        return value
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, to end: Int) throws(JSONParseError) -> String? {
            guard runStart < end else { return "" }
            return String(validating: parser.bytes[runStart..<end], as: UTF8.self)
        }
        while true {
            guard index < bytes.count else { throw error("unexpected end of file inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let run = try flush(self, to: index) else { throw error("invalid UTF-8 in a string", at: runStart) }
                scalars.append(contentsOf: run.unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character must be escaped inside a string") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            guard let run = try flush(self, to: index) else { throw error("invalid UTF-8 in a string", at: runStart) }
            scalars.append(contentsOf: run.unicodeScalars)
            index += 1
            guard index < bytes.count else { throw error("unexpected end of file inside a string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
            default: throw error("unknown escape \\\(Character(UnicodeScalar(escape))) in a string", at: index - 2)
            }
            runStart = index
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("\\u needs four hexadecimal digits")
        }
        index += 4
        return value
    }

    private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a high surrogate must be followed by a low surrogate")
            }
            index += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw error("invalid low surrogate") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("a lone low surrogate is not a character") }
        return scalar
    }
}
