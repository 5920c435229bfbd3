import Markdown
/// The HTML of a form-js `html` component as markdown: its words, paragraphs, emphasis,
/// lists and links kept; every other tag dropped. Never raw HTML on the page: the result goes
/// through cmark's safe mode like any text.
enum HTMLToMarkdown {
    static func convert(_ html: String) -> String {
        var out = ""
        var index = html.startIndex
        var link: String?
        var listDepth = 0
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close]
                let closing = tag.hasPrefix("/")
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                switch name {
                case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "table", "tr":
                    out += "\n\n"
                    if !closing, name.hasPrefix("h"), let level = Int(name.dropFirst()) { out += String(repeating: "#", count: min(6, level + 1)) + " " }
                case "br": out += "  \n"
                case "strong", "b": out += "**"
                case "em", "i": out += "*"
                case "ul", "ol": listDepth += closing ? -1 : 1; out += "\n\n"
                case "li": if !closing { out += "\n" + String(repeating: "  ", count: max(0, listDepth - 1)) + "- " }
                case "a":
                    if closing {
                        if let target = link { out += "](\(target))" }
                        link = nil
                    } else if let href = attribute("href", in: String(tag)), href.hasPrefix("https://") || href.hasPrefix("http://") || href.hasPrefix("mailto:") {
                        link = href.replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: " ", with: "%20")
                        out += "["
                    }
                case "script", "style":
                    if !closing, let end = html.range(of: "</\(name)", options: .caseInsensitive, range: close..<html.endIndex) {
                        index = html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                        continue
                    }
                default: break
                }
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";") {
                let entity = String(html[html.index(after: index)..<semicolon])
                if let decoded = entities[entity] {
                    out += Markdown.escaped(decoded)
                    index = html.index(after: semicolon)
                    continue
                }
            }
            out += character.isNewline ? " " : Markdown.escaped(String(character))
            index = html.index(after: index)
        }
        return out.trimmingWhitespace()
    }

    private static let entities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=") else { return nil }
        let rest = tag[range.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return String(value)
    }
}
