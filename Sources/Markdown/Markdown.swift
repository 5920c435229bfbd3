import CCmark

/// Markdown to HTML through cmark in safe mode.
///
/// Safe mode is cmark's default since 0.30: raw HTML becomes a comment and
/// `javascript:`/`vbscript:`/`file:` and most `data:` links are dropped. We never pass
/// `CMARK_OPT_UNSAFE`, so project authors cannot put live markup on a page.
public enum Markdown {
    /// Converts CommonMark to an HTML fragment.
    public static func html(_ source: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        let length = source.utf8.count
        guard let pointer = source.withCString({ cmark_markdown_to_html($0, length, options) }) else {
            return ""
        }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Converts markdown that holds one short paragraph (a label, an end message line)
    /// without wrapping it in `<p>`, so it can sit inside inline elements.
    public static func inlineHTML(_ source: String) -> String {
        var html = Markdown.html(source)
        while html.last == "\n" { html.removeLast() }
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), !html.dropFirst(3).contains("<p>") {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }
}
