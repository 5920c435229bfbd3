/// Plain text made safe to place in markdown: every character markdown could read as markup
/// is backslash-escaped, so the words show exactly as written.
enum MarkdownEscape {
    static let special: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!",
                                          "<", ">", "|", "~", "&", "\""]

    static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
