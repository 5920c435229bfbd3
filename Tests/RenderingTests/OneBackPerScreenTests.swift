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

    /// Two screens, neither with a Back of its own; `files` are added to the project.
    static func plainHarness(_ files: [String: String] = [:]) throws -> Harness {
        try Harness(RepositoryPaths.fixture(files.merging([
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
        ]) { own, _ in own }))
    }

    /// The first screen, and the second after Next (its instance and state).
    static func bothScreens(_ harness: Harness) throws -> (first: ScreenState, second: Instance, secondState: ScreenState) {
        let (instance, first) = try harness.firstScreen("p")
        var next: Instance?
        if case .applied(let moved) = try harness.post(instance, "next", []) { next = moved }
        let moved = try #require(next, "the first screen should lead to the second")
        return (first, moved, try #require(harness.engine.screen(moved, language: "en")))
    }

    @Test func aScreenWithoutItsOwnBackGetsTheBuiltInBack() throws {
        let plain = try Self.plainHarness()
        let page = plain.page(try Self.bothScreens(plain).secondState)
        #expect(page.all(where: { $0.hasClass("fs-back") }).count == 1)
    }

    /// A screen template is given Back's address only where the built-in Back shows (as the
    /// JSON screen's `backURL` is null elsewhere): none on a first screen, the address after it.
    @Test func backsAddressIsGivenOnlyWhereBackShows() throws {
        let harness = try Self.plainHarness([
            "templates/screen.mustache": #"<form>{{#components}}{{{.}}}{{/components}}</form><p class="back-url">{{backURL}}</p>"#,
        ])
        let (first, moved, second) = try Self.bothScreens(harness)
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
