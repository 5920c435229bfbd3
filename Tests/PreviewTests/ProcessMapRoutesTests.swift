import Definitions
import FlowStageRuntime
import Foundation
@testable import Preview
import TestSupport
import Testing

/// Where the process map shows (issue 22): `GET /instances/{id}/map` and the inspector, for
/// process instances and flow runs, only to the session that owns them.
@Suite(.serialized) struct ProcessMapRoutes {
    private func node(_ page: HTMLElement, _ id: String) -> HTMLElement? {
        page.all(where: { $0.hasClass("fs-map__node") && $0["data-node"] == id }).first
    }

    private func steps(_ page: HTMLElement) -> [String] {
        page.all("ol").first { $0.hasClass("fs-map__steps") }?.all("li").map(\.text) ?? []
    }

    /// Starts the expense claim and submits a claim over 1,000: it waits for approval.
    private func claimAwaitingApproval(_ browser: inout Browser) throws -> String {
        _ = try browser.get("/")
        let started = try browser.post("/processes/expense-claim/start", [])
        let instance = try #require(started.header("Location"))
        _ = try browser.get(instance)
        let posted = try browser.post(instance + "/actions/complete", [
            ("_screen", "claim-submitted"), ("employee.name", "Ana Pop"), ("employee.email", "ana@example.org"),
            ("amount", "2500"), ("category", "travel"), ("spentOn", "2026-01-10"), ("details", "Conference trip"),
        ])
        #expect(posted.status == 303)
        return instance
    }

    @Test func theMapAnswersTheSessionThatOwnsTheInstanceAndNoOther() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let page = try owner.get(instance + "/map")
        #expect(page.status == 200)
        #expect(page.html.first("svg")?["role"] == "img")
        #expect(page.html.first("h1")?.text.contains("Loan application") == true)
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.get(instance + "/map").status == 404)
        #expect(try owner.get("/instances/no-such-instance/map").status == 404)
    }

    @Test func theInspectorOfABPMNInstanceDrawsItsDiagramWithTheCurrentTaskMarked() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try claimAwaitingApproval(&browser)
        let page = try browser.get(instance + "/inspect").html
        let current = try #require(node(page, "approve-claim"))
        #expect(current["data-state"] == "current")
        #expect(current.all(where: { $0.hasClass("fs-map__badge") }).first?.text == "current")
        #expect(node(page, "claim-submitted")?["data-state"] == "passed")
        let passed = page.all(where: { $0.hasClass("fs-map__edge") && $0["data-state"] == "passed" }).compactMap { $0["data-flow"] }
        #expect(Set(passed) == ["to-check", "to-amount-check", "large-claim"], "the one way from the start to the task is filled in")
        let decisions = try #require(page.all("table").first { $0.all("th").contains { $0.text == "Claim route" } })
        #expect(decisions.text.contains("Claims over 1,000 need a manager's approval."), "the inspector shows the matched rule's annotation")
        #expect(page.all("li").map(\.text).contains("check-claim: the decision claim-route"), "the inspector says how each stand-in answered")
        #expect(steps(page).last == "Approve the claim (current)")
        #expect(steps(page).contains(#"Check the claim = "manager approval" (done)"#), "a business rule task says its result: \(steps(page))")
        #expect(node(page, "check-claim")?.text.contains(#"= "manager approval""#) == true)
        #expect(page.all("a").contains { $0["href"] == instance + "/map" })
    }

    @Test func theInspectorOfAFlowRunMarksItsStateAndItsBackStackAsThePath() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let run = try #require(try browser.post("/flows/onboarding/start", []).header("Location"))
        _ = try browser.get(run)
        #expect(try browser.post(run + "/events/next", [("_screen", "welcome")]).status == 303)
        let page = try browser.get(run + "/inspect").html
        #expect(node(page, "register")?["data-state"] == "current")
        #expect(node(page, "welcome")?["data-state"] == "passed")
        let edge = page.all(where: { $0.hasClass("fs-map__edge") && $0["data-from"] == "welcome" && $0["data-to"] == "register" }).first
        #expect(edge?["data-state"] == "passed")
        #expect(steps(page) == ["Welcome (done)", "Create your profile (current)"])
        #expect(try browser.get(run + "/map").status == 200)
    }

    @Test func theMapPagePassesThePageAudit() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try claimAwaitingApproval(&browser)
        let page = try browser.get(instance + "/map")
        #expect(PageAudit.check(html: page.text).map { "\($0.rule) \($0.location): \($0.message)" } == [])
    }

    @Test func theMapBesideTheScreenIsASessionSettingChosenInTheCatalogue() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).html.all("svg").isEmpty, "off unless chosen")
        let catalogue = try browser.get("/").html
        let off = try #require(catalogue.element(id: "settings-map-off"))
        #expect(off["checked"] != nil && off["name"] == "map")
        #expect(try browser.post("/settings", [("map", "on")]).status == 303)
        #expect(try browser.get("/").html.element(id: "settings-map-on")?["checked"] != nil)
        var page = try browser.get(instance)
        #expect(page.html.first("form") != nil, "the screen is still the page")
        #expect(node(page.html, "personal")?["data-state"] == "current")
        // A refused post shows the map too; another setting saved without `map` keeps it.
        page = try browser.post(instance + "/actions/continue", [("_screen", "personal")])
        #expect(page.status == 422 && node(page.html, "personal")?["data-state"] == "current")
        _ = try browser.post("/settings", [("appearance", "dark")])
        #expect(try browser.get(instance).html.first("svg") != nil)
        #expect(PageAudit.check(html: try browser.get(instance).text).map { "\($0.rule) \($0.location): \($0.message)" } == [])
        _ = try browser.post("/settings", [("map", "off")])
        #expect(try browser.get(instance).html.all("svg").isEmpty)
    }

    /// The path is every flow the instance took, the branch a gateway chose included, and the
    /// current node is where it waits.
    @Test func thePathIsEveryFlowTakenWithTheBranchChosenAndTheCurrentNode() throws {
        func task(_ id: String, _ next: String) -> String {
            #"{ "id": "\#(id)", "type": "userTask", "screen": [ { "type": "button", "label": "Go", "action": "go" } ], "actions": [ { "name": "go", "type": "submit", "next": "\#(next)" } ] }"#
        }
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "nodes": [
              { "id": "start", "type": "start", "next": "a" },
              \(task("a", "one")),
              { "id": "one", "type": "scriptTask", "set": { "x": "1" }, "next": "b" },
              \(task("b", "split")),
              { "id": "split", "type": "exclusiveGateway", "branches": [ { "when": "x == 1", "next": "left" }, { "next": "right" } ] },
              { "id": "left", "type": "scriptTask", "set": { "y": "1" }, "next": "c" },
              { "id": "right", "type": "scriptTask", "set": { "y": "2" }, "next": "c" },
              \(task("c", "end")),
              { "id": "end", "type": "end", "outcome": "completed" } ] }
            """,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let process = try #require(project.process(named: "p"))
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        var instance = try engine.start(process: "p", session: "s")
        for screen in ["a", "b"] {
            guard case .applied(let next) = try engine.perform(action: "go", on: instance.id, session: "s",
                                                               form: PostedForm([("_screen", screen)]), language: "en") else {
                Issue.record("\(screen) was not applied"); return
            }
            instance = next
        }
        let path = PreviewApp.mapPath(of: instance, in: process)
        #expect(path.passed.map { "\($0.from ?? "-")→\($0.to)" }
                == ["-→start", "start→a", "a→one", "one→b", "b→split", "split→left", "left→c"])
        #expect(path.current == ["c"])
    }
}
