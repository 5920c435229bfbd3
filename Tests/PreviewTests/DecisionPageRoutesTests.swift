import Foundation
import Testing
import TestSupport
@testable import Preview

/// `GET /decisions/{id}`: a decision of the project to try, a `get` form that works without
/// script; the example's `claim-route` (FIRST) requires the literal `claim-size` over `amount`.
@Suite(.serialized) struct DecisionPageRoutes {
    private func query(_ values: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        return "?" + ([("_evaluate", "1")] + values).map { encode($0) + "=" + encode($1) }.joined(separator: "&")
    }

    /// A table over plain variables (no input data): one typed field per table input.
    private let plainTable = """
    <?xml version="1.0" encoding="UTF-8"?>
    <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="dish" name="Dish" namespace="http://example.org/dish">
      <decision id="dish" name="Dish">
        <decisionTable id="t" hitPolicy="UNIQUE">
          <input id="i1" label="Season"><inputExpression typeRef="string"><text>season</text></inputExpression>
            <inputValues><text>"Winter","Summer"</text></inputValues></input>
          <input id="i2" label="Guests"><inputExpression typeRef="number"><text>guestCount</text></inputExpression></input>
          <input id="i3" label="Vegan"><inputExpression typeRef="boolean"><text>vegan</text></inputExpression></input>
          <input id="i4" label="Day"><inputExpression typeRef="date"><text>day</text></inputExpression></input>
          <output id="o1" name="dish" typeRef="string"/>
          <rule id="r1"><inputEntry><text>"Winter"</text></inputEntry><inputEntry><text>&lt;= 8</text></inputEntry>
            <inputEntry><text>-</text></inputEntry><inputEntry><text>-</text></inputEntry><outputEntry><text>"Roastbeef"</text></outputEntry></rule>
          <rule id="r2"><inputEntry><text>"Summer"</text></inputEntry><inputEntry><text>-</text></inputEntry>
            <inputEntry><text>-</text></inputEntry><inputEntry><text>-</text></inputEntry><outputEntry><text>"Salad"</text></outputEntry></rule>
        </decisionTable>
      </decision>
    </definitions>
    """

    private func plainProject() throws -> URL {
        try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Dishes", "languages": ["en"] }"#,
            "processes/p.json": #"{ "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#,
            "rules/dish.dmn": plainTable,
        ])
    }

    @Test func theCatalogueLinksEachDecisionWithItsFile() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let catalogue = try browser.get("/")
        let links = catalogue.html.all("a")
        for (id, name) in [("claim-size", "Claim size"), ("claim-route", "Claim route")] {
            let link = try #require(links.first { $0["href"] == "/decisions/\(id)" }, "the catalogue links \(id)")
            #expect(link.text == name)
        }
        #expect(catalogue.html.all("li").contains { $0.text.contains("Claim route") && $0.text.contains("claim-route.dmn") })
    }

    @Test func theFormAsksForTheInputDataAndNotForARequiredDecision() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/decisions/claim-route")
        #expect(page.status == 200)
        let form = try #require(page.html.first("form"))
        #expect(form["method"] == "get")
        let named = form.all("input").filter { $0["type"] != "hidden" }.compactMap { $0["name"] }
        #expect(named == ["amount", "category"])
        #expect(form.all("input").first { $0["name"] == "amount" }?["type"] == "number")
        #expect(form.all("input").first { $0["name"] == "category" }?["type"] == "text")
        #expect(form.all("label").first { $0["for"] == form.all("input").first { $0["name"] == "category" }?["id"] }?.text == "Spent on",
                "a table input reading the input data lends its label")
        #expect(form.all("li").map(\.text).contains("Claim size"), "the required decision is listed as computed")
    }

    @Test func aPlainVariableTableGetsAFieldPerInputTypedByItsTypeRefWithItsInputValues() throws {
        let preview = try RunningPreview(project: try plainProject())
        var browser = Browser(preview)
        let page = try browser.get("/decisions/dish")
        let form = try #require(page.html.first("form"))
        let season = try #require(form.all("select").first { $0["name"] == "season" })
        #expect(season.all("option").map { $0["value"] ?? "" } == ["", "Winter", "Summer"])
        #expect(form.all("input").first { $0["name"] == "guestCount" }?["type"] == "number")
        #expect(form.all("input").first { $0["name"] == "day" }?["type"] == "date")
        let vegan = form.all("input").filter { $0["name"] == "vegan" }
        #expect(vegan.map { $0["type"] ?? "" } == ["radio", "radio", "radio"])
        #expect(vegan.map { $0["value"] ?? "" } == ["true", "false", ""])
        #expect(form.all("legend").map(\.text) == ["Vegan"])
    }

    @Test func aClaimOf2500IsRoutedToManagerApprovalByRuleOne() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/decisions/claim-route" + query([("amount", "2500"), ("category", "travel")]))
        #expect(page.status == 200)
        #expect(page.html.all(where: { $0.hasClass("fs-decision-result") }).first?.text == "\"manager approval\"")
        let steps = page.html.all(where: { $0.hasClass("fs-decision-step") })
        #expect(steps.compactMap { $0.first("h3")?.text } == ["Claim size", "Claim route"], "required decisions first")
        let route = try #require(steps.last)
        let matched = try #require(route.all("table").first { $0.first("caption")?.text.contains("that matched") == true })
        let rows = matched.first("tbody")?.all("tr") ?? []
        #expect(rows.map { $0.first("th")?.text } == ["1"])
        #expect(rows.first?.text.contains("Claims over 1,000 need a manager's approval.") == true)
        let whole = try #require(route.all("table").first { $0.hasClass("fs-decision-table") })
        let marks = (whole.first("tbody")?.all("tr") ?? []).map { $0.all("td").last?.text }
        #expect(marks == ["Matched", "Not matched"], "every rule is shown, matched ones marked in words")
    }

    @Test func anAmountThatIsNoNumberIsAnErrorOnItsField() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let page = try browser.get("/decisions/claim-route" + query([("amount", "lots"), ("category", "travel")]))
        let field = try #require(page.html.first("form")?.all("input").first { $0["name"] == "amount" })
        #expect(field["aria-invalid"] == "true")
        #expect(field["value"] == "lots", "what was typed is shown back")
        let id = try #require(field["id"])
        #expect(page.html.element(id: "error-summary")?.all("a").map { $0["href"] } == ["#" + id])
        #expect(page.html.element(id: id + "-error")?.text.contains("enter a number") == true)
        #expect(page.html.all(where: { $0.hasClass("fs-decision-result") }).isEmpty, "nothing is evaluated")
    }

    @Test func anUnknownDecisionIsNotFound() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        #expect(try browser.get("/decisions/no-such-decision").status == 404)
    }

    @Test func theDecisionPagePassesThePageAudit() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        for path in ["/decisions/claim-route", "/decisions/claim-route" + query([("amount", "2500"), ("category", "travel")]),
                     "/decisions/claim-route" + query([("amount", "lots")]), "/decisions/claim-size"] {
            let page = try browser.get(path)
            #expect(PageAudit.check(html: page.text).map { "\($0.rule) \($0.location): \($0.message)" } == [], "\(path)")
        }
        let plain = try RunningPreview(project: try plainProject())
        var other = Browser(plain)
        let page = try other.get("/decisions/dish" + query([("vegan", "maybe")]))
        #expect(PageAudit.check(html: page.text).map { "\($0.rule) \($0.location): \($0.message)" } == [])
    }
}
