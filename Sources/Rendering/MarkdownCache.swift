import Definitions
import Expressions
import Foundation
import Markdown
import Synchronization

/// Markdown that reads no instance data rendered once at load, per language; markdown that reads
/// instance data goes through cmark on each render (about 30 µs for 3 KB).
struct MarkdownCache: Sendable {
    private var html: [String: String] = [:]
    /// Markdown that reads data, by its text once the data is filled in: a page viewed again
    /// with the same data is not parsed again. Bounded crudely (full: start again).
    private let filled = Filled()
    static let filledLimit = 1_024

    private final class Filled: Sendable {
        let table = Mutex<[Source: String]>([:])
    }

    /// A filled-in markdown text as a key: its bytes, never made a `String` unless new (the
    /// validation cost more than the look-up). `Hasher` over the bytes cost a thousand
    /// instructions for a sentence: they are folded eight at a time (FNV-1a over words) and
    /// only that word is hashed; keys are compared with `memcmp`, not element by element.
    private struct Source: Hashable, Sendable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.withUnsafeBytes { bytes in
                var folded: UInt64 = 0xcbf2_9ce4_8422_2325
                var index = 0
                while index + 8 <= bytes.count {
                    folded = (folded ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
                    index += 8
                }
                while index < bytes.count {
                    folded = (folded ^ UInt64(bytes[index])) &* 0x100_0000_01b3
                    index += 1
                }
                return folded
            })
        }

        static func == (a: Source, b: Source) -> Bool {
            a.bytes.count == b.bytes.count && a.bytes.withUnsafeBytes { a in
                b.bytes.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
        }
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

    /// `text` as HTML; instance data it interpolates is escaped for markdown first, so a value
    /// shows as typed and never as a link or markup (the designer's markdown and tags stay markdown).
    func render(_ text: Text, tags: Tags, language: String, data: JSONValue) -> String {
        if let cached = html[MarkdownCache.key(text, language)] { return cached }
        return renderFilled(text, tags: tags, language: language, data: data)
    }

    /// `text`, which reads data in `language` (`ComponentRequestRule.markdown`), as HTML: the
    /// texts rendered at load are not asked (the key's text hashed per page cost more than the
    /// rest of a kept text's look-up).
    func renderFilled(_ text: Text, tags: Tags, language: String, data: JSONValue) -> String {
        let source = Source(bytes: text.resolvedBytes(tags, language: language, data: data, escapingValues: Markdown.escaped))
        if let known = filled.table.withLock({ $0[source] }) { return known }
        let rendered = Markdown.html(String(decoding: source.bytes, as: UTF8.self))
        filled.table.withLock { filled in
            if filled.count >= MarkdownCache.filledLimit { filled.removeAll() }
            filled[source] = rendered
        }
        return rendered
    }

    private static func key(_ text: Text, _ language: String) -> String {
        language + "\u{0}" + text.source
    }
}
