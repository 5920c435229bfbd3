import Expressions
import Foundation
import Testing
import TestSupport
@testable import Preview
@testable import Runtime

/// http.md's routes for stakeholder demos: start with data, start a scenario at a step, and
/// reset the demo while keeping the page settings.
@Suite(.serialized) struct DemoRoutes {
    /// The stored data of the instance at `path` (`/instances/{id}`), as the engine keeps it.
    private func data(_ path: String, _ preview: RunningPreview, _ browser: Browser) throws -> JSONValue {
        let session = String(browser.cookie?.split(separator: "=").last ?? "")
        return try preview.app.engine.instance(String(path.split(separator: "/").last ?? ""), session: session).data
    }

    @Test func startWithDataSetsAnyDataPathOverTheProcessData() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let reply = try browser.post("/processes/loan_application/start", [
            ("_data", #"{ "client.email": "ana@example.org", "application": { "amount": 5000 }, "demo.source": "stakeholders" }"#),
        ])
        #expect(reply.status == 303)
        let data = try data(try #require(reply.header("Location")), preview, browser)
        #expect(data["client"]?["email"] == "ana@example.org", "a declared parameter, given as a path")
        #expect(data["application"]?["amount"] == 5000)
        #expect(data["application"]?["currency"] == "EUR", "the process's own initial data stays under the laid-over values")
        #expect(data["demo"]?["source"] == "stakeholders", "a path no parameter declares")
    }

    @Test func aJSONBodySetsAnyDataPathBesideTheParameters() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let reply = try preview.client.send(method: "POST", path: "/processes/loan_application/start",
                                            headers: [("Content-Type", "application/json"), ("X-CSRF-Token", browser.csrf ?? ""),
                                                      ("Cookie", browser.cookie ?? "")],
                                            body: Array(#"{ "client": { "email": "ana@example.org" }, "loan.amount": 7000 }"#.utf8))
        #expect(reply.status == 303)
        let data = try data(try #require(reply.header("Location")), preview, browser)
        #expect(data["client"]?["email"] == "ana@example.org")
        #expect(data["loan"]?["amount"] == 7000)
    }

    @Test func startWithDataShowsRefusedTextBackWithWhereItIsWrong() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let typed = #"{ "client.email": "ana@example.org","#
        let reply = try browser.post("/processes/loan_application/start", [("_data", typed)])
        #expect(reply.status == 422)
        let page = reply.html
        let field = try #require(page.element(id: "start-data"))
        #expect(field.text == typed, "what was typed is kept to be corrected")
        #expect(field["aria-invalid"] == "true")
        let error = try #require(page.element(id: "start-data-error"))
        #expect(error.text.contains("line 1"), "the parser's line and column are said")
        #expect(field["aria-describedby"]?.split(separator: " ").contains("start-data-error") == true)
        let summary = try #require(page.element(id: "error-summary"))
        #expect(summary.all("a").first?["href"] == "#start-data")
        #expect(try preview.app.engine.instances(session: String(browser.cookie?.split(separator: "=").last ?? "")).isEmpty,
                "nothing is started")
    }

    @Test func startWithDataRefusesAMemberThatIsNotADataPath() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let reply = try browser.post("/processes/loan_application/start", [("_data", #"{ "first name": "Ana" }"#)])
        #expect(reply.status == 422)
        #expect(reply.html.element(id: "start-data-error")?.text.contains("\"first name\" is not a data path") == true)
        let list = try browser.post("/processes/loan_application/start", [("_data", "[1, 2]")])
        #expect(list.status == 422, "the data is one object")
    }

    @Test func startWithDataStillChecksRequiredParameters() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
                { "name": "p", "params": [ { "key": "customer.id", "required": true } ], "nodes": [
                    { "id": "s", "type": "start", "next": "ask" },
                    { "id": "ask", "type": "userTask", "title": "Ask", "screen": [
                        { "type": "input", "key": "name", "label": "Name" } ], "next": "e" },
                    { "id": "e", "type": "end" } ] }
                """,
        ])
        let preview = try RunningPreview(project: folder)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let refused = try browser.post("/processes/p/start", [("_data", #"{ "name": "Ana" }"#)])
        #expect(refused.status == 422)
        #expect(refused.html.element(id: "start-data-error")?.text.contains("customer.id") == true)
        let page = try browser.get("/processes/p/start")
        #expect(page.status == 200)
        #expect(page.html.all("code").contains { $0.text == "customer.id" }, "the page lists the declared parameters")
        #expect(try browser.post("/processes/p/start", [("_data", #"{ "customer.id": "c-1" }"#)]).status == 303)
        #expect(try browser.get("/processes/nothing/start").status == 404)
    }

    @Test func theCatalogueOffersEveryScenarioAtEveryStep() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let catalogue = try browser.get("/").html
        let scenarios = preview.app.scenarios
        #expect(!scenarios.isEmpty)
        for scenario in scenarios {
            let form = try #require(catalogue.all("form").first { $0["action"] == "/scenarios/\(scenario.name)/start" })
            let select = try #require(form.first("select"))
            #expect(select["name"] == "step")
            #expect(select.all("option").count == scenario.steps.count)
            let id = try #require(select["id"])
            #expect(catalogue.all("label").contains { $0["for"] == id }, "the choice of step has a label")
        }
    }

    @Test func startingAScenarioAtAStepShowsThatStepsScreenWithTheEarlierStepsData() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        let reply = try browser.post("/scenarios/happy-path/start", [("step", "3")])
        #expect(reply.status == 303)
        let instance = try #require(reply.header("Location"))
        let screen = try browser.getJSON(instance).value
        #expect(screen["screen"] == "loan", "step 3 of the happy path expects the loan screen")
        let data = try data(instance, preview, browser)
        #expect(data["client"]?["firstName"] == "Ana", "steps 1 and 2 ran with their values")
        #expect(data["client"]?["city"] == "bv")
        let first = try browser.post("/scenarios/happy-path/start", [("step", "1")])
        #expect(try browser.getJSON(try #require(first.header("Location"))).value["screen"] == "personal")
    }

    @Test func aScenarioStepOutsideTheScenarioIsRefused() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        #expect(try browser.post("/scenarios/happy-path/start", [("step", "0")]).status == 400)
        #expect(try browser.post("/scenarios/happy-path/start", [("step", "999")]).status == 400)
        #expect(try browser.post("/scenarios/no-such-scenario/start", [("step", "1")]).status == 404)
    }

    @Test func resettingTheDemoEndsEveryInstanceButKeepsTheSettings() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.post("/settings", [("language", "ro"), ("theme", "default"), ("appearance", "dark"), ("device", "phone")])
        let reset = try browser.post("/session/reset", [])
        #expect(reset.status == 303)
        let catalogue = try browser.get(try #require(reset.header("Location"))).html
        #expect(catalogue.all("div").first { $0.hasClass("fs-notice") } != nil, "the catalogue says the demo was reset")
        #expect(catalogue.first("html")?["lang"] == "ro")
        #expect(catalogue.first("html")?["data-appearance"] == "dark")
        #expect(try browser.get(instance).status == 404, "the instance is gone")
        #expect(catalogue.all("li").allSatisfy { !$0.hasClass("fs-instance") })
        #expect(try browser.post("/session/reset", [], csrf: false).status == 403, "reset is a post with the CSRF token")
    }

    /// The share link the inspector shows once the owner has shared `instance`.
    private func sharedLink(_ instance: String, _ browser: inout Browser) throws -> String {
        let shared = try browser.post(instance + "/share", [])
        #expect(shared.status == 303)
        let inspector = try browser.get(instance + "/inspect").html
        return try #require(inspector.all("a").first { $0["href"]?.hasPrefix("/shared/") == true }?["href"])
    }

    @Test func aSharedLinkShowsTheCurrentScreenToAnotherBrowserWithEveryControlDisabled() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        let page = try colleague.get(link)
        #expect(page.status == 200)
        let html = page.html
        #expect(html.first("h1")?.text == (try owner.get(instance)).html.first("h1")?.text, "the owner's current screen")
        let readOnly = try #require(html.all("fieldset").first { $0.hasClass("fs-read-only") })
        #expect(readOnly["disabled"] != nil)
        let controls = html.all("input") + html.all("select") + html.all("textarea") + html.all("button")
        #expect(!controls.isEmpty)
        #expect(controls.count == readOnly.all("input").count + readOnly.all("select").count + readOnly.all("textarea").count
                + readOnly.all("button").count, "every control is inside the disabled fieldset")
        #expect(page.header("Referrer-Policy") == "no-referrer")
    }

    @Test func aPostThroughASharedPageChangesNothing() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        let form = try #require(try colleague.get(link).html.all("form").first { $0.all("input").contains { $0["name"] == "_screen" } })
        let button = try #require(form.all("button").first { $0["formaction"] != nil })
        let posted = try colleague.post(try #require(button["formaction"]), [("_screen", "personal")] + personal)
        #expect(posted.status == 404, "the owner's instance is not the colleague's")
        #expect(try colleague.post(link, []).status == 404, "a shared link takes no posts")
        #expect(try owner.getJSON(instance).value["screen"] == "personal", "the owner's instance has not moved")
    }

    @Test func aSharedLinkEndsWhenSharingStopsOrTheSessionEnds() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        #expect(try colleague.get(link).status == 200)
        #expect(try owner.post(instance + "/unshare", []).status == 303)
        #expect(try colleague.get(link).status == 404)
        let again = try sharedLink(instance, &owner)
        #expect(again != link, "sharing again makes a new secret")
        _ = try owner.get("/")
        #expect(try owner.post("/session/end", []).status == 303)
        #expect(try colleague.get(again).status == 404)
    }

    @Test func aSharedLinkWithAWrongSecretOrAnotherSessionsShareIsNotFound() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        let wrong = String(link.dropLast()) + (link.hasSuffix("0") ? "1" : "0")
        #expect(try colleague.get(wrong).status == 404)
        #expect(try colleague.get(String(link.prefix { $0 != "." })).status == 404, "the id alone is not a link")
        _ = try colleague.get("/")
        #expect(try colleague.post(instance + "/share", []).status == 404, "only the owner shares")
    }

    @Test func theOwnersPageStaysEditableAfterASharedViewOfTheSameScreen() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        _ = try colleague.get(link)
        let page = try owner.get(instance).html
        #expect(!page.all("fieldset").contains { $0.hasClass("fs-read-only") })
        #expect(page.all("input").allSatisfy { $0["disabled"] == nil })
    }
}
