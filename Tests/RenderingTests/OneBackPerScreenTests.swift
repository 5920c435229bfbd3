import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// Issue 19, "One Back per screen": the built-in Back appears only on a screen that has no Back
/// of its own.
@Suite struct OneBackPerScreen {
    /// Two screens; the second has its own Back (a button for a `back` action, inside a container).
    static func harness() throws -> Harness {
        try Harness(RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "one" },
              { "id": "one", "type": "userTask", "title": "One", "next": "two",
                "screen": [ { "type": "button", "label": "Next", "action": "next" } ],
                "actions": [ { "name": "next", "type": "submit" } ] },
              { "id": "two", "type": "userTask", "title": "Two", "next": "e",
                "screen": [ { "type": "container", "children": [
                    { "type": "button", "label": "Previous", "action": "previous", "variant": "secondary" },
                    { "type": "button", "label": "Finish", "action": "finish" } ] } ],
                "actions": [ { "name": "previous", "type": "back" }, { "name": "finish", "type": "submit" } ] },
              { "id": "e", "type": "end" } ] }
            """,
        ]))
    }

    @Test func aScreenWithItsOwnBackButtonGetsNoBuiltInBack() throws {
        let harness = try Self.harness()
        let (instance, _) = try harness.firstScreen("p")
        guard case .applied(let moved) = try harness.post(instance, "next", []) else {
            Issue.record("the first screen should lead to the second")
            return
        }
        let state = try #require(harness.engine.screen(moved, language: "en"))
        #expect(state.canGoBack, "the screen can go back, so only its own Back keeps the built-in one away")
        var general = harness.renderer
        general.specialized = .none
        for renderer in [general, harness.renderer, harness.renderer] {
            let page = HTMLDocument.parse(String(decoding: renderer.screen(state, settings: harness.settings), as: UTF8.self))
            #expect(page.all(where: { $0.hasClass("fs-back") }).isEmpty)
            let buttons = page.first("main")?.all("button").map(\.text) ?? []
            #expect(buttons.filter { $0 == "Previous" || $0 == "Back" } == ["Previous"], "\(buttons)")
        }
    }

    @Test func aScreenWithoutItsOwnBackGetsTheBuiltInBack() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "one" },
              { "id": "one", "type": "userTask", "next": "two", "screen": [ { "type": "button", "label": "Next", "action": "next" } ],
                "actions": [ { "name": "next", "type": "submit" } ] },
              { "id": "two", "type": "userTask", "next": "e", "screen": [ { "type": "button", "label": "Finish", "action": "finish" } ],
                "actions": [ { "name": "finish", "type": "submit" } ] },
              { "id": "e", "type": "end" } ] }
            """,
        ])
        let plain = try Harness(folder)
        let (instance, _) = try plain.firstScreen("p")
        guard case .applied(let moved) = try plain.post(instance, "next", []) else {
            Issue.record("the first screen should lead to the second")
            return
        }
        let state = try #require(plain.engine.screen(moved, language: "en"))
        let page = plain.page(state)
        #expect(page.all(where: { $0.hasClass("fs-back") }).count == 1)
    }

    /// A screen template is given Back's address only where the built-in Back shows (as the
    /// JSON screen's `backURL` is null elsewhere): none on a first screen, the address after it.
    @Test func backsAddressIsGivenOnlyWhereBackShows() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "templates/screen.mustache": #"<form>{{#components}}{{{.}}}{{/components}}</form><p class="back-url">{{backURL}}</p>"#,
            "processes/p.json": """
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "one" },
              { "id": "one", "type": "userTask", "next": "two", "screen": [ { "type": "button", "label": "Next", "action": "next" } ],
                "actions": [ { "name": "next", "type": "submit" } ] },
              { "id": "two", "type": "userTask", "next": "e", "screen": [ { "type": "button", "label": "Finish", "action": "finish" } ],
                "actions": [ { "name": "finish", "type": "submit" } ] },
              { "id": "e", "type": "end" } ] }
            """,
        ])
        let harness = try Harness(folder)
        let (instance, first) = try harness.firstScreen("p")
        guard case .applied(let moved) = try harness.post(instance, "next", []) else {
            Issue.record("the first screen should lead to the second")
            return
        }
        let second = try #require(harness.engine.screen(moved, language: "en"))
        var general = harness.renderer
        general.specialized = .none
        for renderer in [general, harness.renderer, harness.renderer] {
            func backURL(_ state: ScreenState) -> String? {
                HTMLDocument.parse(String(decoding: renderer.screen(state, settings: harness.settings), as: UTF8.self))
                    .all(where: { $0.hasClass("back-url") }).first?.text
            }
            #expect(backURL(first) == "")
            #expect(backURL(second) == TestLinks().back(moved.id))
        }
    }
}
