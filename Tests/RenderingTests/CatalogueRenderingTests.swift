import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// The newer catalogue components (screens.md) on the example `preferences` process, checked
/// on the parsed page against accessibility.md's patterns.
@Suite struct CatalogueRendering {
    let harness: Harness
    init() throws { harness = try Harness() }

    func choices(language: String = "en") throws -> HTMLElement {
        harness.page(try harness.firstScreen("preferences").1, language: language)
    }

    /// The accounts screen (table and collection), reached with valid choices.
    func accounts() throws -> (Instance, HTMLElement) {
        let (instance, _) = try harness.firstScreen("preferences")
        guard case .applied(let moved) = try harness.post(instance, "continue", [
            ("prefs.topics", "loans"), ("prefs.frequency", "daily"), ("prefs.budget", "100"), ("prefs.start", "2099-01-01"),
        ]) else { Issue.record("the choices were refused"); throw CancellationError() }
        let state = try #require(harness.engine.screen(moved, language: "en"))
        return (moved, harness.page(state))
    }

    func invalid(_ values: [(String, String)]) throws -> HTMLElement {
        let (instance, _) = try harness.firstScreen("preferences")
        guard case .invalid(let state) = try harness.post(instance, "continue", values) else {
            Issue.record("the post was accepted"); throw CancellationError()
        }
        return harness.page(state)
    }

    @Test func everyNewComponentFollowsThePagePatterns() throws {
        expectAccessiblePage(try choices())
        expectAccessiblePage(try choices(language: "ro"))
        expectAccessiblePage(try accounts().1)
    }

    @Test func aSwitchIsACheckboxWithRoleSwitchAndALabel() throws {
        let control = try #require(try choices().element(id: "field-prefs-newsletter"))
        #expect(control.tag == "input" && control["type"] == "checkbox" && control["role"] == "switch")
        #expect(control["value"] == "true")
        #expect(control["aria-checked"] == (control["checked"] != nil ? "true" : "false"), "role switch needs aria-checked, kept equal to checked")
        #expect(control["aria-describedby"] == "field-prefs-newsletter-hint")
    }

    @Test func aMultiselectIsAFieldsetOfCheckboxesWithALegend() throws {
        let page = try choices()
        let boxes = page.all { $0["name"] == "prefs.topics" }
        #expect(boxes.count == 3 && boxes.allSatisfy { $0["type"] == "checkbox" })
        let fieldset = try #require(boxes[0].ancestors().first { $0.tag == "fieldset" })
        #expect(fieldset.children.first?.tag == "legend")
        #expect(fieldset.children.first?.text == "Topics you are interested in")
    }

    @Test func aSegmentedControlIsARadioFieldsetWithALegend() throws {
        let page = try choices()
        let radios = page.all { $0["name"] == "prefs.frequency" }
        #expect(radios.count == 3 && radios.allSatisfy { $0["type"] == "radio" })
        let fieldset = try #require(radios[0].ancestors().first { $0.tag == "fieldset" })
        #expect(fieldset.children.first?.text == "How often should we write?")
        #expect(fieldset.first("div")?.hasClass("fs-segmented") == true)
    }

    @Test func aSliderIsARangeWithItsBoundsAndAnOutputShowingTheValue() throws {
        let page = try choices()
        let slider = try #require(page.element(id: "field-prefs-budget"))
        #expect(slider["type"] == "range" && slider["min"] == "0" && slider["max"] == "1000" && slider["step"] == "50")
        #expect(slider["value"] == "250", "the default is the value before anything is stored")
        #expect(slider["aria-valuetext"] == "250 €")
        let output = try #require(page.first("output"))
        #expect(output["for"] == "field-prefs-budget")
        #expect(output.text == "250 €")
    }

    @Test func aSliderShowsThePostedValueWithoutScript() throws {
        let page = try invalid([("prefs.budget", "450")])
        #expect(page.element(id: "field-prefs-budget")?["value"] == "450")
        #expect(page.first("output")?.text == "450 €")
    }

    @Test func aDatepickerIsADateInputWithMinAndMax() throws {
        let input = try #require(try choices().element(id: "field-prefs-start"))
        #expect(input["type"] == "date")
        #expect(input["max"] == "2099-12-31")
        #expect(input["min"].flatMap { CivilDate(iso: $0) } != nil, "\"today\" becomes an ISO date")
    }

