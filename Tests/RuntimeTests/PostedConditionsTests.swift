import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Issue 19, "Conditions are judged on what was just posted": `hide`, `disabled` and `default`
/// are evaluated on the posted values before the post is accepted.
@Suite struct PostedConditions {
    /// A card screen: choosing "plastic" reveals a required postal address (and a name on the
    /// card computed from the client's name); "digital" offers an email that is enabled only then.
    static let cardNodes = """
    [ { "id": "s", "type": "start", "next": "card" },
      { "id": "card", "type": "userTask", "screen": [
          { "type": "input", "key": "client.name", "label": "Name" },
          { "type": "radio", "key": "card.format", "label": "Card",
            "options": [ { "value": "plastic", "label": "Plastic" }, { "value": "digital", "label": "Digital" } ] },
          { "type": "input", "key": "card.address", "label": "Postal address", "hide": "card.format != 'plastic'",
            "validators": [ { "type": "required" } ] },
          { "type": "input", "key": "card.holder", "label": "Name on the card", "hide": "card.format != 'plastic'",
            "default": "client.name", "validators": [ { "type": "required" } ] },
          { "type": "input", "key": "card.email", "label": "Email", "disabled": "card.format != 'digital'",
            "validators": [ { "type": "required" } ] },
          { "type": "button", "label": "Continue", "action": "continue" } ],
        "actions": [ { "name": "continue", "type": "submit", "next": "e" } ] },
      { "id": "e", "type": "end" } ]
    """

    @Test func aRequiredFieldThePostRevealsIsValidated() throws {
        let engine = try engine(nodes: Self.cardNodes)
        let instance = try engine.start(process: "p", session: "s")
        let state = try #require(try submit(engine, instance, "continue", [("client.name", "Ana"), ("card.format", "plastic")]).invalid)
        #expect(state.errors.map(\.key) == ["card.address"])
        let shown = state.components.flatMap(\.flattened).compactMap { $0.definition.key?.description }
        #expect(shown.contains("card.address"), "the 422 page shows the revealed field")
    }

    @Test func aFieldThePostRevealsIsSavedWhenTheFormCarriesIt() throws {
        let engine = try engine(nodes: Self.cardNodes)
        let instance = try engine.start(process: "p", session: "s")
        let done = try #require(try submit(engine, instance, "continue",
                                           [("card.format", "plastic"), ("card.address", "1 Main St"), ("card.holder", "A P")]).applied)
        #expect(done.data["card"]?["address"] == .string("1 Main St"))
    }

    @Test func aRevealedFieldTheFormLacksTakesItsDefaultComputedFromThePost() throws {
        let engine = try engine(nodes: Self.cardNodes)
        let instance = try engine.start(process: "p", session: "s")
        let state = try #require(try submit(engine, instance, "continue", [("client.name", "Ana"), ("card.format", "plastic")]).invalid)
        #expect(!state.errors.contains { $0.key == "card.holder" })
        #expect(state.data["card"]?["holder"] == .string("Ana"))
    }

    @Test func aRequiredFieldThePostEnablesIsValidated() throws {
        let engine = try engine(nodes: Self.cardNodes)
        let instance = try engine.start(process: "p", session: "s")
        let state = try #require(try submit(engine, instance, "continue", [("card.format", "digital")]).invalid)
        #expect(state.errors.map(\.key) == ["card.email"])
    }

    @Test func aScenarioIsJudgedOnThePostedValuesToo() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"{ "name": "p", "nodes": \#(Self.cardNodes) }"#,
            "scenarios/plastic.json": """
            { "process": "p", "steps": [
                { "expect": "card", "action": "continue", "values": { "client.name": "Ana", "card.format": "plastic" }, "expectErrors": ["card.address"] },
                { "expect": "card", "action": "continue", "values": { "client.name": "Ana", "card.format": "plastic", "card.address": "1 Main St" } },
                { "expect": "end:completed" } ] }
            """,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let scenario = try #require(try ScenarioLoader.load(folder, project: project).get().first)
        let report = ScenarioRunner(project: project).run(scenario)
        #expect(report.passed, "\(report.failures)")
    }
}
