import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// `homeAction`: the name of the second task's action (the first's is `ok`).
private func tabsProject(navigation: String, homeAction: String = "ok") throws -> URL {
    let task = { (id: String, title: String) in
        let action = id == "home" ? homeAction : "ok"
        return #"{ "id": "\#(id)", "type": "userTask", "title": "\#(title)", "screen": [ { "type": "input", "key": "\#(id)", "label": "Value", "validators": [ { "type": "required" } ] } ], "actions": [ { "name": "\#(action)", "type": "submit", "next": "join" } ] }"#
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

    @Test func singleNavigationShowsEveryWaitingTaskAsASectionWithItsOwnForm() throws {
        let harness = try Harness(try tabsProject(navigation: "single"))
        let (_, state) = try harness.firstScreen("p")
        #expect(state.tabs.isEmpty)
        #expect(state.sections.map(\.nodeID) == ["income", "home"])
        let page = harness.page(state)
        #expect(page.all("h1").map(\.text) == ["p"], "the page is headed by the process, its sections by their tasks")
        let sections = page.all("section")
        #expect(sections.map { $0.all("h2").map(\.text) } == [["Your income"], ["Your home"]])
        for section in sections {
            let heading = try #require(section.all("h2").first)
            #expect(section["aria-labelledby"] == heading["id"])
        }
        #expect(sections.map { $0.all("form").count } == [1, 1])
        #expect(sections.map { $0.all("input").first { $0["name"] == "_screen" }?["value"] } == ["income", "home"])
        expectAccessiblePage(page)
    }

    @Test func aFailedPostOnASinglePageShowsItsErrorsInItsOwnSection() throws {
        let harness = try Harness(try tabsProject(navigation: "single"))
        let instance = try harness.engine.start(process: "p", session: "s")
        let result = try harness.engine.perform(action: "ok", on: instance.id, session: "s",
                                                form: PostedForm([("_screen", "home"), ("home", "")]), language: "en")
        guard case .invalid(let state) = result else { Issue.record("the empty required field was accepted"); return }
        #expect(state.sections.map(\.nodeID) == ["income", "home"])
        let page = harness.page(state)
        let sections = page.all("section")
        #expect(sections.map { $0.all("input").filter { $0["aria-invalid"] == "true" }.count } == [0, 1])
        let link = try #require(page.all(where: { $0.hasClass("fs-error-summary") }).first?.all("a").first)
        let invalid = try #require(sections[1].all("input").first { $0["aria-invalid"] == "true" })
        #expect(link["href"] == "#" + (invalid["id"] ?? ""), "the summary links into the section that failed")
        expectAccessiblePage(page)
    }

    /// A tabs page is printed from its plan: the tabs are the request's (each instance's links,
    /// the shown tab current), the rest as the general path prints it.
    @Test func aTabsPageIsPrintedFromItsPlanWithTheRequestsTabs() throws {
        let harness = try Harness(try tabsProject(navigation: "tabs"))
        let general = harness.renderer.generalPath
        for _ in 0..<2 {
            let instance = try harness.engine.start(process: "p", session: "s")
            for task in ["income", "home"] {
                let state = try #require(harness.engine.screen(instance, task: task, language: "en"))
                let bytes = harness.renderer.screen(state, settings: harness.settings)
                #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: general.screen(state, settings: harness.settings), as: UTF8.self))
                #expect(harness.renderer.printing(state, settings: harness.settings).planned)
                let links = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)).all(where: { $0.hasClass("fs-tabs__link") })
                #expect(links.map { $0["href"] } == ["income", "home"].map { "/instances/\(instance.id)?tab=\($0)" })
                #expect(links.first { $0["aria-current"] == "page" }?["href"]?.hasSuffix(task) == true)
            }
        }
    }

    /// A single page's plan serves every instance: each form posts to its own instance's task,
    /// and the page prints what the general path prints, with errors too.
    @Test func aSinglePageIsPrintedFromItsPlanEachFormPostingToItsOwnTask() throws {
        let harness = try Harness(try tabsProject(navigation: "single", homeAction: "save"))
        let general = harness.renderer.generalPath
        let first = try harness.engine.start(process: "p", session: "s")
        let second = try harness.engine.start(process: "p", session: "s")
        let refused = try harness.engine.perform(action: "save", on: second.id, session: "s",
                                                 form: PostedForm([("_screen", "home"), ("home", "")]), language: "en")
        guard case .invalid(let invalid) = refused else { Issue.record("the empty required field was accepted"); return }
        let states = [try #require(harness.engine.screen(first, language: "en")), try #require(harness.engine.screen(second, language: "en")),
                      invalid]
        for state in states {
            #expect(state.sections.count == 2)
            let bytes = harness.renderer.screen(state, settings: harness.settings)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: general.screen(state, settings: harness.settings), as: UTF8.self), "\(state.instanceID)")
            #expect(harness.renderer.printing(state, settings: harness.settings).planned)
            let page = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self))
            #expect(page.all("form").map { $0["action"] } == ["ok", "save"].map { "/instances/\(state.instanceID)/actions/\($0)" })
        }
    }

    /// The tasks of a single page are specialized together, their ids following one another's:
    /// the example's tasks have a button each (the second `c-button-2`), the fixture's the same
    /// field key (the second `field-note-2`).
    @Test(arguments: ["employment_check", "twice"])
    func aSinglePagesTasksAreSpecializedTogetherWithTheIDsTheGeneralPathGives(_ process: String) throws {
        let task = { (id: String) in
            #"{ "id": "\#(id)", "type": "userTask", "title": "\#(id)", "screen": [ { "type": "input", "key": "note", "label": "Note" }, { "type": "button", "label": "Save", "action": "ok" } ], "actions": [ { "name": "ok", "type": "submit", "next": "join" } ] }"#
        }
        let harness = try process == "twice" ? Harness(try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/twice.json": """
            { "name": "twice", "navigation": "single", "nodes": [
              { "id": "s", "type": "start", "next": "fork" }, { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
              \(task("a")), \(task("b")), { "id": "join", "type": "parallelGateway", "next": "e" }, { "id": "e", "type": "end" } ] }
            """,
        ])) : Harness()
        let general = harness.renderer.generalPath
        for _ in 0..<2 {
            let instance = try harness.engine.start(process: process, session: "s")
            let state = try #require(harness.engine.screen(instance, language: "en"))
            #expect(state.sections.count == 2)
            let bytes = harness.renderer.screen(state, settings: harness.settings)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: general.screen(state, settings: harness.settings), as: UTF8.self))
            let printing = harness.renderer.printing(state, settings: harness.settings)
            #expect(printing.planned && printing.drawnWhole.isEmpty)
            let ids = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)).all(where: { $0["id"] != nil }).compactMap { $0["id"] }
            #expect(Set(ids).count == ids.count, "\(ids)")
        }
    }

    @Test func whenOneTaskIsLeftASinglePageIsAPlainScreen() throws {
        let harness = try Harness(try tabsProject(navigation: "single"))
        let instance = try harness.engine.start(process: "p", session: "s")
        _ = try harness.engine.perform(action: "ok", on: instance.id, session: "s",
                                       form: PostedForm([("_screen", "income"), ("income", "1200")]), language: "en")
        let moved = try harness.engine.instance(instance.id, session: "s")
        #expect(moved.waiting == ["home"])
        let state = try #require(harness.engine.screen(moved, language: "en"))
        #expect(state.sections.isEmpty)
        #expect(harness.page(state).all("section").isEmpty)
    }

    @Test func wizardNavigationShowsTheFirstWaitingTaskWithoutTabs() throws {
        let harness = try Harness(try tabsProject(navigation: "wizard"))
        let (_, state) = try harness.firstScreen("p")
        #expect(state.nodeID == "income")
        #expect(state.tabs.isEmpty)
        #expect(harness.page(state).all(where: { $0.hasClass("fs-tabs") }).isEmpty)
    }
}
