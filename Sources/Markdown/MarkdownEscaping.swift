extension Markdown {
    /// `text` as markdown that cmark renders as exactly that text: for instance data placed
    /// into a designer's markdown, so a value never becomes a link, markup, raw HTML (an
    /// "omitted HTML" comment in safe mode) or a block such as a heading or a list.
    ///
    /// Every ASCII punctuation character is backslash-escaped (CommonMark allows it for all of
    /// them; `\<` renders `&lt;`), which also defuses line-start markers (`#`, `-`, `+`, `1.`,
    /// `>`) and smart punctuation. A line break becomes a space, so a value stays inside its
    /// paragraph as HTML would show it; leading whitespace is written as a character reference
    /// so four spaces cannot open a code block.
    public static func escaped(_ text: String) -> String {
        let startsWithBlank = text.utf8.first == UInt8(ascii: " ") || text.utf8.first == UInt8(ascii: "\t")
        guard startsWithBlank || anyNeedsEscape(text) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var leading = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\n") where previous == UInt8(ascii: "\r"):
                continue   // the CR already became a space
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                out.append(UInt8(ascii: " "))
            case UInt8(ascii: " ") where leading, UInt8(ascii: "\t") where leading:
                out.append(contentsOf: Array("&#\(byte);".utf8))
                leading = false
                continue
            case _ where isPunctuation(byte):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            default:
                out.append(byte)
            }
            leading = false
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        isPunctuation(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Over the contiguous bytes in a plain loop: `utf8.contains(where:)` cost some fifteen
    /// instructions a byte, and every value a page's markdown reads is asked.
    private static func anyNeedsEscape(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                if needsEscape(bytes[index]) { return true }
                index += 1
            }
            return false
        } ?? text.utf8.contains(where: needsEscape)
    }

    /// CommonMark's ASCII punctuation: `!` to `/`, `:` to `@`, `[` to `` ` `` and `{` to `~`.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }
}
