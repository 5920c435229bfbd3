import Foundation
import Testing
import TestSupport
@testable import Markdown

/// `Markdown.escaped`: instance data placed into markdown comes out of cmark as the same text,
/// in one paragraph, whatever markdown it looks like.
@Suite struct MarkdownEscaping {
    /// The parsed fragment of `value` escaped and put through cmark.
    func parsed(_ value: String, around: (String) -> String = { $0 }) -> HTMLElement {
        HTMLDocument.parse(Markdown.html(around(Markdown.escaped(value))))
    }

    @Test func escapedDataShowsAsTypedInOneParagraph() {
        for value in ["[Claim](https://x) <b>x</b> *s*", "<script>alert(1)</script>", "a_b_ `code` ~~x~~ **y**",
                      "&amp; &copy; \\* \\", "\"quoted\" -- 'single' ...", "<https://example.org>", "![i](x.png)",
                      "[a]: https://x", "a | b", "{x} ^y @z $w %v =u ?t ;s :r /q .p ,o !n"] {
            let root = parsed(value)
            #expect(root.children.map(\.tag) == ["p"], "\(value)")
            #expect(root.first("p")?.children.isEmpty == true, "no element in \(value)")
            #expect(root.first("p")?.textParts.joined() == value)
        }
    }

    @Test func escapedDataAtALineStartOpensNoBlock() {
        for value in ["# Heading", "- item", "+ item", "* item", "1. item", "2) item", "> quote", "    code", "\tcode",
                      "```", "~~~", "***", "---", "===", "<div>x</div>", "<!-- c -->"] {
            let root = parsed(value)
            #expect(root.children.map(\.tag) == ["p"], "\(value)")
            #expect(root.first("p")?.children.isEmpty == true, "no element in \(value)")
            #expect(root.first("p")?.text == value.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func aLineBreakInEscapedDataStaysInItsParagraph() {
        let root = parsed("first\n\n# second\r\n- third\r    fourth")
        #expect(root.children.map(\.tag) == ["p"])
        #expect(root.first("p")?.children.isEmpty == true)
        #expect(root.first("p")?.text == "first # second - third fourth")
    }

    @Test func theMarkdownAroundEscapedDataStaysMarkdown() {
        let root = parsed("*s* [x](y)") { "Hello **\($0)**" }
        #expect(root.first("strong")?.text == "*s* [x](y)")
        #expect(root.all("a").isEmpty && root.all("em").isEmpty)
    }
}
