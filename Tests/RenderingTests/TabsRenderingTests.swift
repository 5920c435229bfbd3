import Definitions
import Expressions
import Foundation
import Testing
import TestSupport
@testable import Rendering
@testable import Runtime

private func tabsProject(navigation: String) throws -> URL {
    let task = { (id: String, title: String) in
        #"{ "id": "\#(id)", "type": "userTask", "title": "\#(title)", "screen": [ { "type": "input", "key": "\#(id)", "label": "Value" } ], "actions": [ { "name": "ok", "type": "submit", "next": "join" } ] }"#
    }
    return try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/p.json": """
        { "name": "p", "navigation": "\(navigation)", "nodes": [
          { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["income", "home"] },
          \(task("income", "Your income")), \(task("home", "Your home")),
          { "id": "join", "type": "parallelGateway", "next": "e" },
          { "id": "e", "type": "end" } ] }
        """,
    ])
}

@Suite struct TabsNavigation {
    @Test func tabsNavigationShowsOneLinkPerWaitingTaskWithTheSelectedOneCurrent() throws {
        let harness = try Harness(try tabsProject(navigation: "tabs"))
        let instance = try harness.engine.start(process: "p", session: "s")
        let state = try #require(harness.engine.screen(instance, task: "home", language: "en"))
        #expect(state.tabs == [ScreenTab(task: "income", title: "Your income", selected: false),
                               ScreenTab(task: "home", title: "Your home", selected: true)])
        let page = harness.page(state)
        let links = try #require(page.all(where: { $0.hasClass("fs-tabs") }).first).all("a")
        #expect(links.map(\.text) == ["Your income", "Your home"])
        #expect(links.map { $0["href"] } == ["/instances/\(instance.id)?tab=income", "/instances/\(instance.id)?tab=home"])
        #expect(links.map { $0["aria-current"] } == [nil, "page"])
        #expect(page.all("input").first(where: { $0["name"] == "_screen" })?["value"] == "home", "each tab has its own form")
        expectAccessiblePage(page)
    }

    @Test func singleNavigationShowsTheTabBarUntilSectionsAreBuilt() throws {
        let harness = try Harness(try tabsProject(navigation: "single"))
        let (_, state) = try harness.firstScreen("p")
        #expect(state.tabs.map(\.task) == ["income", "home"])
    }

    @Test func wizardNavigationShowsTheFirstWaitingTaskWithoutTabs() throws {
        let harness = try Harness(try tabsProject(navigation: "wizard"))
        let (_, state) = try harness.firstScreen("p")
        #expect(state.nodeID == "income")
        #expect(state.tabs.isEmpty)
        #expect(harness.page(state).all(where: { $0.hasClass("fs-tabs") }).isEmpty)
    }
}
