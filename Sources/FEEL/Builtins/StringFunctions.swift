import Foundation

/// DMN 1.5 table 70 (boolean) and 71 (string functions). Positions count characters (Unicode
/// code points) from 1; a negative position counts from the end.
extension BuiltinFunctions {
    static let booleanFunctions: [(String, BuiltinFunction)] = [
        ("not", BuiltinFunction("negand") { call, _ in
            guard let flag = call.bool(0) else { return .null }
            return .bool(!flag)
        }),
    ]

    static let stringFunctions: [(String, BuiltinFunction)] = [
        ("substring", BuiltinFunction("string, start position, length?") { call, _ in
            guard let text = call.string(0), let start = call.int(1) else { return .null }
            let scalars = Array(text.unicodeScalars)
            var length: Int?
            if call.isGiven(2), !call[2].isNull {
                guard let given = call.int(2) else { return .null }
                length = given
            }
            guard start != 0 else {
                call.problem = "`substring` counts positions from 1 (or from -1 at the end), not from 0"
                return .null
            }
            let from = start > 0 ? Swift.min(start - 1, scalars.count) : Swift.max(0, scalars.count + start)
            let to = length.map { Swift.min(scalars.count, from + Swift.max(0, $0)) } ?? scalars.count
            return .string(String(String.UnicodeScalarView(scalars[from..<Swift.max(from, to)])))
        }),
        ("string length", BuiltinFunction("string") { call, _ in
            call.string(0).map { .number(FEELNumber($0.unicodeScalars.count)) } ?? .null
        }),
        ("upper case", BuiltinFunction("string") { call, _ in call.string(0).map { .string($0.uppercased()) } ?? .null }),
        ("lower case", BuiltinFunction("string") { call, _ in call.string(0).map { .string($0.lowercased()) } ?? .null }),
        ("substring before", BuiltinFunction("string, match") { call, _ in
            guard let text = call.string(0), let match = call.string(1) else { return .null }
            guard !match.isEmpty, let range = text.range(of: match, options: .literal) else { return .string("") }
            return .string(String(text[..<range.lowerBound]))
        }),
        ("substring after", BuiltinFunction("string, match") { call, _ in
            guard let text = call.string(0), let match = call.string(1) else { return .null }
            guard !match.isEmpty else { return .string(text) }
            guard let range = text.range(of: match, options: .literal) else { return .string("") }
            return .string(String(text[range.upperBound...]))
        }),
        ("contains", BuiltinFunction("string, match") { call, _ in
            guard let text = call.string(0), let match = call.string(1) else { return .null }
            return .bool(match.isEmpty || text.range(of: match, options: .literal) != nil)
        }),
        ("starts with", BuiltinFunction("string, match") { call, _ in
            guard let text = call.string(0), let match = call.string(1) else { return .null }
            return .bool(text.unicodeScalars.starts(with: match.unicodeScalars))
        }),
        ("ends with", BuiltinFunction("string, match") { call, _ in
            guard let text = call.string(0), let match = call.string(1) else { return .null }
            return .bool(text.unicodeScalars.reversed().starts(with: match.unicodeScalars.reversed()))
        }),
        ("matches", BuiltinFunction("input, pattern, flags?") { call, _ in
            guard let text = call.string(0), let pattern = call.string(1) else { return .null }
            guard let regex = XPathRegex.compile(pattern, flags: call.isGiven(2) ? call.string(2) ?? "" : "", &call) else { return .null }
            let whole = NSRange(text.startIndex..., in: text)
            return .bool(regex.firstMatch(in: text, range: whole) != nil)
        }),
        ("replace", BuiltinFunction("input, pattern, replacement, flags?") { call, _ in
            guard let text = call.string(0), let pattern = call.string(1), let replacement = call.string(2) else { return .null }
            let flags = call.isGiven(3) ? call.string(3) ?? "" : ""
            guard let regex = XPathRegex.compile(pattern, flags: flags, &call) else { return .null }
            let whole = NSRange(text.startIndex..., in: text)
            let template = flags.contains("q") ? NSRegularExpression.escapedTemplate(for: replacement) : replacement
            return .string(regex.stringByReplacingMatches(in: text, range: whole, withTemplate: template))
        }),
        ("split", BuiltinFunction("string, delimiter") { call, _ in
            guard let text = call.string(0), let delimiter = call.string(1) else { return .null }
            guard !delimiter.isEmpty, let regex = XPathRegex.compile(delimiter, flags: "", &call) else {
                if call.problem == nil { call.problem = "`split` needs a delimiter" }
                return .null
            }
            var parts: [FEELValue] = []
            var last = text.startIndex
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text), !range.isEmpty else { continue }
                parts.append(.string(String(text[last..<range.lowerBound])))
                last = range.upperBound
            }
            parts.append(.string(String(text[last...])))
            return .list(parts)
        }),
        ("string join", BuiltinFunction("list, delimiter?") { call, interpreter in
            guard let items = call.list(0) else { return .null }
            var delimiter = ""
            if call.isGiven(1), !call[1].isNull { guard let given = call.string(1) else { return .null }; delimiter = given }
            return joined(items, delimiter: delimiter, prefix: "", suffix: "", limit: interpreter.environment.maximumStringLength, &call)
        }),
    ]

    /// `string join`: nulls are left out; anything but a string makes the call null. The length
    /// is checked before joining (a list may hold one long string many times over, cheaply).
    static func joined(_ items: [FEELValue], delimiter: String, prefix: String, suffix: String, limit: Int,
                       _ call: inout Call) -> FEELValue {
        var parts: [String] = []
        var length = prefix.utf8.count + suffix.utf8.count
        for item in items {
            switch item {
            case .null: continue
            case .string(let text):
                length += text.utf8.count + (parts.isEmpty ? 0 : delimiter.utf8.count)
                parts.append(text)
            default:
                call.problem = "`string join` joins strings only, found \(item.typeName)"
                return .null
            }
            if length > limit {
                call.problem = "the joined string would be longer than \(limit) bytes"
                return .null
            }
        }
        return .string(prefix + parts.joined(separator: delimiter) + suffix)
    }
}

