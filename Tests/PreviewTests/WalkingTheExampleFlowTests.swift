import Foundation
import Testing
import TestSupport
@testable import Preview

/// Issue 4's end-to-end walk: the onboarding flow over real HTTP, with back, a condition,
/// the launched loan process and the return to the flow when it ends.
@Suite(.serialized) struct WalkingTheExampleFlow {
    func startOnboarding(_ browser: inout Browser) throws -> String {
        let catalogue = try browser.get("/")
        #expect(catalogue.html.all("form").contains { $0["action"] == "/flows/onboarding/start" })
        let started = try browser.post("/flows/onboarding/start", [])
        #expect(started.status == 303)
        return try #require(started.header("Location"))
    }

    @Test func theFlowWalksThroughItsLaunchedProcessAndBack() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let run = try startOnboarding(&browser)
        let welcome = try browser.get(run)
        #expect(welcome.html.first("h1")?.text == "Welcome")
        let next = try #require(welcome.html.all("button").first?["formaction"])
        #expect(next == run + "/events/next")

        // Not returning: the condition sends the user to "register".
        #expect(try browser.post(next, [("_screen", "welcome")]).status == 303)
        #expect(try browser.get(run).html.first("h1")?.text == "Create your profile")

        // Back without validation, then forward again.
        #expect(try browser.post(run + "/events/back", [("_screen", "register")]).status == 303)
        #expect(try browser.get(run).html.first("h1")?.text == "Welcome")
        _ = try browser.post(next, [("_screen", "welcome")])

        // A failed post keeps the values and shows the error summary.
        let invalid = try browser.post(run + "/events/next", [("_screen", "register"), ("user.firstName", "Ana")])
        #expect(invalid.status == 422)
        #expect(invalid.html.all("a").contains { $0["href"] == "#field-user-email" })
        #expect(invalid.html.element(id: "field-user-firstName")?["value"] == "Ana")

        _ = try browser.post(run + "/events/next", [("_screen", "register"), ("user.firstName", "Ana"),
                                                    ("user.email", "ana@example.org"), ("user.consent", "true")])
        let launched = try browser.post(run + "/events/next", [("_screen", "goal"), ("user.goal", "loan")])
        let child = try #require(launched.header("Location"))
        #expect(child != run)

        // The launched process got the flow's data as input.
        let personal = try browser.get(child)
        #expect(personal.html.element(id: "field-client-firstName")?["value"] == "Ana")
        _ = try browser.post(child + "/actions/continue", [("_screen", "personal"), ("client.firstName", "Ana"),
                                                          ("client.lastName", "Pop"), ("client.email", "ana@example.org")])
        _ = try browser.post(child + "/actions/continue", [("_screen", "loan"), ("loan.amount", "5000"),
                                                          ("loan.purpose", "car"), ("loan.term", "24")])
        let ended = try browser.post(child + "/actions/accept", [("_screen", "offer"), ("offer.accepted", "true")])
        #expect(ended.header("Location") == run)
        let thanks = try browser.get(run)
        #expect(thanks.html.first("h1")?.text == "Thank you")
        #expect(thanks.html.first("main")?.text.contains("€225") == true)
        // Its own back button, and no second one from the page chrome.
        let chromeBack = thanks.html.all("button").filter { $0["formaction"] == run + "/back" }
        #expect(chromeBack.isEmpty)
    }

    @Test func anotherSessionCannotSeeTheRun() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let run = try startOnboarding(&owner)
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.get(run).status == 404)
        #expect(try stranger.post(run + "/events/next", [("_screen", "welcome")]).status == 404)
    }

    @Test func anEventWithoutTheCSRFTokenIsForbiddenAndChangesNothing() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let run = try startOnboarding(&browser)
        #expect(try browser.post(run + "/events/next", [("_screen", "welcome")], csrf: false).status == 403)
        #expect(try browser.get(run).html.first("h1")?.text == "Welcome")
    }

    @Test func anUnknownEventIsShownAsAFlowErrorWithItsCode() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let run = try startOnboarding(&browser)
        let reply = try browser.post(run + "/events/teleport", [("_screen", "welcome")])
        #expect(reply.status == 409)
        #expect(reply.html.first("main")?.text.contains("1005") == true)
        #expect(reply.html.first("h1")?.text == "Welcome")
    }
}
