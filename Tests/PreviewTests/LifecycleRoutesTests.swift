import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Preview
import TestSupport
import Testing

/// http.md routes for the lifecycle of process.md: continue the latest, stop, close a modal,
/// end the session; and the rules that keep them inside their session.
@Suite(.serialized) struct LifecycleRoutes {
    @Test func continueTheLatestGoesToTheNewestRunningInstance() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.startLoan()
        let newest = try browser.startLoan()
        let catalogue = try browser.get("/")
        #expect(catalogue.html.all("a").contains { $0["href"] == "/processes/loan_application/latest" })
        let reply = try browser.get("/processes/loan_application/latest")
        #expect(reply.status == 303)
        #expect(reply.header("Location") == newest)
    }

    @Test func continueTheLatestWithoutOneShowsTheCatalogueWithAMessage() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let reply = try browser.get("/processes/loan_application/latest")
        #expect(reply.status == 200)
        #expect(reply.html.all("div").first { $0.hasClass("fs-notice") }?.text.contains("no running") == true)
        #expect(try browser.get("/processes/no_such_process/latest").status == 404)
    }

    @Test func stoppingAnInstanceCancelsItAndTheCatalogueSaysSo() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get("/")
        let stopped = try browser.post(instance + "/stop", [])
        #expect(stopped.status == 303)
        let location = try #require(stopped.header("Location"))
        let catalogue = try browser.get(location)
        #expect(catalogue.html.all("div").first { $0.hasClass("fs-notice") }?.text.contains("was stopped") == true)
        #expect(catalogue.html.all("span").contains { $0.hasClass("fs-status") && $0.text == "Cancelled" })
        #expect(!catalogue.html.all("form").contains { $0["action"] == instance + "/stop" }, "a cancelled instance has no Stop")
        let end = try browser.get(instance)
        #expect(end.html.first("h1")?.text == "Cancelled")
    }

    @Test func stoppingAFlowRunStopsItsLaunchedProcessToo() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let run = try #require(try browser.post("/flows/onboarding/start", []).header("Location"))
        _ = try browser.get(run)
        _ = try browser.post(run + "/events/next", [("_screen", "welcome"), ("user.returning", "true")])
        _ = try browser.post(run + "/events/next", [("_screen", "login"), ("user.email", "ana@example.org")])
        let launched = try browser.post(run + "/events/next", [("_screen", "goal"), ("user.goal", "loan")])
        let child = try #require(launched.header("Location"))
        #expect(child != run, "the goal screen launched the loan process")
        _ = try browser.get("/")
        #expect(try browser.post(run + "/stop", []).status == 303)
        #expect(try browser.getJSON(child).value["status"] == "cancelled")
        let runJSON = try browser.getJSON(run).value
        #expect(runJSON["status"] == "stopped")
        let refused = try browser.post(run + "/back", [])
        #expect(refused.status == 409, "a stopped flow never moves again")
    }

    @Test func closingAModalProcessAsksFirstAndConfirmingCancelsIt() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/loan_application/start", [("modal", "1")]).header("Location"))
        let screen = try browser.get(instance)
        let close = try #require(screen.html.all("a").first { $0["href"] == instance + "/close" })
        #expect(close.text == "Close")
        let confirmation = try browser.get(instance + "/close")
        #expect(confirmation.status == 200)
        #expect(confirmation.html.first("h1")?.text == "Close “Loan application”?")
        #expect(confirmation.html.all("a").contains { $0["href"] == instance }, "a way back without closing")
        let form = try #require(confirmation.html.all("form").first { $0["action"] == instance + "/stop" })
        #expect(form["method"] == "post")
        _ = try browser.post(instance + "/stop", [])
        #expect(try browser.getJSON(instance).value["status"] == "cancelled")
    }

    @Test func aDismissActionLeadsToTheCloseConfirmationAndChangesNothing() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/m.json": """
                { "name": "m", "modal": true, "nodes": [
                    { "id": "s", "type": "start", "next": "ask" },
                    { "id": "ask", "type": "userTask", "title": "Ask", "screen": [
                        { "type": "input", "key": "name", "label": "Name" },
                        { "type": "button", "label": "Cancel", "action": "cancel" } ],
                      "actions": [ { "name": "cancel", "type": "dismiss" } ], "next": "e" },
                    { "id": "e", "type": "end" } ] }
                """,
        ])
        let preview = try RunningPreview(project: folder)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/m/start", []).header("Location"))
        _ = try browser.get(instance)
        let dismissed = try browser.post(instance + "/actions/cancel", [("_screen", "ask"), ("name", "Ana")])
        #expect(dismissed.status == 303)
        #expect(dismissed.header("Location") == instance + "/close")
        let screen = try browser.getJSON(instance).value
        #expect(screen["status"] == "running")
        #expect(screen["components"]?[0]?["value"] == .null, "nothing posted with dismiss is kept")
    }

    @Test func aProcessThatIsNotModalHasNoClosePage() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).html.all("a").allSatisfy { $0["href"] != instance + "/close" })
        #expect(try browser.get(instance + "/close").status == 404)
    }

    @Test func endingTheSessionForgetsEveryInstanceAndFlow() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let run = try #require(try browser.post("/flows/onboarding/start", []).header("Location"))
        _ = try browser.get("/")
        let ended = try browser.post("/session/end", [])
        #expect(ended.status == 303)
        let catalogue = try browser.get(try #require(ended.header("Location")))
        #expect(catalogue.header("Set-Cookie") != nil, "the browser gets a new session")
        #expect(catalogue.html.all("div").first { $0.hasClass("fs-notice") }?.text.contains("session has ended") == true)
        #expect(catalogue.html.all("ul").first { $0.hasClass("fs-instances") } == nil)
        #expect(try browser.get(instance).status == 404)
        #expect(try browser.get(run).status == 404)
    }

    @Test func lifecyclePostsWithoutTheCSRFTokenChangeNothing() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.post(instance + "/stop", [], csrf: false).status == 403)
        #expect(try browser.post("/session/end", [], csrf: false).status == 403)
        #expect(try browser.getJSON(instance).value["status"] == "running")
    }

    @Test func anotherSessionsInstanceIsNotFoundOnEveryRoute() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.get(instance + "/inspect").status == 404)
        #expect(try stranger.get(instance + "/close").status == 404)
        #expect(try stranger.post(instance + "/stop", []).status == 404)
        #expect(try stranger.getJSON(instance).status == 404)
        #expect(try owner.getJSON(instance).value["status"] == "running")
    }
}

/// `GET /instances/{id}` with `Accept: application/json`, and the inspector.
@Suite(.serialized) struct InspectionRoutes {
    @Test func theJSONScreenHasComponentsWithValuesErrorsAndActions() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get(instance)
        _ = try browser.post(instance + "/actions/continue", [("_screen", "personal"), ("client.firstName", "Ana")])
        let screen = try browser.getJSON(instance)
        #expect(screen.status == 200)
        #expect(screen.value["screen"] == "personal")
        #expect(screen.value["title"] == "Tell us about yourself")
        #expect(screen.value["stepper"]?["step"] == 1)
        let fields = screen.value["components"]?.arrayValue?.flatMap { [$0] + ($0["children"]?.arrayValue ?? []) } ?? []
        let firstName = try #require(fields.first { $0["key"] == "client.firstName" })
        #expect(firstName["label"] == "First name")
        #expect(firstName["required"] == true)
        let actions = screen.value["actions"]?.arrayValue ?? []
        #expect(actions.contains { $0["name"] == "continue" && $0["url"] == .string(instance + "/actions/continue") })
    }

    @Test func theJSONOfAFinishedInstanceGivesItsOutcome() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get("/")
        _ = try browser.post(instance + "/stop", [])
        let end = try browser.getJSON(instance).value
        #expect(end["status"] == "cancelled")
        #expect(end["components"] == nil)
    }

    @Test func theInspectorShowsWhereTheInstanceIsAndItsData() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get(instance)
        _ = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)
        let page = try browser.get(instance + "/inspect")
        #expect(page.status == 200)
        let details = Dictionary(uniqueKeysWithValues: zip(page.html.all("dt").map(\.text), page.html.all("dd").map(\.text)))
        #expect(details["Current node or state"] == "loan")
        #expect(details["Status"] == "In progress")
        let steps = try #require(page.html.first("table")).all("tbody").first?.all("tr") ?? []
        #expect(steps.map { $0.first("th")?.text } == ["1"], "the one step taken")
        #expect(steps.first?.all("td").dropFirst().first?.text == "Tell us about yourself (personal)", "on the screen it was taken")
        let data = try JSONParser.parse(try #require(page.html.first("pre")?.text))
        #expect(data["client"]?["firstName"] == "Ana")
        let events = try page.html.all("ol").first { !$0.hasClass("fs-map__steps") }.map { try $0.all("li").map { try JSONParser.parse($0.text) } } ?? []
        #expect(events.map { $0["event"] } == ["start", "screen", "action", "screen"])
    }

    @Test func theInspectorShowsTheScreenReaderOutlineOfTheCurrentScreen() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.get(instance)
        _ = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)
        let screen = try browser.get(instance).html
        let inspector = try browser.get(instance + "/inspect").text
        #expect(PageAudit.check(html: inspector).isEmpty, "\(PageAudit.check(html: inspector))")
        let page = HTMLDocument.parse(inspector)
        #expect(page.element(id: "screen-reader-outline")?.text == "Screen-reader outline")
        let region = try #require(page.all("div").first { $0["aria-labelledby"] == "screen-reader-outline" })
        let rows = region.all("tbody").flatMap { $0.all("tr") }.map { $0.all("td").map(\.text) }
        let expected = ScreenReaderOutline(html: try browser.get(instance).text).items
        #expect(rows.count == expected.count)
        #expect(rows.map { $0[2] } == expected.map(\.name), "the rows name what the screen announces, in order")
        #expect(rows.contains { $0[1] == "heading, level 1" && $0[2] == screen.first("h1")?.text })
        let loanControls = screen.all("input").filter { $0["type"] != "hidden" }.count + screen.all("select").count
        #expect(rows.filter { ["textbox", "spinbutton", "combobox", "radio", "checkbox"].contains($0[1]) }.count == loanControls)
        #expect(rows.contains { $0[1] == "main" && $0[7].isEmpty })
    }
}

/// Sessions live in the store: a restart keeps a browser's work (http.md, "Sessions").
@Suite(.serialized) struct PersistentSessions {
    @Test func aRestartKeepsTheSessionAndItsInstancesAndFlows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-sessions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        var browser: Browser
        let instance: String, run: String
        do {
            let preview = try RunningPreview(database: try SQLiteStore(path: path))
            browser = Browser(preview)
            instance = try browser.startLoan()
            run = try #require(try browser.post("/flows/onboarding/start", []).header("Location"))
            _ = try browser.post("/settings", [("language", "ro")])
        }
        let restarted = try RunningPreview(database: try SQLiteStore(path: path))
        var after = Browser(restarted)
        after.cookie = browser.cookie
        let screen = try after.get(instance)
        #expect(screen.status == 200)
        #expect(screen.header("Set-Cookie") == nil, "the same session, not a new one")
        #expect(screen.html.first("html")?["lang"] == "ro", "settings survive too")
        #expect(try after.get(run).status == 200)
    }

    @Test func aSessionIsStoredOnlyOnceItPostsSomething() throws {
        let database = try SQLiteStore.inMemory()
        let preview = try RunningPreview(database: database)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let id = try #require(browser.cookie?.split(separator: "=").last.map(String.init))
        #expect(try database.sessions.load(id) == nil, "a visit alone writes nothing")
        _ = try browser.post("/settings", [("theme", "high-contrast")])
        #expect(try database.sessions.load(id)?.theme == "high-contrast")
    }
}
