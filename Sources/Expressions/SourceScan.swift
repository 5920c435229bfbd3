/// The scanning FlowStage's expression lexer and the JUEL importer's do the same way, over a
/// source's characters: digits, names, symbols and quoted text. Each lexer keeps what is its
/// language's: its symbols, the characters of its names, its escapes, its tokens and its messages.
public enum SourceScan {
    public static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    /// The end of the number at `start`: digits, then one `.` and digits (`12`, `3.5`, `.5`;
    /// `3.` ends before its dot).
    public static func numberEnd(_ chars: [Character], from start: Int) -> Int {
        var end = start
        while end < chars.count, isDigit(chars[end]) { end += 1 }
        if end + 1 < chars.count, chars[end] == ".", isDigit(chars[end + 1]) {
            end += 1
            while end < chars.count, isDigit(chars[end]) { end += 1 }
        }
        return end
    }

    /// The end of the name that starts at `start`, its later characters those `isPart` takes.
    public static func nameEnd(_ chars: [Character], from start: Int, isPart: (Character) -> Bool) -> Int {
        var end = start + 1
        while end < chars.count, isPart(chars[end]) { end += 1 }
        return end
    }

    /// The first of `symbols` spelled at `index` (list longer symbols before their prefixes).
    public static func symbol(_ symbols: [String], in chars: [Character], at index: Int) -> String? {
        symbols.first { symbol in
            var at = index
            for c in symbol {
                guard at < chars.count, chars[at] == c else { return false }
                at += 1
            }
            return true
        }
    }

    /// Quoted text whose opening quote is at `open`.
    public enum Quoted: Equatable {
        /// The text between the quotes, escapes read, and the index of the closing quote.
        case text(String, close: Int)
        case unclosed
    }

    /// Reads quoted text: the first unescaped `chars[open]` closes it. A backslash hands the
    /// index of the character after it to `escaped`, which gives that escape's text and may move
    /// the index onto the escape's last character.
    public static func quoted(_ chars: [Character], open: Int, escaped: (_ chars: [Character], _ at: inout Int) -> String) -> Quoted {
        let quote = chars[open]
        var text = ""
        var index = open + 1
        while index < chars.count {
            if chars[index] == quote { return .text(text, close: index) }
            if chars[index] == "\\", index + 1 < chars.count {
                index += 1
                text += escaped(chars, &index)
            } else {
                text.append(chars[index])
            }
            index += 1
        }
        return .unclosed
    }
}
