/// Tests assert on parsed structure with the audit's own HTML parser, so there is one parser.
@_exported import Audit

extension HTMLElement {
    /// A label's or legend's own words: its text without the "(optional)" an optional field's
    /// label ends with.
    public var labelWords: String {
        var words = text
        for marker in all(where: { $0.hasClass("fs-optional") }) {
            if let range = words.range(of: " " + marker.text, options: .backwards) { words.removeSubrange(range) }
        }
        return words
    }
}
