import Foundation
import Testing
import TestSupport
@testable import Preview
@testable import Rendering

/// What the comfort script's upload progress relies on (http.md: "upload progress" is comfort,
/// never required): its words come from the page in the page's language, the answers it shows
/// in place are whole pages, and the script itself obeys the page's Content-Security-Policy.
@Suite(.serialized) struct UploadProgress {
    /// The `data-fs-upload-*` words of the screen form of `page`.
    func words(_ page: TestHTTPClient.Reply) throws -> [String: String] {
        let form = try #require(page.html.all("form").first { $0.hasClass("fs-form") })
        var words: [String: String] = [:]
        for name in ["busy", "progress", "percent", "sent"] { words[name] = form["data-fs-upload-\(name)"] }
        return words
    }

    @Test func aFileFormCarriesTheProgressWordsInThePagesLanguage() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        for language in ["en", "ro"] {
            _ = try browser.post("/settings", [("language", language)])
            let words = try words(try browser.get(instance))
            let ui = RepositoryPaths.shippedWords(language)
            #expect(words == ["busy": ui["uploadBusy"], "progress": ui["uploadProgress"], "percent": ui["uploadPercent"],
                              "sent": ui["uploadSent"]])
            #expect(words["percent"]?.contains("{x}") == true, "the script fills in the percentage")
        }
    }

    @Test func aFormWithoutAFileCarriesNoProgressWords() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get(try browser.startLoan())
        #expect(try words(page).isEmpty)
    }

    @Test func everyProgressWordIsTranslatedInEveryShippedLanguage() {
        let english = RepositoryPaths.shippedWords.byLanguage["en"] ?? [:]
        for (language, words) in RepositoryPaths.shippedWords.byLanguage where language != "en" {
            for key in ["uploadBusy", "uploadProgress", "uploadPercent", "uploadSent"] {
                #expect(words[key] != nil && words[key] != english[key], "\(key) in \(language)")
            }
        }
    }

    /// A refused upload (422) answers a whole HTML page — the script writes it in place of the
    /// screen, and that page's own script focuses its error summary.
    @Test func aRefusedUploadAnswersAWholePageWithItsErrorSummary() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")],
                                         files: [("proof", "notes.txt", Array("hello".utf8))])
        #expect(page.status == 422)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.html.element(id: "error-summary") != nil)
        #expect(page.html.all("script").contains { $0["src"] == "/public/flowstage.js" })
        #expect(try words(page)["percent"] != nil, "the re-rendered form can show progress again")
    }

    /// The page's policy is `script-src 'self'; style-src 'self'`: the script writes no style
    /// attribute and no markup string of its own, and takes its words from the page.
    @Test func theComfortScriptSetsNoInlineStyleAndHardCodesNoUploadWords() throws {
        let script = try String(contentsOf: RepositoryPaths.publicFolder.appendingPathComponent("flowstage.js"), encoding: .utf8)
        for forbidden in [".style.", "setAttribute(\"style\"", "cssText", "innerHTML", "insertAdjacentHTML", "eval(",
                          "Uploading", "Se încarcă"] {
            #expect(!script.contains(forbidden), "flowstage.js uses \(forbidden)")
        }
        let css = try String(contentsOf: RepositoryPaths.publicFolder.appendingPathComponent("flowstage.css"), encoding: .utf8)
        for selector in [".fs-upload-progress {", ".fs-upload-progress[hidden]", ".fs-upload-progress__bar {"] {
            #expect(css.contains(selector), "flowstage.css styles \(selector)")
        }
    }
}
