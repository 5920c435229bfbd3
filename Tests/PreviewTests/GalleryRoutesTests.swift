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
