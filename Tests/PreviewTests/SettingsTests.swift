import Foundation
import Testing
import TestSupport
@testable import Preview

/// `POST /settings` (http.md): language, theme and appearance are stored in the session.
@Suite(.serialized) struct PreviewSettings {
    @Test func switchingToRomanianChangesTheLanguageOfEveryPage() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let saved = try browser.post("/settings", [("language", "ro"), ("theme", "high-contrast"), ("appearance", "dark")])
        #expect(saved.status == 303)
        #expect(saved.header("Location") == "/")
        let page = try browser.get("/")
        let html = try #require(page.html.all("html").first)
        #expect(html["lang"] == "ro")
        #expect(html["data-appearance"] == "dark")
        #expect(page.html.all("link").contains { $0["href"] == "/themes/high-contrast.css" })
        let settings = try #require(page.html.all("form").first { $0["action"] == "/settings" })
        let chosen = settings.all("option").filter { $0["selected"] != nil }.compactMap { $0["value"] }
        #expect(chosen == ["ro", "high-contrast"])
    }

    @Test func aValueTheProjectDoesNotOfferIsIgnored() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        _ = try browser.post("/settings", [("language", "xx"), ("theme", "../../etc"), ("appearance", "sepia")])
        let html = try #require(try browser.get("/").html.all("html").first)
        #expect(html["lang"] == "en")
        #expect(html["data-appearance"] == "auto")
    }

    @Test func settingsWithoutTheCSRFTokenAreForbidden() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        #expect(try browser.post("/settings", [("language", "ro")], csrf: false).status == 403)
        #expect(try browser.get("/").html.all("html").first?["lang"] == "en")
    }

    @Test func aDeviceWidthFramesEveryPageUntilFullWidthIsChosenAgain() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        _ = try browser.post("/settings", [("device", "phone")])
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).html.first("html")?["data-device"] == "phone")
        _ = try browser.post("/settings", [("device", "watch")])
        #expect(try browser.get("/").html.first("html")?["data-device"] == "phone", "an unknown width is ignored")
        _ = try browser.post("/settings", [("device", "full")])
        #expect(try browser.get("/").html.first("html")?["data-device"] == "full")
    }
}