    @Test func aWrongDateIsShownBackAsTypedWithAriaInvalidAndItsError() throws {
        let page = try invalid([("prefs.start", "2024-02-30")])
        let input = try #require(page.element(id: "field-prefs-start"))
        #expect(input["type"] == "text", "a date input cannot hold an impossible date")
        #expect(input["value"] == "2024-02-30")
        #expect(input["aria-invalid"] == "true")
        let described = try #require(input["aria-describedby"])
        #expect(page.element(id: described)?.text.contains("enter a real date") == true)
        #expect(page.first("title")?.text.hasPrefix("Error: ") == true)
        expectAccessiblePage(page)
    }

    @Test func invalidGroupsMarkEveryChoiceAriaInvalid() throws {
        let page = try invalid([])
        for name in ["prefs.topics", "prefs.frequency"] {
            #expect(page.all { $0["name"] == name }.allSatisfy { $0["aria-invalid"] == "true" })
        }
        let summaryLinks = page.all { $0.tag == "a" && ($0["href"] ?? "").hasPrefix("#field-") }.compactMap { $0["href"] }
        for link in summaryLinks { #expect(page.element(id: String(link.dropFirst())) != nil, "\(link) points at a field") }
        expectAccessiblePage(page)
    }

    @Test func aTextareaMaxLengthIsAnnouncedAsACounter() throws {
        let page = try choices()
        let area = try #require(page.element(id: "field-prefs-note"))
        let counter = try #require(page.element(id: "field-prefs-note-counter"))
        #expect(counter.text == "You can enter up to 200 characters")
        #expect(area["aria-describedby"]?.split(separator: " ").contains("field-prefs-note-counter") == true)
        #expect(area["maxlength"] == nil, "the limit is checked on the server, not by truncating what is typed")
        #expect(try choices(language: "ro").element(id: "field-prefs-note-counter")?.text == "Puteți introduce cel mult 200 de caractere")
    }

    @Test func anInputSuffixIsReadWithTheFieldThroughAriaDescribedBy() throws {
        let page = try choices()
        let input = try #require(page.element(id: "field-prefs-weight"))
        let suffix = try #require(page.element(id: "field-prefs-weight-suffix"))
        #expect(suffix.text == "kg" && suffix["aria-hidden"] == "true")
        #expect(input["aria-describedby"] == "field-prefs-weight-suffix")
    }

    @Test func aTableHasACaptionAndHeaderCellsWithScope() throws {
        let table = try #require(try accounts().1.first("table"))
        #expect(table.first("caption")?.text == "Accounts and balances")
        let headers = table.first("thead")?.all("th") ?? []
        #expect(headers.map(\.text) == ["Account", "Balance", "Opened", "Active"])
        #expect(headers.allSatisfy { $0["scope"] == "col" })
        let rows = table.first("tbody")?.all("tr") ?? []
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { $0.first("th")?["scope"] == "row" }, "the first column names each row")
    }

    @Test func tableColumnsAreFormattedPerLocale() throws {
        let cells = try #require(try accounts().1.first("tbody")?.all("tr").first?.all("td"))
        #expect(cells[0].text.contains("1,520.50"), "currency in en-GB: \(cells[0].text)")
        #expect(cells[1].text.contains("2019") && cells[1].text.contains("Apr"), "a medium date in en-GB: \(cells[1].text)")
        #expect(cells[2].text == "Yes")
    }

    @Test func tableCellsAndOptionLabelsAreEscaped() throws {
        let (_, page) = try accounts()
        let main = try #require(page.first("main"))
        #expect(main.all("script").isEmpty)
        #expect(main.first("tbody")?.all("tr").last?.first("th")?.text == "Old card <script>alert(\"x\")</script>")
        let choicePage = try choices()
        #expect(choicePage.first("main")?.all("b").isEmpty == true)
        #expect(choicePage.all("label").contains { $0.text == "Cards <b>& more</b>" })
    }

    @Test func aCollectionRepeatsItsItemsWithRelativeKeysAndUniqueIDs() throws {
        let (_, page) = try accounts()
        let names = page.all { $0["name"]?.hasSuffix(".nickname") == true }.compactMap { $0["name"] }
        #expect(names == ["accounts[0].nickname", "accounts[1].nickname", "accounts[2].nickname"])
        let ids = page.descendants.compactMap { $0["id"] }
        #expect(Set(ids).count == ids.count)
        #expect(page.first("ul")?.hasClass("fs-collection__items") == true || page.all("ul").contains { $0.hasClass("fs-collection__items") })
    }

