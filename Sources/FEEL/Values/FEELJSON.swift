/// FEEL values as JSON text and back: Camunda's `to json` / `from json`, and the form of
/// `flowstage feel --jsonl`. Temporal values are ISO 8601 text, as Camunda stores them; a
/// range is an object of its ends; a function has no JSON form (null).
public enum FEELJSON {
    public static func write(_ value: FEELValue) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    private static func write(_ value: FEELValue, into text: inout String) {
        switch value {
        case .null, .function: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += number.text
        case .string(let string): quote(string, into: &text)
        case .date(let date): quote(date.text, into: &text)
        case .time(let time): quote(time.text, into: &text)
        case .dateTime(let dateTime): quote(dateTime.isoText, into: &text)
        case .daysTime(let duration): quote(duration.text, into: &text)
        case .yearsMonths(let duration): quote(duration.text, into: &text)
        case .list(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                write(item, into: &text)
            }
            text += "]"
        case .context(let context):
            text += "{"
            for (index, (key, item)) in zip(context.keys, context.values).enumerated() {
                if index > 0 { text += "," }
                quote(key, into: &text)
                text += ":"
                write(item, into: &text)
            }
            text += "}"
        case .range(let range):
            write(.context(FEELContext([("start", range.start), ("end", range.end), ("startIncluded", .bool(range.startIncluded)),
                                        ("endIncluded", .bool(range.endIncluded))])), into: &text)
        }
    }

    static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Parses JSON text; strings stay strings (no date is guessed). nil when it is not JSON
    /// or nests deeper than 64 levels.
    public static func read(_ text: String) -> FEELValue? {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.position == reader.scalars.count ? value : nil
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        mutating func skipSpace() {
            while position < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[position]) { position += 1 }
        }

        mutating func take(_ word: String) -> Bool {
            let word = Array(word.unicodeScalars)
            guard position + word.count <= scalars.count, Array(scalars[position..<position + word.count]) == word else { return false }
            position += word.count
            return true
        }

        mutating func value(depth: Int) -> FEELValue? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard position < scalars.count else { return nil }
            switch scalars[position] {
            case "n": return take("null") ? .null : nil
            case "t": return take("true") ? .bool(true) : nil
            case "f": return take("false") ? .bool(false) : nil
            case "\"": return string().map(FEELValue.string)
            case "[":
                position += 1
                var items: [FEELValue] = []
                skipSpace()
                if take("]") { return .list([]) }
                repeat {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                } while take(",")
                return take("]") ? .list(items) : nil
            case "{":
                position += 1
                var context = FEELContext()
                skipSpace()
                if take("}") { return .context(context) }
                repeat {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard take(":"), let item = value(depth: depth + 1) else { return nil }
                    context[key] = item
                    skipSpace()
                } while take(",")
                return take("}") ? .context(context) : nil
            default:
                let start = position
                while position < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[position]) { position += 1 }
                return FEELNumber(text: String(String.UnicodeScalarView(scalars[start..<position]))).map(FEELValue.number)
            }
        }

        mutating func string() -> String? {
            guard take("\"") else { return nil }
            var text = String.UnicodeScalarView()
            var high: UInt32?
            while position < scalars.count {
                let c = scalars[position]
                position += 1
                if c == "\"" { return String(text) }
                guard c == "\\" else { text.append(c); continue }
                guard position < scalars.count else { return nil }
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "\"", "\\", "/": text.append(escaped)
                case "u":
                    guard position + 4 <= scalars.count else { return nil }
                    var code: UInt32 = 0
                    for digit in scalars[position..<position + 4] {
                        guard let value = Lexer.hexValue(digit) else { return nil }
                        code = code * 16 + value
                    }
                    position += 4
                    if (0xD800...0xDBFF).contains(code) { high = code; continue }
                    if let pending = high, (0xDC00...0xDFFF).contains(code) {
                        code = 0x10000 + ((pending - 0xD800) << 10) + (code - 0xDC00)
                        high = nil
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    text.append(scalar)
                default: return nil
                }
            }
            return nil
        }
    }
}
