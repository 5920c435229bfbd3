import Definitions
import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import Rendering
import TestSupport
import Testing

/// http.md: `GET /media/{key}` serves media.json's files like the theme CSS (ETag, 304, cache
/// headers), SVG under a restrictive policy, never a path outside media/; `flowstage render`
/// copies the media its screens show and links them relatively.
@Suite struct MediaServing {
    @Test func aMediaKeyServesItsFileWithItsContentTypeAndCacheHeaders() throws {
        let preview = try RunningPreview()
        let reply = try preview.client.get("/media/logo")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "image/svg+xml")
        #expect(reply.header("Cache-Control") == "no-cache")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        let file = try Data(contentsOf: RepositoryPaths.examples.appendingPathComponent("media/logo.svg"))
        #expect(reply.body == [UInt8](file))
        let etag = try #require(reply.header("ETag"))
        let again = try preview.client.get("/media/logo", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test func anSVGIsServedUnderARestrictiveContentSecurityPolicy() throws {
        let preview = try RunningPreview()
        let policies = try preview.client.get("/media/logo").headers("Content-Security-Policy")
        #expect(policies == ["default-src 'none'; style-src 'unsafe-inline'; sandbox"])
    }

    @Test func anUnknownKeyOrAPathOutsideMediaIsNotFound() throws {
        let preview = try RunningPreview()
        for path in ["/media/nope", "/media/..%2Fproject.json", "/media/../project.json", "/media/media.json", "/media/logo.svg"] {
            #expect(try preview.client.get(path).status == 404, "\(path)")
        }
    }

    @Test func theStaticSiteCopiesTheMediaItShowsAndLinksItRelatively() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
        let out = try RepositoryPaths.fixture([:])
        try StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder,
                       scenarios: scenarios, exploration: nil).write(to: out)
        let page = out.appendingPathComponent("en-light/scenario-happy-path/01-personal.html")
        let image = try #require(HTMLDocument.parse(try String(contentsOf: page, encoding: .utf8)).first("img"))
        #expect(image["src"] == "../../media/logo.svg")
        #expect(image["alt"] == "Acme Bank")
        let copy = page.deletingLastPathComponent().appendingPathComponent(try #require(image["src"])).standardizedFileURL
        #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath:
            RepositoryPaths.examples.appendingPathComponent("media/logo.svg").path))
    }
}

/// Choosing a country then a city with JavaScript off (screens.md: a field's `change` action
/// shows an "Update" button that posts the form).
@Suite struct ChoosingACountryThenACity {
    @Test func theUpdateButtonOfTheParentRefreshesTheChildListWithoutJavaScript() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        var page = try browser.get(instance)
        let update = try #require(page.html.all("button").first { $0["data-fs-change"] != nil })
        #expect(update["formaction"] == instance + "/actions/refreshCities")
        #expect(!page.html.all("select").contains { $0["name"] == "client.city" }, "no city before a country")

        page = try browser.post(instance + "/actions/refreshCities", [("_screen", "personal"), ("client.country", "de")] + personal)
        #expect(page.status == 303)
        page = try browser.get(instance)
        let city = try #require(page.html.all("select").first { $0["name"] == "client.city" })
        #expect(city.all("option").map { $0["value"] } == ["", "ber", "muc"])
        #expect(page.html.all("option").first { $0["value"] == "de" }?["selected"] != nil)

        page = try browser.post(instance + "/actions/continue",
                                [("_screen", "personal"), ("client.country", "de"), ("client.city", "bv")] + personal)
        #expect(page.status == 422, "Brasov is not a German city")
        let summary = try #require(page.html.all("div").first { $0.hasClass("fs-error-summary") })
        #expect(summary.all("a").map { $0["href"] } == ["#field-client-city"])
    }
}