/// XPath regular expressions (`matches`, `replace`, `split`) on ICU's engine: the flags
/// `s`, `m`, `i`, `x` and `q` (the pattern taken literally), and XPath's spellings ICU does not
/// share (`\p{IsBasicLatin}` blocks, `[a-z-[aeiou]]` subtraction) translated.
enum XPathRegex {
    static func compile(_ pattern: String, flags: String, _ call: inout Call) -> NSRegularExpression? {
        var options: NSRegularExpression.Options = []
        var literal = false
        var extended = false
        for flag in flags {
            switch flag {
            case "s": options.insert(.dotMatchesLineSeparators)
            case "m": options.insert(.anchorsMatchLines)
            case "i": options.insert(.caseInsensitive)
            case "x": extended = true
            case "q": literal = true
            default:
                call.problem = "\"\(flag)\" is not a regular expression flag (s, m, i, x, q)"
                return nil
            }
        }
        let source = literal ? NSRegularExpression.escapedPattern(for: pattern) : translated(pattern, removingWhitespace: extended)
        guard let source, source.count <= 10_000, let regex = try? NSRegularExpression(pattern: source, options: options) else {
            call.problem = "\"\(pattern)\" is not a valid regular expression"
            return nil
        }
        return regex
    }

    /// The pattern in ICU's spelling; nil for what XPath forbids (a back-reference inside a class).
    private static func translated(_ pattern: String, removingWhitespace: Bool) -> String? {
        var result = ""
        var classDepth = 0
        var characters = Array(pattern)[...]
        while let c = characters.first {
            characters = characters.dropFirst()
            if removingWhitespace && classDepth == 0 && c.isWhitespace { continue }
            switch c {
            case "\\":
                // With `x`, white space goes before anything else is read (`\ s` is `\s`).
                while removingWhitespace, classDepth == 0, let space = characters.first, space.isWhitespace {
                    characters = characters.dropFirst()
                }
                guard let next = characters.first else { return nil }
                characters = characters.dropFirst()
                if classDepth > 0 && next.isNumber { return nil }
                result.append(c)
                result.append(next)
                if (next == "p" || next == "P") && characters.first == "{" {
                    // `\p{IsBasicLatin}` is ICU's `\p{InBasicLatin}`.
                    var name = ""
                    characters = characters.dropFirst()
                    while let n = characters.first, n != "}" {
                        characters = characters.dropFirst()
                        if !(removingWhitespace && n.isWhitespace) { name.append(n) }
                    }
                    characters = characters.dropFirst()
                    if name.hasPrefix("Is") { name = "In" + name.dropFirst(2) }
                    result += "{" + name + "}"
                }
            case "[":
                classDepth += 1
                result.append(c)
            case "]":
                classDepth = max(0, classDepth - 1)
                result.append(c)
            case "-" where classDepth > 0 && characters.first == "[":
                // XML Schema's class subtraction `[a-z-[aeiou]]` is ICU's `[a-z--[aeiou]]`.
                result += "--"
            default:
                result.append(c)
            }
        }
        return result
    }
}
