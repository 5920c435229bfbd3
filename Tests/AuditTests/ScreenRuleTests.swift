@testable import Audit
import Definitions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// A one-screen project with `screen` as its components, and its first screen in `language`.
func firstScreen(_ screen: String, tags: String = #"{ "hello": "Hello" }"#, language: String = "en") throws -> (Project, ScreenState) {
    let folder = try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
        "tags/en.json": tags,
        "processes/one.json": """
            { "name": "one", "title": "One", "nodes": [
              { "id": "start", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Ask", "screen": \(screen),
                "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
              { "id": "end", "type": "end" } ] }
            """,
    ])
    let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
    let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
    let instance = try engine.start(process: "one", session: "s")
    return (project, try #require(engine.screen(instance, language: language)))
}

/// Rules read from the screen's definition: missing tags and unsupported components.
@Suite struct ScreenRuleChecks {
    @Test("missing-tag") func missingTag() throws {
        let (project, state) = try firstScreen(#"[ { "type": "input", "key": "name", "label": "@@hello @@nobody" } ]"#)
        let missing = ScreenRules.missingTags(state, tags: project.tags)
        #expect(missing.count == 1)
        #expect(missing.first?.location == "processes/one.json /nodes/1/screen/0")
        #expect(missing.first?.message.contains("\"@@nobody\" has no text in en") == true)
    }

    @Test func aTagMissingInThePagesLanguageIsAViolationOnThePagesOfThatLanguage() throws {
        // Only the default language has it: Romanian pages fall back to English, a slip on them.
        let (project, romanian) = try firstScreen(#"[ { "type": "input", "key": "name", "label": "@@hello" } ]"#, language: "ro")
        let missing = ScreenRules.missingTags(romanian, tags: project.tags)
        #expect(missing.map(\.message) == [#"tag "@@hello" has no text in ro, so the page shows the en text; add it to tags/ro.json"#])
        let (_, english) = try firstScreen(#"[ { "type": "input", "key": "name", "label": "@@hello" } ]"#, language: "en")
        #expect(ScreenRules.missingTags(english, tags: project.tags).isEmpty)
    }

    @Test("unsupported-component") func unsupportedComponent() throws {
        let (_, state) = try firstScreen(#"[ { "type": "slider", "key": "amount", "label": "Amount" }, { "type": "input", "key": "name", "label": "Name" } ]"#)
        let unsupported = ScreenRules.unsupportedComponents(state) { $0.type != .slider }
        #expect(unsupported.map(\.location) == ["processes/one.json /nodes/1/screen/0"])
        #expect(unsupported.first?.message.contains("slider") == true)
        #expect(ScreenRules.unsupportedComponents(state) { _ in true }.isEmpty)
    }
}
