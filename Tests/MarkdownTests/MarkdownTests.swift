import Testing
@testable import Markdown

@Suite struct MarkdownSafeMode {
    @Test func emphasisAndLinksBecomeHTML() {
        let html = Markdown.html("We will call you within **two days**. See [terms](https://example.org/terms).")
        #expect(html.contains("<strong>two days</strong>"))
        #expect(html.contains(#"<a href="https://example.org/terms">terms</a>"#))
    }

    @Test func rawHTMLNeverReachesThePage() {
        let html = Markdown.html("Hello <script>alert(1)</script> <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
    }

    @Test func javascriptLinksAreDropped() {
        let html = Markdown.html("[click](javascript:alert(1))")
        #expect(!html.contains("javascript:"))
    }

    @Test func inlineHTMLHasNoParagraph() {
        #expect(Markdown.inlineHTML("Just *one* line") == "Just <em>one</em> line")
    }
}
