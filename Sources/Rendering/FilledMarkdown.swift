import Definitions
import Expressions
import Markdown

/// A markdown text that reads data, in one language: its HTML remembered by the values it read.
/// A page viewed again with the same values is neither filled in nor parsed again; the values
/// (a few numbers and names) are the key, not the filled-in text: filling a sentence in to look
/// it up cost three times as much as reading its values.
final class FilledMarkdown: Sendable {
    let text: Text
    let language: String
    /// The data paths the text reads in `language`, its tags' own included, in order.
    let paths: [DataPath]
    /// A text asking the clock is filled in on every view.
    let readsClock: Bool
    /// Pages kept per text (values come from people's data, so there may be many).
    private let pages = KeptResults<ReadValues, String>(limit: 256)

    init(_ text: Text, tags: Tags, language: String) {
        self.text = text
        self.language = language
        self.paths = text.paths(tags, language: language)
        self.readsClock = text.readsClock
    }

    /// The text filled in from `data` as HTML; data is escaped for markdown first, so a value shows
    /// as typed and never as a link or markup (the designer's markdown and tags stay markdown).
    func html(tags: Tags, data: JSONValue) -> String {
        let values = ReadValues(reading: paths, in: data)
        if !readsClock, let known = pages.value(for: values) { return known }
        let rendered = Markdown.html(text.resolve(tags, language: language, data: data, escapingValues: Markdown.escaped))
        if !readsClock { pages.keep(rendered, for: values) }
        return rendered
    }
}
