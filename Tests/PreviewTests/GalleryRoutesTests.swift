import Foundation
import Testing
import TestSupport
@testable import Preview

/// `GET /gallery` and `GET /gallery/{component}`: the component gallery in the session's look.
@Suite(.serialized) struct GalleryRoutes {
    @Test func theGalleryIndexListsEveryComponentAndTheCatalogueLinksToIt() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let catalogue = try browser.get("/")
        #expect(catalogue.html.all("a").contains { $0["href"] == "/gallery" })
        let index = try browser.get("/gallery")
        #expect(index.status == 200)
        #expect(index.html.all("h1").count == 1)
        let links = Set(index.html.all("a").compactMap { $0["href"] })
        for component in ["input", "button", "radio", "fileUpload", "table", "collection"] {
            #expect(links.contains("/gallery/\(component)"), "the index links to \(component)")
        }
    }

    @Test func aComponentPageIsDrawnInTheSessionsThemeAppearanceAndLanguage() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        _ = try browser.post("/settings", [("language", "ro"), ("theme", "high-contrast"), ("appearance", "dark"), ("device", "phone")])
        let page = try browser.get("/gallery/input")
        #expect(page.status == 200)
        let html = try #require(page.html.first("html"))
        #expect(html["lang"] == "ro")
        #expect(html["data-appearance"] == "dark")
        #expect(html["data-device"] == "phone")
        #expect(page.html.all("link").contains { $0["href"] == "/themes/high-contrast.css" })
        #expect(page.html.all("h1").count == 1)
        #expect(page.html.all("input").contains { $0["aria-invalid"] == "true" }, "the error example shows its error")
    }

    /// Gallery pages are printed from plans made on first view: the look of a later request is
    /// still that request's own, and each language has its own words.
    @Test func aGalleryPageSeenAgainFollowsTheLookAndLanguageChosenSince() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        for path in ["/gallery", "/gallery/slider"] {
            _ = try browser.get("/")   // the catalogue's token: a gallery page carries none
            _ = try browser.post("/settings", [("language", "en"), ("theme", "default"), ("appearance", "light"), ("device", "full")])
            let first = try browser.get(path)
            _ = try browser.get("/")
            _ = try browser.post("/settings", [("language", "ro"), ("theme", "high-contrast"), ("appearance", "dark"), ("device", "phone")])
            let second = try browser.get(path)
            let (before, after) = (try #require(first.html.first("html")), try #require(second.html.first("html")))
            #expect(before["lang"] == "en" && after["lang"] == "ro", "\(path)")
            #expect(before["data-appearance"] == "light" && after["data-appearance"] == "dark", "\(path)")
            #expect(before["data-device"] == "full" && after["data-device"] == "phone", "\(path)")
            #expect(second.html.all("link").contains { $0["href"] == "/themes/high-contrast.css" }, "\(path)")
            #expect(first.html.first("h1")?.text != second.html.first("h1")?.text, "\(path): the heading is in each page's language")
        }
    }

    @Test func galleryFormsLeadBackToTheGalleryWithGetAndCarryNoToken() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/gallery/button")
        let forms = page.html.all("form")
        #expect(!forms.isEmpty)
        #expect(forms.allSatisfy { $0["method"] == "get" && $0["action"] == "/gallery/button" })
        #expect(page.html.all("button").allSatisfy { $0["formaction"] == nil || $0["formaction"] == "/gallery/button" })
        #expect(page.html.all("input").filter { $0["name"] == "_csrf" }.allSatisfy { ($0["value"] ?? "").isEmpty })
        let submitted = try browser.get("/gallery/input?_csrf=&_screen=filled&value=x")
        #expect(submitted.status == 200, "submitting a gallery form just shows the page again")
    }

    @Test func everyPageLinksTheGalleryFromItsHeader() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let catalogue = try browser.get("/")
        let screen = try browser.get(try browser.startLoan())
        for page in [catalogue, screen, try browser.get("/gallery/input"), try browser.get("/nowhere")] {
            let navigation = try #require(page.html.first("nav"))
            #expect(navigation.all("a").contains { $0["href"] == "/gallery" }, "the header leads to the gallery")
        }
    }

    @Test func anUnknownComponentIsNotFound() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        #expect(try browser.get("/gallery/carousel").status == 404)
        #expect(try browser.get("/gallery/input/extra").status == 404)
    }
}
