import Foundation
import Testing
import TestSupport
@testable import Preview

/// Issue 19: a flow button firing an event its state lacks is a warning, not a load error
/// refusing the project; pressing it is error 1005 on the page, with the flow's data kept.
@Suite struct FlowButtonWithoutEvent {
    /// A flow whose first state has a field, a button firing `next` (which it has) and one
    /// firing `finish` (which it lacks).
    static func project() throws -> URL {
        try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"{ "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#,
            "flows/f.json": #"""
            { "name": "f", "title": "Flow", "firstState": "a",
              "states": [
                { "state": "a", "title": "First",
                  "screen": [ { "type": "input", "key": "person.name", "label": "Name" },
                              { "type": "button", "label": "Go", "event": "next" },
                              { "type": "button", "label": "Finish", "event": "finish" } ],
                  "events": [ { "eventId": "next", "nextStates": [ { "condition": [], "nextState": "b" } ] } ] },
                { "state": "b", "title": "Second", "screen": [ { "type": "text", "markdown": "Hello ${person.name}" } ], "events": [] } ] }
            """#,
        ])
    }

    func start(_ browser: inout Browser) throws -> String {
        _ = try browser.get("/")
        let started = try browser.post("/flows/f/start", [])
        #expect(started.status == 303)
        return try #require(started.header("Location"))
    }

    @Test func aButtonFiringAnEventItsStateLacksGivesError1005OnThePageAndKeepsTheData() throws {
        let preview = try RunningPreview(project: try Self.project())
        var browser = Browser(preview)
        let run = try start(&browser)
        let reply = try browser.post(run + "/events/finish", [("_screen", "a"), ("person.name", "Ana")])
        #expect(reply.status == 409)
        #expect(reply.html.first("h1")?.text == "First")
        let notice = reply.html.all(where: { $0.hasClass("fs-notice") }).first
        #expect(notice?.text.contains("error 1005: the state “a” has no event “finish”") == true)
        #expect(reply.html.all("input").first { $0["name"] == "person.name" }?["value"] == "Ana")
        // The data posted with the refused event is kept: the next event carries it on.
        #expect(try browser.post(run + "/events/next", [("_screen", "a"), ("person.name", "Ana")]).status == 303)
        #expect(try browser.get(run).html.first("main")?.text.contains("Hello Ana") == true)
    }

    @Test func aButtonFiringAnEventItsStateLacksIsShownInThePageBannerWithItsPointer() throws {
        let preview = try RunningPreview(project: try Self.project())
        var browser = Browser(preview)
        let catalogue = try browser.get("/")
        #expect(catalogue.status == 200)
        let banner = try #require(catalogue.html.all(where: { $0.hasClass("fs-project-warnings") }).first)
        let heading = try #require(banner.first("h2"))
        #expect(banner["aria-labelledby"] == heading["id"])
        let items = banner.all("li").map(\.text)
        #expect(items.count == 1)
        #expect(items.first?.hasPrefix("flows/f.json /states/0/screen/2/event: ") == true)
        #expect(items.first?.contains("error 1005") == true)
        // On a flow page too.
        let run = try start(&browser)
        #expect(try browser.get(run).html.all(where: { $0.hasClass("fs-project-warnings") }).count == 1)
    }
}
