import Foundation
import Testing
import TestSupport
@testable import Preview

/// Issue 19: changing `theme` (or `languages`) in project.json reaches open sessions on their
/// next page, unless the person chose another theme (or language) in the settings.
@Suite(.serialized) struct ProjectSettingsReachSessions {
    func themeLink(_ page: TestHTTPClient.Reply) -> String? {
        page.html.all("link").compactMap { $0["href"] }.first { $0.hasPrefix("/themes/") }
    }

    @Test func changingTheThemeInProjectJSONReachesAnOpenSessionOnItsNextPage() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        #expect(themeLink(try browser.get("/")) == "/themes/default.css")
        try project.edit("project.json") { $0.replacingOccurrences(of: #""theme": "default""#, with: #""theme": "ocean""#) }
        #expect(project.live.reloadIfChanged() == .reloaded)
        let page = try browser.get("/")
        #expect(page.header("Set-Cookie") == nil, "the same session")
        #expect(themeLink(page) == "/themes/ocean.css")
    }

    @Test func aThemeChosenInTheSettingsIsKeptWhenProjectJSONChangesItsTheme() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        _ = try browser.get("/")
        #expect(try browser.post("/settings", [("language", "en"), ("theme", "high-contrast"), ("appearance", "auto")]).status == 303)
        try project.edit("project.json") { $0.replacingOccurrences(of: #""theme": "default""#, with: #""theme": "ocean""#) }
        #expect(project.live.reloadIfChanged() == .reloaded)
        #expect(themeLink(try browser.get("/")) == "/themes/high-contrast.css")
    }

    @Test func changingTheLanguagesInProjectJSONReachesAnOpenSessionOnItsNextPage() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        #expect(try browser.get("/").html.first("html")?["lang"] == "en")
        try project.edit("project.json") {
            $0.replacingOccurrences(of: #""languages": ["en", "ro", "de", "ar"]"#, with: #""languages": ["ro", "en"]"#)
                .replacingOccurrences(of: #""defaultLanguage": "en""#, with: #""defaultLanguage": "ro""#)
        }
        #expect(project.live.reloadIfChanged() == .reloaded)
        #expect(try browser.get("/").html.first("html")?["lang"] == "ro")
    }

    @Test func aLanguageChosenInTheSettingsThatTheProjectDropsFallsBackToTheDefaultLanguage() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        _ = try browser.get("/")
        _ = try browser.post("/settings", [("language", "ro"), ("theme", "default"), ("appearance", "auto")])
        #expect(try browser.get("/").html.first("html")?["lang"] == "ro")
        try project.edit("project.json") { $0.replacingOccurrences(of: #""languages": ["en", "ro", "de", "ar"]"#, with: #""languages": ["en"]"#) }
        #expect(project.live.reloadIfChanged() == .reloaded)
        #expect(try browser.get("/").html.first("html")?["lang"] == "en")
    }
}
