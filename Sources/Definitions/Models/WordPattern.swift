/// An interface word's `{placeholder}`s and plural forms, parsed once.
///
/// A word is filled on every page that shows it ("Step {x} of {y}", "{x, plural, one {# example}
/// other {# examples}}"); parsing its plural forms per call cost more than the rest of a page
/// (the gallery's index spent 70 % of its time there). `Words` parses each of its words when it
/// is built; a pattern made at run time (a validator's message) is parsed where it is filled.
///
/// The rules (docs/reference/interface-words.md): `{name}` takes the value of `name`, a
/// placeholder without a value stays as written, and a value is never filled again;
/// `{x, plural, =0 {…} one {…} other {…}}` takes the form for `x`'s count in the language
/// (`PluralRules`), `#` in the form standing for the value, and its own placeholders filled.
public struct WordPattern: Sendable {
    enum Segment: Sendable {
        case text(String)
        /// `raw` is the placeholder as written, shown when it has no value.
        case placeholder(name: Substring, raw: Substring)
        case plural(Plural, raw: Substring)
        /// `#` inside a plural form: the count as given.
        case count
    }

    /// `name, plural, one {…} other {…}`: the forms of a plural placeholder.
    struct Plural: Sendable {
        /// A form is chosen by an exact count (`=0`) or by the count's category (`one`, `other`…).
        enum Selector: Sendable, Equatable {
            case exactly(Int)
            case category(PluralRules.Category)
            case unknown
        }

        let name: Substring
        let forms: [(selector: Selector, form: WordPattern)]

        init?(_ inside: Substring) {
            let parts = inside.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, Plural.trimmed(parts[1]) == "plural" else { return nil }
            name = Plural.trimmed(parts[0])
            var forms: [(Selector, WordPattern)] = []
            var rest = parts[2]
            while let open = rest.firstIndex(of: "{") {
                let selector = Plural.trimmed(rest[..<open])
                guard let close = WordPattern.matchingBrace(rest.utf8, from: open), !selector.isEmpty else { return nil }
                let chosenBy: Selector = if selector.first == "=", let count = Int(selector.dropFirst()) { .exactly(count) }
                    else { PluralRules.Category(rawValue: String(selector)).map(Selector.category) ?? .unknown }
                forms.append((chosenBy, WordPattern(rest[rest.index(after: open)..<close], inPlural: true)))
                rest = rest[rest.index(after: close)...]
            }
            guard forms.contains(where: { $0.0 == .category(.other) }) else { return nil }
            self.forms = forms
        }

        private static func trimmed(_ text: Substring) -> Substring {
            var slice = text.drop { $0.isWhitespace }
            while slice.last?.isWhitespace == true { slice = slice.dropLast() }
            return slice
        }

        func form(for value: String, language: String) -> WordPattern {
            let count = PluralRules.count(value)
            if let count, let exact = forms.first(where: { $0.selector == .exactly(count) }) { return exact.form }
            let category = count.map { PluralRules.category($0, language: language) } ?? .other
            return (forms.first { $0.selector == .category(category) } ?? forms.first { $0.selector == .category(.other) })!.form
        }
    }

    let segments: [Segment]

    public init(_ pattern: String) {
        self.init(pattern[...], inPlural: false)
    }

    /// A scan of the UTF-8 bytes: `{`, `}` and `#` never occur inside a multi-byte character.
    init(_ pattern: Substring, inPlural: Bool) {
        var segments: [Segment] = []
        let bytes = pattern.utf8
        var copied = bytes.startIndex
        var index = bytes.startIndex
        func text(upTo end: Substring.Index) {
            if copied < end { segments.append(.text(String(pattern[copied..<end]))) }
        }
        while index < bytes.endIndex {
            if inPlural, bytes[index] == UInt8(ascii: "#") {
                text(upTo: index)
                segments.append(.count)
                index = bytes.index(after: index)
                copied = index
                continue
            }
            guard bytes[index] == UInt8(ascii: "{"), let close = WordPattern.matchingBrace(bytes, from: index) else {
                index = bytes.index(after: index)
                continue
            }
            text(upTo: index)
            let inside = pattern[bytes.index(after: index)..<close]
            let raw = pattern[index...close]
            if inside.utf8.contains(UInt8(ascii: ",")), let plural = Plural(inside) {
                segments.append(.plural(plural, raw: raw))
            } else {
                segments.append(.placeholder(name: inside, raw: raw))
            }
            index = bytes.index(after: close)
            copied = index
        }
        text(upTo: bytes.endIndex)
        self.segments = segments
    }

    /// The pattern with each placeholder's value; `count` is what `#` stands for.
    public func fill(language: String, _ value: (Substring) -> String?) -> String {
        if segments.count == 1, case .text(let text) = segments[0] { return text }
        var out = ""
        fill(into: &out, language: language, count: "", value)
        return out
    }

    private func fill(into out: inout String, language: String, count: String, _ value: (Substring) -> String?) {
        for segment in segments {
            switch segment {
            case .text(let text): out += text
            case .count: out += count
            case .placeholder(let name, let raw):
                if let filled = value(name) { out += filled } else { out += raw }
            case .plural(let plural, let raw):
                if let number = value(plural.name) {
                    plural.form(for: number, language: language).fill(into: &out, language: language, count: number, value)
                } else {
                    out += raw
                }
            }
        }
    }

    /// The `{placeholder}` names, in order, once each; a plural placeholder counts by its name.
    public var placeholders: [String] {
        var names: [String] = []
        for segment in segments {
            let name: Substring
            switch segment {
            case .placeholder(let placeholder, _): name = placeholder
            case .plural(let plural, _): name = plural.name
            case .text, .count: continue
            }
            if !name.isEmpty, !name.contains("{"), !names.contains(String(name)) { names.append(String(name)) }
        }
        return names
    }

    /// The `}` that closes the `{` at `open`, counting the braces of plural forms between.
    static func matchingBrace(_ bytes: Substring.UTF8View, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var index = open
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = bytes.index(after: index)
        }
        return nil
    }
}
