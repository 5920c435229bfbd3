import Definitions
import Expressions
import Markdown
import Synchronization

/// Markdown that reads no instance data rendered once at load, per language; markdown that reads
/// instance data through cmark (about 30 µs for 3 KB) once per values it reads (`FilledMarkdown`).
struct MarkdownCache: Sendable {
    private var html: [String: String] = [:]
    /// Markdown that reads data, per text and language (`FilledMarkdown`), made on first use.
    /// Bounded crudely (full: start again).
    private let filled = Filled()
    static let filledLimit = 1_024

    private final class Filled: Sendable {
        let table = Mutex<[String: FilledMarkdown]>([:])
    }

    init(project: Project) {
        for process in project.processes {
            var texts: [Text] = []
            for node in process.nodes {
                if let task = node.userTask {
                    texts += task.screen.flatMap(\.flattened).compactMap(\.markdown)
                }
                if case .end(_, let message?, _) = node.kind { texts.append(message) }
            }
            for text in texts {
                for language in project.languages where !text.dependsOnData(project.tags, language: language) {
                    let source = text.resolve(project.tags, language: language, data: .null)
                    html[MarkdownCache.key(text, language)] = Markdown.html(source)
                }
            }
        }
    }

    /// `text` as HTML; instance data it interpolates is escaped for markdown first (`FilledMarkdown`).
    func render(_ text: Text, tags: Tags, language: String, data: JSONValue) -> String {
        let key = MarkdownCache.key(text, language)
        if let cached = html[key] { return cached }
        return filled(text, tags: tags, language: language, key: key).html(tags: tags, data: data)
    }

    /// `text`, which reads data in `language`, with the pages it was filled into: a page plan's
    /// entry keeps it (`ComponentRequestRule.markdown`), so a request looks up no text.
    func filled(_ text: Text, tags: Tags, language: String) -> FilledMarkdown {
        filled(text, tags: tags, language: language, key: MarkdownCache.key(text, language))
    }

    private func filled(_ text: Text, tags: Tags, language: String, key: String) -> FilledMarkdown {
        if let known = filled.table.withLock({ $0[key] }) { return known }
        let made = FilledMarkdown(text, tags: tags, language: language)
        return filled.table.withLock { table in
            if let raced = table[key] { return raced }
            if table.count >= MarkdownCache.filledLimit { table.removeAll() }
            table[key] = made
            return made
        }
    }

    private static func key(_ text: Text, _ language: String) -> String {
        language + "\u{0}" + text.source
    }
}
