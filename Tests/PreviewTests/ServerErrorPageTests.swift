import Foundation
import HTTP
import Testing
import TestSupport
@testable import Preview

/// The errors the server answers by itself (http.md, "Limits") are pages of the project: its
/// theme, and words in its default language.
@Suite(.serialized) struct ServerErrorPages {
    @Test func aFormWithTooManyFieldsGetsAThemedPageThatSaysTheLimit() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let fields = (0..<(ServerConfiguration().maxFields + 1)).map { ("f\($0)", "x") }
        let reply = try browser.post(instance + "/actions/continue", fields)
        #expect(reply.status == 413)
        let page = reply.html
        #expect(page.first("h1")?.text == "The form has too many fields")
        #expect(page.first("main")?.text.contains("more than \(ServerConfiguration().maxFields.formatted()) fields") == true)
        #expect(page.all("link").contains { $0["href"]?.hasPrefix("/themes/") == true }, "in the project's theme")
        #expect(reply.header("X-Frame-Options") == "DENY")
        #expect(PageAudit.check(html: reply.text).isEmpty)
    }

    @Test func theWordsAreTheDefaultLanguagesAndTheLimitIsWrittenInItsForm() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["de", "en"], "defaultLanguage": "de" }"#,
            "processes/p.json": #"{ "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#,
        ])
        let app = try PreviewLoader.load(project: folder, resources: RepositoryPaths.root, sessions: SessionStore())
        let response = app.serverErrorPage(ServerError(status: 413, reason: .uploadTooLarge, limit: 15 << 19, message: "The upload was larger than 7.5 MiB."))
        #expect(response.status == 413)
        let page = HTMLDocument.parse(String(decoding: response.body, as: UTF8.self))
        #expect(page.first("html")?["lang"] == "de")
        #expect(page.first("h1")?.text == "Der Upload ist zu groß")
        #expect(page.first("main")?.text.contains("größer als 7,5 MB") == true, "\(page.first("main")?.text ?? "")")
    }

    @Test func everyReasonHasItsWordsInEveryShippedLanguage() {
        for (language, words) in RepositoryPaths.shippedWords.byLanguage {
            for reason in ServerError.Reason.allCases {
                #expect(words["serverError.\(reason.rawValue)"] != nil && words["serverError.\(reason.rawValue)Lead"] != nil,
                        "\(language) \(reason)")
            }
        }
    }
}
