import Expressions

/// A text property as a designer writes it: literal words, `@@tag` substitutions and
/// `${path}` interpolations of instance data. Parsed once at load.
///
/// A tag key is `@@` followed by letters, digits, `_`, `-` and inner dots; a dot that ends
/// the key is treated as punctuation (`See @@terms.` reads the tag `terms`).
public struct Text: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case literal(String)
        case tag(String)
        case path(DataPath)
        /// FEEL whose value is shown, as form-js shows `{{expression}}` and an `=expression` label.
        case feel(Expression)
        /// form-js's `{{#if condition}}…{{/if}}` and `{{#loop list}}…{{/loop}}`.
        indirect case section(TemplateSection)
    }

    public let source: String
    /// Empty for plain words (the common case: no allocation, and `resolve` returns `source`).
    public let parts: [Part]

    public init(_ source: String) {
        self.source = source
        self.parts = Text.parse(source)
    }

    init(source: String, parts: [Part]) {
        self.source = source
        self.parts = parts
    }

    /// True when the text needs no data to resolve (tags still depend on the language).
    public var isStatic: Bool {
        !parts.contains { part in
            switch part {
            case .literal, .tag: false
            case .path, .feel, .section: true
            }
        }
    }

    /// Whether the resolved text reads instance data, directly or through a tag's own `${path}`.
    public func dependsOnData(_ tags: Tags, language: String) -> Bool {
        parts.contains { part in
            switch part {
            case .literal: false
            case .path, .feel, .section: true
            case .tag(let key): tags.lookup(key, language: language).map(Text.interpolates) ?? false
            }
        }
    }

    /// Whether the only data it reads is a collection item's (`${$item.name}`, `${$index}`): it
    /// can be resolved in the item alone, without the instance data around it.
    public func readsOnlyItem(_ tags: Tags, language: String) -> Bool {
        parts.allSatisfy { part in
            switch part {
            case .literal: true
            case .path(let path): path.segments.first == .key("$item") || path.segments.first == .key("$index")
            case .feel, .section: false
            case .tag(let key): !(tags.lookup(key, language: language).map(Text.interpolates) ?? false)
            }
        }
    }

    /// Tag keys this text refers to.
    public var tagKeys: [String] {
        Text.tagKeys(parts)
    }

    private static func tagKeys(_ parts: [Part]) -> [String] {
        parts.flatMap { part -> [String] in
            switch part {
            case .tag(let key): [key]
            case .section(let section): tagKeys(section.body)
            default: []
            }
        }
    }

    /// The words to show: tags looked up for `language`, paths read from `data`.
    ///
    /// Tag values may themselves hold `${path}` interpolations; they are resolved too.
    /// Interpolated values are plain text: the template layer escapes them.
    public func resolve(_ tags: Tags, language: String, data: JSONValue) -> String {
        resolve(tags, language: language, data: data, escapingValues: nil)
    }

    /// The words to show, each interpolated value passed through `escape` first: for a text in
    /// another language such as markdown, where instance data must stay text (the designer's
    /// words and tags stay as written).
    public func resolve(_ tags: Tags, language: String, data: JSONValue, escapingValues escape: ((String) -> String)?) -> String {
        resolve(tags, language: language, reading: { $0.get(in: data) }, escape, data: data)
    }

    /// The data paths the text reads in `language`, in order: its own `${path}`s and those of
    /// the tags it shows (a tag inside a tag's value is not looked up, as in `resolve`). The words
    /// are a function of these paths' values: what a cache of filled-in texts is keyed by.
    public func paths(_ tags: Tags, language: String) -> [DataPath] {
        Text.paths(parts, tags, language: language)
    }

    private static func paths(_ parts: [Part], _ tags: Tags, language: String) -> [DataPath] {
        parts.flatMap { part -> [DataPath] in
            switch part {
            case .literal: []
            case .path(let path): [path]
            case .feel(let expression): Text.variablePaths(expression)
            case .section(let section): Text.variablePaths(section.expression) + paths(section.body, tags, language: language)
            case .tag(let key):
                tags.interpolatingValue(key, language: language)?.parts.compactMap { if case .path(let path) = $0 { path } else { nil } } ?? []
            }
        }
    }

    /// The words of a text that reads only `$item` and `$index` (`readsOnlyItem`), read from the
    /// item itself: no scope of the data with the two added is built per item.
    public func resolve(_ tags: Tags, language: String, item: JSONValue, index: Int) -> String {
        resolve(tags, language: language, reading: { $0.get(item: item, index: index) }, nil)
    }

    private func resolve(_ tags: Tags, language: String, reading read: (DataPath) -> JSONValue,
                         _ escape: ((String) -> String)?, data: JSONValue? = nil) -> String {
        if parts.isEmpty { return source }
        if parts.count == 1 {
            // One part is given back as it is, unless it is a tag whose value reads data.
            switch parts[0] {
            case .literal(let literal): return literal
            case .path(let path): return Text.written(read(path), escape)
            case .feel, .section: break
            case .tag(let key):
                guard let value = tags.interpolatingValue(key, language: language) else { return tags.lookup(key, language: language) ?? key }
                var bytes: [UInt8] = []
                value.gather(into: &bytes, tags, language: language, reading: read, escape, readingTags: false, data: data)
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        // Gathered as bytes and made a string once: `String.append` cost some 400 instructions
        // a part, and a sentence with three values in it has seven parts.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.utf8.count + 32)
        gather(into: &bytes, tags, language: language, reading: read, escape, readingTags: true, data: data)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the words to `bytes`. A tag's value is read for its own `${path}`s, written into
    /// the same bytes; a tag inside a tag's value is not looked up (it stays as written). FEEL
    /// parts are evaluated on `data` (the scope of a collection's item holds `$item` and `$index`).
    private func gather(into bytes: inout [UInt8], _ tags: Tags, language: String, reading read: (DataPath) -> JSONValue,
                        _ escape: ((String) -> String)?, readingTags: Bool, data: JSONValue?) {
        if parts.isEmpty { return Text.append(source, to: &bytes) }
        Text.gather(parts, into: &bytes, tags, language: language, reading: read, escape, readingTags: readingTags, data: data)
    }

    private static func gather(_ parts: [Part], into bytes: inout [UInt8], _ tags: Tags, language: String,
                               reading read: (DataPath) -> JSONValue, _ escape: ((String) -> String)?, readingTags: Bool,
                               data: JSONValue?) {
        for part in parts {
            switch part {
            case .literal(let literal): append(literal, to: &bytes)
            case .path(let path): append(Text.written(read(path), escape), to: &bytes)
            case .feel(let expression):
                append(Text.written(TemplateSection.shown(expression, in: data ?? .null), escape), to: &bytes)
            case .section(let section):
                for scope in section.scopes(in: data ?? .null) {
                    gather(section.body, into: &bytes, tags, language: language, reading: { $0.get(in: scope) }, escape,
                           readingTags: readingTags, data: scope)
                }
            case .tag(let key):
                if !readingTags {
                    append("@@", to: &bytes); append(key, to: &bytes)
                } else if let value = tags.interpolatingValue(key, language: language) {
                    value.gather(into: &bytes, tags, language: language, reading: read, escape, readingTags: false, data: data)
                } else {
                    append(tags.lookup(key, language: language) ?? key, to: &bytes)
                }
            }
        }
    }

    /// From the text's contiguous bytes: appending its `utf8` view went through the generic
    /// sequence path (some 170 instructions a piece).
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    private static func written(_ value: JSONValue, _ escape: ((String) -> String)?) -> String {
        let text = value.displayString
        return escape.map { $0(text) } ?? text
    }

    private static func parse(_ source: String) -> [Part] {
        guard mayHoldMarkers(source) else { return [] }
        var parts: [Part] = []
        var literal = ""
        var index = source.startIndex
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
        }
        while index < source.endIndex {
            let rest = source[index...]
            if rest.hasPrefix("@@") {
                var end = source.index(index, offsetBy: 2)
                while end < source.endIndex, isTagCharacter(source[end]) { end = source.index(after: end) }
                var key = source[source.index(index, offsetBy: 2)..<end]
                while key.last == "." { key = key.dropLast(); end = source.index(before: end) }
                if !key.isEmpty {
                    flush()
                    parts.append(.tag(String(key)))
                    index = end
                    continue
                }
            } else if rest.hasPrefix("${"), let close = rest.firstIndex(of: "}") {
                let inner = source[source.index(index, offsetBy: 2)..<close]
                if let path = try? DataPath(String(inner).trimmingWhitespace()) {
                    flush()
                    parts.append(.path(path))
                    index = source.index(after: close)
                    continue
                }
            }
            literal.append(source[index])
            index = source.index(after: index)
        }
        flush()
        return parts
    }

    /// Whether `source` contains `@@` or `${`: a byte scan, since every label of every page
    /// (and every enumeration option) is parsed through here.
    private static func mayHoldMarkers(_ source: String) -> Bool {
        contains(source) { previous, byte in
            (previous == UInt8(ascii: "@") && byte == UInt8(ascii: "@"))
                || (previous == UInt8(ascii: "$") && byte == UInt8(ascii: "{"))
        }
    }

    /// Whether a tag's value holds a `${path}`: asked for every tag on every page, and
    /// Foundation's `contains` costs a `range(of:)` search each time.
    static func interpolates(_ value: String) -> Bool {
        contains(value) { previous, byte in previous == UInt8(ascii: "$") && byte == UInt8(ascii: "{") }
    }

    /// Whether some pair of neighbouring bytes of `text` is a marker.
    private static func contains(_ text: String, marker: (UInt8, UInt8) -> Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if marker(previous, byte) { return true }
            previous = byte
        }
        return false
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