    @Test func eachCollectionItemWithFieldsIsAFieldsetNamedByItsItemLabel() throws {
        let (_, page) = try accounts()
        let legends = page.all { $0.hasClass("fs-collection__legend") }.map(\.text)
        #expect(legends == ["Current account", "Savings", "Old card <script>alert(\"x\")</script>"])
    }

    @Test func aCollectionItemConditionSeesItsItem() throws {
        let (_, page) = try accounts()
        let switches = page.all { $0["role"] == "switch" }.compactMap { $0["name"] }
        #expect(switches == ["accounts[0].notify", "accounts[1].notify"], "the inactive account hides its switch")
    }

    @Test func aCollectionWithSelectKeyIsARadioFieldsetWithALegend() throws {
        let (_, page) = try accounts()
        let radios = page.all { $0["name"] == "prefs.mainAccount" }
        #expect(radios.map { $0["value"] } == ["0", "1", "2"])
        #expect(radios.first?["id"] == "field-prefs-mainAccount", "the error summary links to the first choice")
        let fieldset = try #require(radios[0].ancestors().first { $0.tag == "fieldset" })
        #expect(fieldset.children.first?.text == "Main account")
    }

    @Test func anEmptyCollectionShowsItsEmptyText() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "data": { "things": [] }, "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Things", "screen": [
                { "type": "collection", "source": "things", "label": "Things", "emptyText": "No things yet",
                  "item": [ { "type": "input", "key": "name", "label": "Name" } ] } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        let harness = try Harness(folder)
        let page = harness.page(try harness.firstScreen("p").1)
        #expect(page.all { $0.hasClass("fs-collection__empty") }.first?.text == "No things yet")
        #expect(page.all("ul").allSatisfy { !$0.hasClass("fs-collection__items") })
    }

    @Test func theJSONScreenListsACollectionsItemsWithTheirRebasedKeys() throws {
        let (instance, _) = try accounts()
        let state = try #require(harness.engine.screen(instance, language: "en"))
        let json = harness.renderer.screenJSON(state)
        let collection = try #require(json["components"]?.arrayValue?.first { $0["type"] == .string("collection") })
        #expect(collection["selectKey"] == .string("prefs.mainAccount"))
        let items = collection["items"]?.arrayValue ?? []
        #expect(items.count == 3)
        #expect(items.first?["components"]?[0]?["key"] == .string("accounts[0].nickname"))
    }

    /// In the JSON screen, as on the page, an item component's texts read its item.
    @Test func theJSONScreensItemTextsReadTheirItem() throws {
        let harness = try PlannedScreens.oneTask(#"""
            [ { "type": "collection", "source": "accounts", "label": "Accounts",
                "item": [ { "type": "select", "key": "use", "label": "Use of ${$item.name}",
                            "options": [ { "value": "pay", "label": "Pay from ${$item.name}, row ${$index}" } ] } ] } ]
            """#, data: #"{ "accounts": [ { "name": "Current" }, { "name": "Savings" } ] }"#)
        let json = harness.renderer.screenJSON(try harness.firstScreen("p").1)
        let items = try #require(json["components"]?[0]?["items"]?.arrayValue)
        #expect(items.map { $0["components"]?[0]?["label"] } == [.string("Use of Current"), .string("Use of Savings")])
        #expect(items.map { $0["components"]?[0]?["options"]?[0]?["label"] }
            == [.string("Pay from Current, row 0"), .string("Pay from Savings, row 1")])
    }

    @Test func optionLabelsAndValuesWithScriptAndQuotesAreEscaped() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Pick", "screen": [
                { "type": "multiselect", "key": "a", "label": "A", "options": [ { "value": "x\"><script>1</script>", "label": "<script>alert('x')</script> \"quoted\"" } ] },
                { "type": "segmented", "key": "b", "label": "B", "options": [ { "value": "'y'", "label": "<img src=x onerror=alert(1)>" } ] } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        let harness = try Harness(folder)
        let page = harness.page(try harness.firstScreen("p").1)
        let main = try #require(page.first("main"))
        #expect(main.all("script").isEmpty && main.all("img").isEmpty)
        #expect(page.element(id: "field-a")?["value"] == "x\"><script>1</script>")
        #expect(page.all("label").contains { $0.text == "<script>alert('x')</script> \"quoted\"" })
        #expect(page.element(id: "field-b")?["value"] == "'y'")
        expectAccessiblePage(page)
    }
}
