import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// screens.md: options from an enumeration (ordered, in the page's language, a child list
/// filtered by its parent field) and the `image` component, checked on parsed HTML.
@Suite struct EnumerationAndImageRendering {
    /// A project with a country and a city field (the city always shown) and images of every kind.
    static func fixture() throws -> URL {
        try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
            "enumerations/countries.json": #"""
            { "name": "countries", "items": [
                { "code": "de", "order": 2, "content": { "en": "Germany", "ro": "Germania" } },
                { "code": "ro", "order": 1, "content": { "en": "Romania", "ro": "România" } },
                { "code": "fr", "content": { "en": "France" } } ] }
            """#,
            "enumerations/cities.json": #"""
            { "name": "cities", "parent": "countries", "items": [
                { "code": "bv", "parentCode": "ro", "content": "Brasov" },
                { "code": "ber", "parentCode": "de", "content": "Berlin" } ] }
            """#,
            "media/media.json": #"{ "logo": { "file": "logo.svg", "alt": "Acme Bank" } }"#,
            "media/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>"#,
            "processes/p.json": #"""
            { "name": "p", "data": { "pic": "logo", "remote": "javascript:alert(1)" }, "nodes": [
              { "id": "start", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Where", "screen": [
                { "type": "image", "media": "logo", "width": 120, "height": 30 },
                { "type": "image", "media": "logo", "alt": "Our logo", "id": "own-alt" },
                { "type": "image", "url": "https://example.org/a.png", "decorative": true },
                { "type": "image", "source": "pic", "alt": "From data" },
                { "type": "image", "source": "remote", "alt": "Unsafe" },
                { "type": "radio", "key": "country", "label": "Country", "enumeration": "countries" },
                { "type": "select", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country" },
                { "type": "button", "label": "Go", "action": "go" } ],
                "actions": [ { "name": "go", "type": "save" } ] } ] }
            """#,
        ])
    }

    func screen(language: String = "en", after values: [(String, String)] = []) throws -> (Harness, HTMLElement) {
        let harness = try Harness(try Self.fixture())
        var instance = try harness.engine.start(process: "p", session: "s")
        if !values.isEmpty {
            guard case .applied(let saved) = try harness.post(instance, "go", values) else { throw NotApplied() }
            instance = saved
        }
        let state = try #require(harness.engine.screen(instance, language: language))
        return (harness, harness.page(state, language: language))
    }

    @Test func optionsComeFromTheEnumerationInOrderWithLabelsInThePageLanguage() throws {
        let (_, page) = try screen(language: "ro")
        let radios = page.all { $0.tag == "input" && $0["name"] == "country" }
        #expect(radios.map { $0["value"] } == ["ro", "de", "fr"])
        let labels = radios.map { radio in page.all("label").first { $0["for"] == radio["id"] }?.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels == ["România", "Germania", "France"], "France falls back to the default language")
        expectAccessiblePage(page)
    }

    @Test func aChildListWithoutAParentValueOffersNothingAndSaysWhatToChooseFirst() throws {
        let (_, page) = try screen()
        let select = try #require(page.all("select").first { $0["name"] == "city" })
        #expect(select.all("option").map { $0["value"] } == [""])
        let hintID = try #require(select["aria-describedby"])
        let hint = try #require(page.element(id: hintID))
        #expect(hint.text.contains("depend on your answer to “Country”"))
    }

    @Test func aChildListOffersOnlyTheItemsOfTheParentFieldsValue() throws {
        let (_, page) = try screen(after: [("country", "de")])
        let select = try #require(page.all("select").first { $0["name"] == "city" })
        #expect(select.all("option").map { $0["value"] } == ["", "ber"])
        #expect(select["aria-describedby"] == nil, "no hint once the parent has a value")
    }

    /// A choice group offering nothing (a child list waiting for its parent, options read from
    /// data that holds none) is where its error's link leads: its group takes the field's id,
    /// which no option has, on a planned page as on the general path.
    @Test(arguments: ["radio", "segmented", "multiselect", "checkbox"])
    func aChoiceGroupOfferingNothingIsWhereItsErrorLinkLeads(_ type: String) throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "select", "key": "country", "label": "Country", "enumeration": "countries" },
              { "type": "\#(type)", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country",
                "validators": [ { "type": "required" } ] },
              { "type": "\#(type)", "key": "pick", "label": "Pick", "source": "offers", "validators": [ { "type": "required" } ] },
              { "type": "button", "label": "Save", "action": "ok" } ]
            """#, files: [
                "enumerations/countries.json": #"{ "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania" } } ] }"#,
                "enumerations/cities.json": #"""
                    { "name": "cities", "parent": "countries", "items": [ { "code": "cj", "parentCode": "ro", "content": { "en": "Cluj" } } ] }
                    """#])
        let (instance, _) = try harness.firstScreen("p")
        guard case .invalid(let refused) = try harness.post(instance, "ok", []) else { Issue.record("an empty post was not refused"); return }
        let page = HTMLDocument.parse(PlannedScreens.printed(refused, harness))
        expectAccessiblePage(page)
        #expect(page.element(id: "error-summary")?.all("a").compactMap { $0["href"] } == ["#field-city", "#field-pick"])
        #expect(page.element(id: "field-city")?.tag == "fieldset" && page.element(id: "field-pick")?.tag == "fieldset")
    }

    @Test func anImageFromMediaLinksToTheMediaRouteWithTheAltOfMediaJSON() throws {
        let (_, page) = try screen()
        let images = page.all("img")
        #expect(images.first?["src"] == "/media/logo")
        #expect(images.first?["alt"] == "Acme Bank")
        #expect(images.first?["width"] == "120")
        #expect(images.first?["height"] == "30")
    }

    @Test func theComponentsAltWinsOverTheMediaAlt() throws {
        let (_, page) = try screen()
        #expect(page.all("img").dropFirst().first?["alt"] == "Our logo")
    }

    @Test func aDecorativeImageHasAnEmptyAlt() throws {
        let (_, page) = try screen()
        let remote = try #require(page.all("img").first { $0["src"] == "https://example.org/a.png" })
        #expect(remote["alt"] == "")
    }

    @Test func anImageFromADataPathShowsTheMediaItNamesAndNeverAnUnsafeURL() throws {
        let (_, page) = try screen()
        #expect(page.all("img").contains { $0["alt"] == "From data" && $0["src"] == "/media/logo" })
        #expect(!page.all("img").contains { $0["alt"] == "Unsafe" }, "javascript: never reaches the page")
        #expect(page.all("img").count == 4)
    }

    @Test func theJSONScreenGivesTheOptionsAndTheImageURLs() throws {
        let harness = try Harness(try Self.fixture())
        let instance = try harness.engine.start(process: "p", session: "s")
        let json = harness.renderer.screenJSON(try #require(harness.engine.screen(instance, language: "en")))
        guard case .array(let components)? = json["components"] else { Issue.record("no components"); return }
        #expect(components.first?["url"] == .string("/media/logo"))
        #expect(components.first?["alt"] == .string("Acme Bank"))
        let radio = try #require(components.first { $0["key"] == .string("country") })
        #expect(radio["enumeration"] == .string("countries"))
        guard case .array(let options)? = radio["options"] else { Issue.record("no options"); return }
        #expect(options.map { $0["value"] } == [.string("ro"), .string("de"), .string("fr")])
        let city = try #require(components.first { $0["key"] == .string("city") })
        #expect(city["options"] == .array([]), "a child list without a parent value offers nothing")
    }
}

private struct NotApplied: Error {}
