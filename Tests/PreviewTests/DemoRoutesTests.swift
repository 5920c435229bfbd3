import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Preview
import TestSupport
import Testing

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

    @Test func theCatalogueOffersEachCamundaTestCaseBeforeEachInstruction() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let catalogue = try browser.get("/").html
        let cases = preview.app.testCases
        #expect(cases.count == 3, "the example's test cases")
        for (index, testCase) in cases.enumerated() {
            let form = try #require(catalogue.all("form").first { $0["action"] == "/test-cases/\(index + 1)/start" })
            let options = form.all("option").map(\.text)
            #expect(options.count == testCase.instructions.count, "before instructions 2 … N, and after the last")
            #expect(options.first == "Before instruction 2: \(testCase.instructions[1].type)" && options.last == "After the last instruction")
        }
    }

    @Test func startingATestCaseBeforeAnInstructionShowsItsInstanceThere() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        _ = try browser.get("/")
        // The large claim's instructions 1 … 3: archive mocked, created, approval asserted; before 4 it waits for the manager.
        let number = try #require(preview.app.testCases.firstIndex { $0.name == "A large claim is approved by the manager" }) + 1
        let reply = try browser.post("/test-cases/\(number)/start", [("step", "4")])
        #expect(reply.status == 303)
        let screen = try browser.getJSON(try #require(reply.header("Location"))).value
        #expect(screen["screen"] == "approve-claim", "\(screen)")
        #expect(try browser.post("/test-cases/\(number)/start", [("step", "99")]).status == 400)
        #expect(try browser.post("/test-cases/999/start", [("step", "2")]).status == 404)
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
        #expect(page.headers.filter { $0.name.lowercased() == "referrer-policy" }.map(\.value) == ["no-referrer"], "one policy: browsers take the last of several")
        #expect(try colleague.get("/").headers.filter { $0.name.lowercased() == "referrer-policy" }.map(\.value) == ["same-origin"])
    }

    @Test func aSharedPageShowsTheProcessMapWithTheCurrentNode() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        let link = try sharedLink(instance, &owner)
        var colleague = Browser(preview)
        let page = try colleague.get(link).html
        let svg = try #require(page.first("svg"))
        #expect(svg["role"] == "img")
        #expect(svg.all(where: { $0["data-state"] == "current" }).contains { $0["data-node"] == "personal" })
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

    // MARK: - History and "Restart from here"

    private let loanValues = [("_screen", "loan"), ("loan.amount", "5000"), ("loan.purpose", "car"), ("loan.term", "24")]

    /// Walks the example's loan application to its offer: two steps.
    private func walkToTheOffer(_ browser: inout Browser) throws -> String {
        let instance = try browser.startLoan()
        #expect(try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal).status == 303)
        #expect(try browser.post(instance + "/actions/continue", loanValues).status == 303)
        return instance
    }

    /// The rows of the inspector's table of steps, each as its cells' texts.
    private func stepRows(_ page: HTMLElement) throws -> [[String]] {
        let table = try #require(page.all("table").first { $0.parent?["aria-labelledby"] == "steps" })
        return table.all("tr").dropFirst().map { row in row.children.filter { $0.tag == "th" || $0.tag == "td" }.map(\.text) }
    }

    @Test func theInspectorListsEveryStepWithItsScreenActionPostedFieldsAndBranchChosen() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try walkToTheOffer(&browser)
        let page = try browser.get(instance + "/inspect").html
        let rows = try stepRows(page)
        #expect(rows.count == 2, "one row per accepted step; the invalid post is not a step")
        #expect(rows[0][0] == "1" && rows[0][2].contains("personal") && rows[0][3] == "continue")
        #expect(rows[0][4].contains("client.firstName = Ana"))
        #expect(!rows[0][4].contains("_csrf"), "the security token is not history")
        #expect(rows[1][4].contains("loan.amount = 5000"))
        #expect(rows[1][5].contains("route → offer"), "the exclusive gateway's branch is named")
        let table = try #require(page.all("table").first { $0.parent?["aria-labelledby"] == "steps" })
        #expect(table.all("th").filter { $0["scope"] == "col" }.count == 7, "every column has a header")
    }

    @Test func eachStepOffersRestartFromHereWithAnAccessibleNameNamingTheStep() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try walkToTheOffer(&browser)
        let page = try browser.get(instance + "/inspect").html
        let forms = page.all("form").filter { $0["action"] == instance + "/restart" }
        #expect(forms.count == 2)
        for (offset, form) in forms.enumerated() {
            #expect(form.all("input").contains { $0["name"] == "step" && $0["value"] == "\(offset + 1)" })
            let button = try #require(form.first("button"))
            #expect(button.text == "Restart from here")
            #expect(button["aria-label"] == "Restart from here: step \(offset + 1)", "the name starts with the visible words")
        }
    }

    @Test func restartFromHereShowsThatStepsScreenWithTheEarlierStepsDataAndKeepsTheOriginal() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try walkToTheOffer(&browser)
        let reply = try browser.post(instance + "/restart", [("step", "2")])
        #expect(reply.status == 303)
        let restarted = try #require(reply.header("Location"))
        #expect(restarted != instance, "a new instance")
        #expect(try browser.getJSON(restarted).value["screen"] == "loan", "step 2 was taken on the loan screen")
        let data = try data(restarted, preview, browser)
        #expect(data["client"]?["firstName"] == "Ana", "step 1 was replayed with its values")
        #expect(data["loan"]?["amount"] == nil || data["loan"]?["amount"] == .null, "step 2 was not")
        #expect(try browser.getJSON(instance).value["screen"] == "offer", "the original instance stays where it was")
        let rows = try stepRows(try browser.get(restarted + "/inspect").html)
        #expect(rows.count == 1, "the new instance's history holds the replayed step")
        let first = try browser.post(instance + "/restart", [("step", "1")])
        #expect(try browser.getJSON(try #require(first.header("Location"))).value["screen"] == "personal")
    }

    @Test func aRestartStopsAtAStepThatNoLongerGoesAsItWentAndSaysWhy() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try walkToTheOffer(&browser)
        // The process as if changed since: step 1's posted values no longer pass its checks.
        let id = String(instance.split(separator: "/").last ?? "")
        var stored = try #require(try preview.app.engine.store.load(id))
        let step = stored.steps[0]
        stored.steps[0] = InstanceStep(at: step.at, screen: step.screen, action: step.action,
                                       form: PostedForm([("client.firstName", "Ana")]), files: [], branches: [])
        _ = try preview.app.engine.store.save(stored)
        let reply = try browser.post(instance + "/restart", [("step", "2")])
        #expect(reply.status == 200, "the page where the replay stopped")
        let notice = try #require(reply.html.all("div").first { $0.hasClass("fs-notice") })
        #expect(notice.text.contains("step 1"), "which step stopped it")
        #expect(notice.text.contains("client.lastName"), "and why")
        #expect(reply.html.first("h1")?.text == "Tell us about yourself")
    }

    @Test func aRestartOutsideTheHistoryOrOfAnotherSessionIsRefused() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try walkToTheOffer(&owner)
        #expect(try owner.post(instance + "/restart", [("step", "0")]).status == 400)
        #expect(try owner.post(instance + "/restart", [("step", "3")]).status == 400, "two steps were taken")
        #expect(try owner.post(instance + "/restart", [("step", "1")], csrf: false).status == 403)
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.post(instance + "/restart", [("step", "1")]).status == 404)
    }
}
