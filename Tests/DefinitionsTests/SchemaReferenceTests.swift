import Definitions
import Expressions
import Foundation
import Testing
import TestSupport

/// Schemas/ (issue 25): every project file may name its JSON Schema with `"$schema"`, which no
/// loader takes for data; and the schemas' kitchen-sink project (Tests/Schemas/kitchen-sink,
/// every node, action and component type with every property, which check_schemas.py
/// validates against the schemas) loads without an error, so what the schemas accept the
/// decoders accept.
@Suite struct SchemaReferences {
    static let kitchenSink = RepositoryPaths.root.appendingPathComponent("Tests/Schemas/kitchen-sink")

    static func load(_ folder: URL) throws -> Project {
        var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
        loader.registeredActionHandlers = ["lookupAddress"]
        return try loader.load(folder).get()
    }

    @Test func theKitchenSinkProjectAndItsScenarioLoadWithoutAnError() throws {
        let project = try Self.load(Self.kitchenSink)
        #expect(project.processes.map(\.name).sorted() == ["child", "sink"])
        #expect(project.flows.map(\.name) == ["sinkflow"])
        #expect(project.theme == "brand")
        #expect(project.enumerations.keys.sorted() == ["cities", "countries"])
        let scenarios = try ScenarioLoader.load(Self.kitchenSink, project: project).get()
        #expect(scenarios.map(\.name) == ["sink"])
    }

    @Test func aSchemaReferenceIsNoTagMediaKeyOrValidator() throws {
        let project = try Self.load(Self.kitchenSink)
        for language in ["en", "de"] {
            #expect(project.tags.byLanguage[language]?["$schema"] == nil)
            #expect(project.tags.byLanguage[language]?["sink.title"] != nil)
        }
        #expect(project.media.keys.sorted() == ["logo", "logo-2.small_v1"])
        #expect(project.validators.keys.sorted() == ["adult", "even"])
        // No warning names it either (a tag missing in a language, an unknown key).
        #expect(!project.warnings.contains { $0.description.contains("$schema") })
    }

    @Test func theExamplesNameTheirSchemasAndLoadAsBefore() throws {
        let project = try Self.load(RepositoryPaths.examples)
        #expect(project.tags.byLanguage.values.allSatisfy { $0["$schema"] == nil })
        #expect(project.media.keys.sorted() == ["logo"])
        let gallery = ComponentGallery.load(templates: RepositoryPaths.templates)
        #expect(gallery.errors.isEmpty, "\(gallery.errors)")
    }

    @Test func onlyTheTopLevelMemberIsDropped() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "$schema": "./schemas/project.json", "name": "Nested" }"#,
            "processes/p.json": """
                { "$schema": "../schemas/process.json", "name": "p", "data": { "$schema": "kept", "n": 1 },
                  "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }
                """,
            "tags/en.json": #"{ "$schema": "../schemas/tags.json", "hello": "Hello" }"#,
            "validators.json": #"{ "$schema": "./schemas/validators.json", "even": { "expression": "value % 2 == 0" } }"#,
        ])
        let project = try Self.load(folder)
        #expect(project.process(named: "p")?.data["$schema"] == .string("kept"))
        #expect(project.tags.byLanguage["en"] == ["hello": "Hello"])
        #expect(project.validators.keys.sorted() == ["even"])
    }

    @Test func aFlowOrAnExamplesFileDecodedOnItsOwnSkipsItToo() throws {
        let flow = try JSONParser.parse(Array(#"""
            { "$schema": "../schemas/flow.json", "name": "f",
              "states": [ { "state": "a", "screen": [ { "type": "text", "markdown": "Hi" } ] } ] }
            """#.utf8))
        #expect(throws: Never.self) { try FlowLoader().decode(flow, file: "flows/f.json").get() }
        let examples = #"""
            { "$schema": "../../Schemas/component-examples.json", "component": "text",
              "examples": [ { "name": "plain", "title": "Plain", "states": ["filled"],
                              "component": { "type": "text", "markdown": "Hi" } } ] }
            """#
        #expect(throws: Never.self) {
            try ComponentExamplesLoader.decode(Array(examples.utf8), file: "components/text.examples.json", component: "text").get()
        }
    }
}
