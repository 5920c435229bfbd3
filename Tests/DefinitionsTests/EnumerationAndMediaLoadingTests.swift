import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// project.md, "enumerations" and "media.json": what loads, and every load error with its
/// file, JSON pointer and what to do.
@Suite struct EnumerationAndMediaLoading {
    static let countries = #"""
    { "name": "countries", "items": [
        { "code": "de", "order": 2, "content": { "en": "Germany", "ro": "Germania" } },
        { "code": "ro", "order": 1, "content": { "en": "Romania", "ro": "România" } },
        { "code": "fr", "content": "France" } ] }
    """#
    static let cities = #"""
    { "name": "cities", "parent": "countries", "items": [
        { "code": "bv", "parentCode": "ro", "content": { "en": "Brasov" } },
        { "code": "ber", "parentCode": "de", "content": "Berlin" } ] }
    """#
    static let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#

    /// A one-screen process over `screen` (JSON list of components) with the given extra files.
    func fixture(screen: String, _ extra: [String: String] = [:]) throws -> URL {
        let nodes = """
        [ { "id": "start", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": \(screen),
            "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
          { "id": "end", "type": "end", "outcome": "completed" } ]
        """
        var files = ["enumerations/countries.json": Self.countries, "enumerations/cities.json": Self.cities,
                     "media/media.json": #"{ "logo": { "file": "logo.svg", "alt": "Acme Bank" } }"#, "media/logo.svg": Self.svg]
        files.merge(extra) { $1 }
        return try project(nodes: nodes, extra: files)
    }

    let countrySelect = #"{ "type": "select", "key": "country", "label": "Country", "enumeration": "countries" }"#

    @Test func enumerationsAndMediaLoad() throws {
        let loaded = try load(try fixture(screen: "[\(countrySelect), { \"type\": \"image\", \"media\": \"logo\" }]")).get()
        #expect(loaded.enumerations["cities"]?.parent == "countries")
        #expect(loaded.media["logo"]?.type == .svg)
        #expect(loaded.media["logo"]?.alt?.source == "Acme Bank")
    }

    @Test func itemsAreInOrderThenFileOrder() throws {
        let loaded = try load(try fixture(screen: "[\(countrySelect)]")).get()
        #expect(loaded.enumerations["countries"]?.items.map(\.code) == ["ro", "de", "fr"])
    }

    @Test func aLabelFallsBackToTheDefaultLanguageThenToAPlainString() throws {
        let loaded = try load(try fixture(screen: "[\(countrySelect)]")).get()
        let countries = try #require(loaded.enumerations["countries"])
        #expect(countries.item(code: "ro")?.label("ro", defaultLanguage: "en") == "România")
        #expect(countries.item(code: "ro")?.label("de", defaultLanguage: "en") == "Romania")
        #expect(countries.item(code: "fr")?.label("ro", defaultLanguage: "en") == "France")
    }

    @Test func anUnknownEnumerationReferencedByAComponentIsALoadError() throws {
        let select = #"{ "type": "select", "key": "country", "label": "Country", "enumeration": "planets" }"#
        let found = errors(try fixture(screen: "[\(select)]"))
        #expect(found.count == 1)
        #expect(found.first?.file == "processes/p.json")
        #expect(found.first?.pointer == "/nodes/1/screen/0/enumeration")
        #expect(found.first?.message.contains("add enumerations/planets.json") == true)
    }

    @Test func anUnknownEnumerationIsReportedAlsoWhenTheProjectHasNoEnumerationsFolder() throws {
        let select = #"{ "type": "select", "key": "country", "label": "Country", "enumeration": "planets" }"#
        let folder = try project(nodes: """
            [ { "id": "start", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [\(select)], "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
              { "id": "end", "type": "end" } ]
            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("enumerations").path))
        let found = errors(folder)
        #expect(found.map(\.pointer) == ["/nodes/1/screen/0/enumeration"])
        #expect(found.first?.message.contains("the project has no lists in enumerations/; add enumerations/planets.json") == true)
    }

    /// Every error at once: a process with another error still has its screens checked.
    @Test func anUnknownEnumerationIsReportedBesideTheProcesssOtherErrors() throws {
        let select = #"{ "type": "select", "key": "country", "label": "Country", "enumeration": "planets" }"#
        let folder = try project(nodes: """
            [ { "id": "start", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [\(select)], "actions": [ { "name": "go", "type": "submit", "next": "nowhere" } ] },
              { "id": "end", "type": "end" } ]
            """)
        let pointers = errors(folder).map(\.pointer)
        #expect(pointers.contains("/nodes/1/screen/0/enumeration") && pointers.contains("/nodes/1/actions/0/next"), "\(pointers)")
    }

    @Test func aChildListWhoseParentEnumerationDoesNotExistIsALoadError() throws {
        let orphan = #"{ "name": "cities", "parent": "continents", "items": [ { "code": "bv", "parentCode": "eu", "content": "Brasov" } ] }"#
        let found = errors(try fixture(screen: "[\(countrySelect)]", ["enumerations/cities.json": orphan]))
        #expect(found.map(\.description) == [
            #"enumerations/cities.json /parent: no enumeration is named "continents"; add enumerations/continents.json or name one of "cities", "countries""#])
    }

    @Test func aChildItemWhoseParentCodeTheParentLacksIsALoadError() throws {
        let cities = #"{ "name": "cities", "parent": "countries", "items": [ { "code": "rm", "parentCode": "it", "content": "Rome" } ] }"#
        let found = errors(try fixture(screen: "[\(countrySelect)]", ["enumerations/cities.json": cities]))
        #expect(found.map(\.pointer) == ["/items/0/parentCode"])
        #expect(found.first?.file == "enumerations/cities.json")
    }

    @Test func duplicateCodesAreALoadError() throws {
        let twice = #"{ "name": "countries", "items": [ { "code": "ro", "content": "Romania" }, { "code": "ro", "content": "Rumania" } ] }"#
        let found = errors(try fixture(screen: "[\(countrySelect)]", ["enumerations/countries.json": twice, "enumerations/cities.json": "{ \"items\": [] }"]))
        #expect(found.count == 1)
        #expect(found.first?.file == "enumerations/countries.json")
        #expect(found.first?.pointer == "/items/1/code")
        #expect(found.first?.message.contains("duplicate code \"ro\"") == true)
    }

    @Test func aListOverTheItemLimitIsALoadError() throws {
        let items = (0...EnumerationLoader.maxItems).map { #"{ "code": "c\#($0)", "content": "x" }"# }.joined(separator: ",")
        let found = errors(try fixture(screen: "[]", ["enumerations/big.json": #"{ "name": "big", "items": [\#(items)] }"#]))
        #expect(found.map(\.description).contains { $0.hasPrefix("enumerations/big.json /items: has \(EnumerationLoader.maxItems + 1) items") })
    }

    @Test func aChildListFieldWithoutParentKeyIsALoadError() throws {
        let city = #"{ "type": "select", "key": "city", "label": "City", "enumeration": "cities" }"#
        let found = errors(try fixture(screen: "[\(countrySelect), \(city)]"))
        #expect(found.map(\.pointer) == ["/nodes/1/screen/1"])
        #expect(found.first?.message.contains("add \"parentKey\"") == true)
    }

    @Test func aMediaKeyWhoseFileIsMissingIsALoadError() throws {
        let found = errors(try fixture(screen: "[]", ["media/media.json": #"{ "logo": { "file": "gone.svg" } }"#]))
        #expect(found.map(\.description) == ["media/media.json /logo/file: media/gone.svg does not exist; add the file or fix the name"])
    }

    @Test func aMediaFileOfADisallowedTypeIsALoadError() throws {
        let found = errors(try fixture(screen: "[]", ["media/media.json": #"{ "page": { "file": "page.html" } }"#, "media/page.html": "<p>hi</p>"]))
        #expect(found.map(\.pointer) == ["/page/file"])
        #expect(found.first?.message.contains("not an allowed type") == true)
    }

    @Test func aMediaFileWhoseContentIsNotItsExtensionsTypeIsALoadError() throws {
        let found = errors(try fixture(screen: "[]", ["media/media.json": #"{ "logo": { "file": "logo.png" } }"#,
                                                      "media/logo.png": "<html><script>alert(1)</script></html>"]))
        #expect(found.map(\.pointer) == ["/logo/file"])
        #expect(found.first?.message.contains("does not contain PNG data") == true)
    }

    @Test func aMediaFileOutsideTheMediaFolderIsALoadError() throws {
        let found = errors(try fixture(screen: "[]", ["media/media.json": #"{ "secret": { "file": "../outside.svg" } }"#,
                                                      "outside.svg": Self.svg]))
        #expect(found.first?.message.contains("must be a path inside media/") == true)
    }

    @Test func anImageWithAnUnknownMediaKeyIsALoadError() throws {
        let found = errors(try fixture(screen: #"[{ "type": "image", "media": "banner", "alt": "A banner" }]"#))
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/nodes/1/screen/0/media")
        #expect(found.first?.message.contains("no media is named \"banner\"") == true)
    }

    @Test func anImageNeedsAltUnlessItsMediaHasOneOrItIsDecorative() throws {
        let noAlt = #"{ "type": "image", "url": "https://example.org/a.png" }"#
        #expect(errors(try fixture(screen: "[\(noAlt)]")).map(\.pointer) == ["/nodes/1/screen/0"])
        let decorative = #"{ "type": "image", "url": "https://example.org/a.png", "decorative": true }"#
        #expect(errors(try fixture(screen: "[\(decorative)]")).isEmpty)
        let emptyAlt = #"{ "type": "image", "url": "https://example.org/a.png", "alt": "" }"#
        #expect(errors(try fixture(screen: "[\(emptyAlt)]")).isEmpty)
        #expect(errors(try fixture(screen: #"[{ "type": "image", "media": "logo" }]"#)).isEmpty, "media.json gives the alt")
    }
}

extension EnumerationAndMediaLoading {
    @Test func aMediaAltTagMissingInALanguageIsAWarning() throws {
        let loaded = try load(try fixture(screen: "[]", ["media/media.json": #"{ "logo": { "file": "logo.svg", "alt": "@@brand.logo" } }"#])).get()
        #expect(loaded.warnings.map(\.description) == [#"media/media.json /logo/alt: tag "@@brand.logo" is missing for en; add it to tags/en.json"#])
    }
}

extension EnumerationAndMediaLoading {
    @Test func aFieldWithBothOptionsAndAnEnumerationIsALoadError() throws {
        let both = #"{ "type": "radio", "key": "country", "label": "Country", "enumeration": "countries", "options": ["x"] }"#
        let found = errors(try fixture(screen: "[\(both)]"))
        #expect(found.map(\.pointer) == ["/nodes/1/screen/0/enumeration"])
    }
}
