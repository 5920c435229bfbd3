import Foundation
import Testing
import TestSupport
@testable import Preview

/// `GET /feel` and `GET /instances/{id}/feel`: the FEEL playground, a `get` form that works
/// without script and evaluates as the server does.
@Suite(.serialized) struct FEELPlaygroundRoutes {
    private func query(_ expression: String, context: String? = nil) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "?expression=" + encode(expression) + (context.map { "&context=" + encode($0) } ?? "")
    }

    @Test func theCatalogueLinksToThePlaygroundAndItShowsTheValueAndItsType() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        #expect(try browser.get("/").html.all("a").contains { $0["href"] == "/feel" })
        let page = try browser.get("/feel" + query("0.1 + 0.2"))
        #expect(page.status == 200)
        #expect(page.html.all(where: { $0.hasClass("fs-feel-value") }).first?.text == "0.3")
        #expect(page.html.all("dd").map(\.text).contains("number"))
    }

    @Test func anExpressionThatDoesNotParseMarksItsFieldAndSaysTheColumn() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/feel" + query("amount >"))
        let field = try #require(page.html.element(id: "feel-expression"))
        #expect(field["aria-invalid"] == "true")
        #expect(page.html.element(id: "feel-context")?["aria-invalid"] == nil)
        #expect(page.html.element(id: "feel-expression-error")?.text.contains("column 9") == true)
    }

    @Test func aContextThatIsNotAJSONObjectMarksTheContextField() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        for context in ["[1, 2]", "{\"a\": "] {
            let page = try browser.get("/feel" + query("a", context: context))
            #expect(page.html.element(id: "feel-context")?["aria-invalid"] == "true", "\(context)")
            #expect(page.html.element(id: "feel-expression")?["aria-invalid"] == nil)
        }
    }

    @Test func theContextIsDataAsTheServerReadsItFormJSNamesIncluded() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/feel" + query("this.amount * 2", context: #"{"amount": 0.1}"#))
        #expect(page.html.all(where: { $0.hasClass("fs-feel-value") }).first?.text == "0.2")
    }

    @Test func anInstancesPlaygroundStartsFromItsDataAndIsTheOwnersOnly() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        _ = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)
        let page = try browser.get(instance + "/feel" + query("client.firstName"))
        #expect(page.html.all(where: { $0.hasClass("fs-feel-value") }).first?.text == "\"Ana\"")
        #expect(page.html.element(id: "feel-context")?.text.contains("\"firstName\"") == true)
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.get(instance + "/feel").status == 404)
    }
}
