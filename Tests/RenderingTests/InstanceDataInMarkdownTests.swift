import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// Issue 19, "Instance data is text": a `${path}` value placed into markdown shows exactly as
/// typed, in every place that interpolates data into markdown, on the general and the
/// specialized (page plan) render paths alike; the designer's own markdown stays markdown.
@Suite struct InstanceDataInMarkdown {
    static let name = "[Claim](https://x) <b>x</b> *s*"

    static func harness() throws -> Harness {
        let data = JSONValue.object(["client": .object(["name": .string(name)])]).serialized()
        return try Harness(RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "tags/en.json": #"{ "greeting": "Hi *${client.name}*" }"#,
            "processes/p.json": """
            { "name": "p", "data": \(data), "nodes": [
              { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Ask", "screen": [
                  { "type": "text", "markdown": "Hello **${client.name}**" },
                  { "type": "message", "kind": "info", "markdown": "Dear ${client.name}" },
                  { "type": "text", "markdown": "@@greeting" },
                  { "type": "button", "label": "Finish", "action": "finish" } ],
                "actions": [ { "name": "finish", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end", "message": "Thanks, ${client.name}" } ] }
            """,
        ]))
    }

    /// The screen as both render paths print it (the specialized one twice: the second page
    /// comes from a page plan).
    static func pages() throws -> [HTMLElement] {
        let harness = try harness()
        let (_, state) = try harness.firstScreen("p")
        var general = harness.renderer
        general.specialized = .none
        let renderers = [general, harness.renderer, harness.renderer]
        return renderers.map { HTMLDocument.parse(String(decoding: $0.screen(state, settings: harness.settings), as: UTF8.self)) }
    }

    /// What the paragraph holding the value shows, and whether any link, markup or HTML got in.
    static func expectText(_ body: HTMLElement?, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let paragraph = body?.first("p")
        #expect(paragraph?.text == expected, sourceLocation: sourceLocation)
        let made = paragraph?.descendants.map(\.tag) ?? []
        #expect(made.allSatisfy { $0 == "strong" || $0 == "em" } && !made.contains("a") && !made.contains("b"),
                "no element from the data: \(made)", sourceLocation: sourceLocation)
    }

    @Test func instanceDataInATextsMarkdownShowsAsTyped() throws {
        for page in try Self.pages() {
            let text = page.all(where: { $0.hasClass("fs-text") }).first
            Self.expectText(text, "Hello " + Self.name)
            #expect(text?.first("strong")?.text == Self.name, "the designer's ** stays markdown")
            #expect(text?.all("em").isEmpty == true, "the value's *s* is not emphasis")
        }
    }

    @Test func instanceDataInAMessagesMarkdownShowsAsTyped() throws {
        for page in try Self.pages() {
            Self.expectText(page.all(where: { $0.hasClass("fs-message") }).first, "Dear " + Self.name)
        }
    }

    @Test func instanceDataInATagPlacedInMarkdownShowsAsTyped() throws {
        for page in try Self.pages() {
            let text = page.all(where: { $0.hasClass("fs-text") }).dropFirst().first
            Self.expectText(text, "Hi " + Self.name)
            #expect(text?.first("em")?.text == Self.name, "the tag's own * stays markdown")
        }
    }

    /// Filled-in markdown is remembered by the values it read (`FilledMarkdown`): a page with
    /// other values, read directly or through a tag, shows its own, and the first ones again after.
    @Test func aTextThatReadsDataShowsEachPagesOwnValues() throws {
        let harness = try Self.harness()
        let (_, state) = try harness.firstScreen("p")
        var general = harness.renderer
        general.specialized = .none
        for renderer in [general, harness.renderer] {
            for name in ["Ana", "Bo", "Ana"] {
                let shown = ScreenState(instanceID: state.instanceID, modal: false, process: state.process, nodeID: state.nodeID,
                                        task: state.task, components: state.components,
                                        data: .object(["client": .object(["name": .string(name)])]), rawValues: [:], errors: [],
                                        stepper: nil, canGoBack: false, notice: nil, language: state.language)
                let page = HTMLDocument.parse(String(decoding: renderer.screen(shown, settings: harness.settings), as: UTF8.self))
                #expect(page.all(where: { $0.hasClass("fs-text") }).map(\.text) == ["Hello \(name)", "Hi \(name)"])
                #expect(page.all(where: { $0.hasClass("fs-message") }).first?.first("p")?.text == "Dear \(name)")
            }
        }
    }

    @Test func instanceDataInAnEndMessageShowsAsTyped() throws {
        let harness = try Self.harness()
        let (instance, _) = try harness.firstScreen("p")
        guard case .applied(let ended) = try harness.post(instance, "finish", []) else {
            Issue.record("the screen should lead to the end")
            return
        }
        let process = try #require(harness.engine.project.process(named: "p"))
        let html = harness.renderer.end(process: process, endNode: ended.endNode, outcome: "completed", incident: nil,
                                        data: ended.data, settings: harness.settings)
        let page = HTMLDocument.parse(String(decoding: html, as: UTF8.self))
        Self.expectText(page.all(where: { $0.hasClass("fs-panel__body") }).first, "Thanks, " + Self.name)
    }
}
