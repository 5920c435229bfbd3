import Definitions
import Expressions
@testable import FlowStageRuntime
import TestSupport
import Testing

/// A field bound to an enumeration accepts only the list's codes; a child list only those under
/// the parent field's current value (the example's client.country → client.city).
@Suite struct EnumerationFields {
    @Test func aCodeOutsideTheEnumerationIsAFieldError() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        let state = try #require(try submit(engine, instance, "continue", personal + [("client.country", "xx")]).invalid)
        #expect(state.errors.map(\.key) == ["client.country"])
        #expect(state.errors.first?.message == "Country of residence (optional): select one of the options")
    }

    @Test func aChildCodeMustBelongToTheParentFieldsCurrentValue() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "refreshCities", personal + [("client.country", "ro")]).applied)
        let state = try #require(try submit(engine, instance, "continue",
                                            personal + [("client.country", "ro"), ("client.city", "ber")]).invalid)
        #expect(state.errors.map(\.key) == ["client.city"])
    }

    @Test func aChildCodeOfTheParentPostedInTheSameFormIsAccepted() throws {
        // Both fields shown at once (the example hides the city until a country is chosen).
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "enumerations/countries.json": #"{ "name": "countries", "items": [ { "code": "de", "content": "Germany" } ] }"#,
            "enumerations/cities.json": #"{ "name": "cities", "parent": "countries", "items": [ { "code": "ber", "parentCode": "de", "content": "Berlin" } ] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [ { "id": "start", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "screen": [
                  { "type": "select", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country" },
                  { "type": "select", "key": "country", "label": "Country", "enumeration": "countries" } ],
                "actions": [ { "name": "go", "type": "save" } ] } ] }
            """#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        let instance = try engine.start(process: "p", session: "s")
        let moved = try #require(try submit(engine, instance, "go", [("city", "ber"), ("country", "de")]).applied)
        #expect(moved.data["city"] == .string("ber"), "the city is checked after the country, wherever it stands")
    }

    @Test func changingTheParentClearsAChoiceThatBelongedToTheOldParent() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "refreshCities", personal + [("client.country", "ro")]).applied)
        instance = try #require(try submit(engine, instance, "refreshCities",
                                           personal + [("client.country", "ro"), ("client.city", "bv")]).applied)
        #expect(instance.data["client"]?["city"] == .string("bv"))
        instance = try #require(try submit(engine, instance, "refreshCities",
                                           personal + [("client.country", "de"), ("client.city", "bv")]).applied)
        #expect(instance.data["client"]?["country"] == .string("de"))
        #expect((instance.data["client"]?["city"] ?? .null) == .null)
    }

    @Test func aChosenCityIsKeptWhenTheScreenMovesOn() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "refreshCities", personal + [("client.country", "ro")]).applied)
        instance = try #require(try submit(engine, instance, "continue",
                                           personal + [("client.country", "ro"), ("client.city", "bv")]).applied)
        #expect(instance.current == "loan")
        #expect(instance.data["client"]?["city"] == .string("bv"))
    }
}
