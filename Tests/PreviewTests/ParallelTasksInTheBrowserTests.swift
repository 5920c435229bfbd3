import Foundation
import Testing
import TestSupport
@testable import Preview

private func forkingProject() throws -> URL {
    let task = { (id: String, title: String) in
        #"{ "id": "\#(id)", "type": "userTask", "title": "\#(title)", "screen": [ { "type": "input", "key": "\#(id)", "label": "Value" } ], "actions": [ { "name": "ok", "type": "submit", "next": "\#(id)2" }, { "name": "keep", "type": "save" }, { "name": "back", "type": "back" } ] }"#
    }
    let second = { (id: String, title: String) in
        #"{ "id": "\#(id)", "type": "userTask", "title": "\#(title)", "screen": [], "actions": [ { "name": "ok", "type": "submit", "next": "join" } ] }"#
    }
    return try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/p.json": """
        { "name": "p", "navigation": "tabs", "nodes": [
          { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["income", "home"] },
          \(task("income", "Your income")), \(task("home", "Your home")),
          \(second("income2", "Income checked")), \(second("home2", "Home checked")),
          { "id": "join", "type": "parallelGateway", "next": "e" },
          { "id": "e", "type": "end", "message": "All done" } ] }
        """,
    ])
}

@Suite(.serialized) struct ParallelTasksInTheBrowser {
    @Test func theTabQueryChoosesTheTaskAndEachTabPostsForItsOwnTask() throws {
        let preview = try RunningPreview(project: try forkingProject())
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/p/start", []).header("Location"))

        var page = try browser.get(instance)
        #expect(page.html.first("h1")?.text == "Your income")
        page = try browser.get(instance + "?tab=home")
        #expect(page.html.first("h1")?.text == "Your home")
        #expect(page.html.all("a").first { $0["aria-current"] == "page" }?.text == "Your home")

        page = try browser.post(instance + "/actions/ok", [("_screen", "home"), ("home", "flat")])
        #expect(page.status == 303)
        page = try browser.get(instance + "?tab=home2")
        #expect(page.html.first("h1")?.text == "Home checked")

        // Back from the second tab's task goes back on that branch only.
        page = try browser.post(instance + "/back", [("_screen", "home2")])
        #expect(page.status == 303)
        page = try browser.get(instance + "?tab=home")
        #expect(page.html.first("h1")?.text == "Your home")
        #expect(page.html.all("a").map(\.text).contains("Your income"))

        for (task, next) in [("home", "home2"), ("income", "income2")] {
            #expect(try browser.post(instance + "/actions/ok", [("_screen", task)]).status == 303)
            #expect(try browser.post(instance + "/actions/ok", [("_screen", next)]).status == 303)
        }
        page = try browser.get(instance)
        #expect(page.html.first("main")?.text.contains("All done") == true)
    }

    @Test func aSaveOnATabComesBackToThatTab() throws {
        let preview = try RunningPreview(project: try forkingProject())
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/p/start", []).header("Location"))
        _ = try browser.get(instance + "?tab=home")
        let saved = try browser.post(instance + "/actions/keep", [("_screen", "home"), ("home", "flat")])
        #expect(saved.status == 303)
        #expect(saved.header("Location") == instance + "?tab=home", "not the first tab, which the person did not post from")
        let moved = try browser.post(instance + "/actions/ok", [("_screen", "home"), ("home", "flat")])
        #expect(moved.header("Location") == instance, "a task that moved on has no tab left: the first waiting task is shown")
    }

    @Test func aBranchStartedBesideTheTaskIsShownFirst() throws {
        let preview = try RunningPreview(project: try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Approve", "screen": [],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" },
                             { "name": "remind", "type": "submit", "validate": false, "keepTask": true, "next": "r" } ] },
              { "id": "r", "type": "userTask", "title": "Remind the manager", "screen": [],
                "actions": [ { "name": "ok", "type": "submit", "next": "sent" } ] },
              { "id": "sent", "type": "end" }, { "id": "e", "type": "end" } ] }
            """,
        ]))
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/p/start", []).header("Location"))
        let reminded = try browser.post(instance + "/actions/remind", [("_screen", "t")])
        #expect(reminded.header("Location") == instance, "not back to the task the person posted from")
        #expect(try browser.get(instance).html.first("h1")?.text == "Remind the manager")
    }
}
