import Foundation
import HTTP
import Testing
import TestSupport
@testable import Preview

/// Issue 19, "Conditions are judged on what was just posted", over HTTP without script: the
/// radio that reveals a required field is judged on the posted choice.
@Suite struct PostedConditionsInTheBrowser {
    @Test func aRequiredFieldThePostRevealsComesBackAs422WithItsError() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Cards", "languages": ["en"] }"#,
            "processes/card.json": """
            { "name": "card", "nodes": [
              { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Your card", "screen": [
                  { "type": "radio", "key": "card.format", "label": "Card",
                    "options": [ { "value": "plastic", "label": "Plastic" }, { "value": "digital", "label": "Digital" } ] },
                  { "type": "input", "key": "card.address", "label": "Postal address", "hide": "card.format != 'plastic'",
                    "validators": [ { "type": "required" } ] },
                  { "type": "button", "label": "Continue", "action": "continue" } ],
                "actions": [ { "name": "continue", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """,
        ])
        let preview = try RunningPreview(project: folder)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/card/start", []).header("Location"))
        let page = try browser.get(instance)
        #expect(page.html.all("input").allSatisfy { $0["name"] != "card.address" }, "hidden before the choice")

        let refused = try browser.post(instance + "/actions/continue", [("_screen", "ask"), ("card.format", "plastic")])
        #expect(refused.status == 422)
        let address = try #require(refused.html.all("input").first { $0["name"] == "card.address" })
        let links = refused.html.element(id: "error-summary")?.all("a") ?? []
        #expect(links.map { $0["href"] } == ["#" + (address["id"] ?? "")])
        #expect(links.first?.text == "Postal address: enter a value")
    }
}
