/// A lexical piece of a template source. Comments and delimiter changes are consumed by the
/// tokenizer; offsets (in bytes) point at the tag's opening delimiter, for error messages.
enum TemplateToken: Equatable {
    case text(Range<Int>)
    case variable(name: String, escaped: Bool, offset: Int)
    case section(name: String, inverted: Bool, offset: Int)
    case close(name: String, offset: Int)
    /// `indentation` is the whitespace before a standalone partial tag, else empty.
    case partial(name: String, indentation: String, offset: Int)
}

/// A syntax error at a byte offset; the compiler turns it into a `TemplateError`.
struct TemplateSyntaxError: Error {
    let offset: Int
    let message: String
}

/// Splits a template source into tokens, applying set-delimiter tags and the spec's
/// standalone-line rule (a section, inverted, close, comment, partial or delimiter tag alone on
/// its line takes the whole line with it).
struct TemplateTokenizer {
    private let source: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)

    init(source: [UInt8]) {
        self.source = source
    }

    /// What kind of tag the character after the opening delimiter makes.
    private enum Kind {
        case variable, triple, ampersand, comment, section, inverted, close, partial, delimiters

        var canStandAlone: Bool {
            switch self {
            case .variable, .triple, .ampersand: false
            case .comment, .section, .inverted, .close, .partial, .delimiters: true
            }
        }
    }

    mutating func tokenize() throws(TemplateSyntaxError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var textStart = 0
        var position = 0
        while let tagStart = find(open, from: position) {
            var cursor = tagStart + open.count
            let kind = try kind(at: cursor, tagStart: tagStart)
            if kind != .variable { cursor += 1 }

            // Where the tag's content ends and the whole tag ends.
            let terminator: [UInt8] = switch kind {
            case .triple: Array("}".utf8) + close
            case .delimiters: Array("=".utf8) + close
            default: close
            }
            guard let contentEnd = find(terminator, from: cursor) else {
                let expected = String(decoding: terminator, as: UTF8.self)
                throw TemplateSyntaxError(offset: tagStart, message: "unclosed tag: no '\(expected)' after it")
            }
            let tagEnd = contentEnd + terminator.count
            let content = trimmed(cursor..<contentEnd)

            var textEnd = tagStart
            position = tagEnd
            var indentation = ""
            if kind.canStandAlone, let (lineStart, nextLine) = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
                textEnd = lineStart
                position = nextLine
                indentation = String(decoding: source[lineStart..<tagStart], as: UTF8.self)
            }
            if textStart < textEnd { tokens.append(.text(textStart..<textEnd)) }
            textStart = position

            switch kind {
            case .comment:
                break
            case .delimiters:
                try setDelimiters(content, tagStart: tagStart)
            case .variable, .triple, .ampersand:
                let name = try validName(content, tagStart: tagStart)
                tokens.append(.variable(name: name, escaped: kind == .variable, offset: tagStart))
            case .section, .inverted:
                let name = try validName(content, tagStart: tagStart)
                tokens.append(.section(name: name, inverted: kind == .inverted, offset: tagStart))
            case .close:
                let name = try validName(content, tagStart: tagStart)
                tokens.append(.close(name: name, offset: tagStart))
            case .partial:
                if content.first == "*" {
                    throw TemplateSyntaxError(offset: tagStart, message: "dynamic partial names ('{{>*…}}') are not supported")
                }
                let name = try validName(content, tagStart: tagStart, dotted: false)
                tokens.append(.partial(name: name, indentation: indentation, offset: tagStart))
            }
        }
        if textStart < source.count { tokens.append(.text(textStart..<source.count)) }
        return tokens
    }

    // MARK: Pieces

    private func kind(at index: Int, tagStart: Int) throws(TemplateSyntaxError) -> Kind {
        guard index < source.count else {
            throw TemplateSyntaxError(offset: tagStart, message: "unclosed tag at end of template")
        }
        switch source[index] {
        case UInt8(ascii: "{"): return .triple
        case UInt8(ascii: "&"): return .ampersand
        case UInt8(ascii: "!"): return .comment
        case UInt8(ascii: "#"): return .section
        case UInt8(ascii: "^"): return .inverted
        case UInt8(ascii: "/"): return .close
        case UInt8(ascii: ">"): return .partial
        case UInt8(ascii: "="): return .delimiters
        case UInt8(ascii: "$"), UInt8(ascii: "<"):
            throw TemplateSyntaxError(offset: tagStart, message: "template inheritance ('{{$…}}', '{{<…}}') is not supported")
        default: return .variable
        }
    }

    /// `{{=<% %>=}}`: two delimiters separated by whitespace, neither containing whitespace or `=`.
    private mutating func setDelimiters(_ content: String, tagStart: Int) throws(TemplateSyntaxError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw TemplateSyntaxError(offset: tagStart, message: "set-delimiter tag needs two delimiters, like '{{=<% %>=}}'")
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    /// Names are non-empty, without whitespace; dotted names have no empty segment.
    private func validName(_ content: String, tagStart: Int, dotted: Bool = true) throws(TemplateSyntaxError) -> String {
        guard !content.isEmpty else {
            throw TemplateSyntaxError(offset: tagStart, message: "empty tag name")
        }
        if content.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            throw TemplateSyntaxError(offset: tagStart, message: "invalid tag name '\(content)': names contain no spaces")
        }
        if dotted, content != ".", content.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw TemplateSyntaxError(offset: tagStart, message: "invalid tag name '\(content)': empty segment in dotted name")
        }
        return content
    }

    /// If the tag is alone on its line (only spaces/tabs around it), the line's start and where
    /// the next line begins.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (lineStart: Int, nextLine: Int)? {
        var lineStart = tagStart
        while lineStart > 0, isBlank(source[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || source[lineStart - 1] == UInt8(ascii: "\n") else { return nil }
        var end = tagEnd
        while end < source.count, isBlank(source[end]) { end += 1 }
        if end == source.count { return (lineStart, end) }
        if source[end] == UInt8(ascii: "\n") { return (lineStart, end + 1) }
        if source[end] == UInt8(ascii: "\r"), end + 1 < source.count, source[end + 1] == UInt8(ascii: "\n") {
            return (lineStart, end + 2)
        }
        return nil
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        while lower < upper, isSpace(source[lower]) { lower += 1 }
        while upper > lower, isSpace(source[upper - 1]) { upper -= 1 }
        return String(decoding: source[lower..<upper], as: UTF8.self)
    }

    /// First index of `needle` at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first {
                var matched = true
                for offset in 1..<needle.count where source[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
