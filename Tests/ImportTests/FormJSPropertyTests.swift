import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Each form-js property does what it does in Camunda, on the screen FlowStage renders.
struct FormJSPropertyTests {
    /// The first page of an instance whose data holds `value` at `path`.
    private func seededPage(_ harness: ModelHarness, _ path: String, _ value: JSONValue) throws -> HTMLElement {
        var instance = try harness.start("claim")
        try DataPath(path).set(value, in: &instance.data)
        return harness.page(try #require(harness.screen(try harness.engine.store.save(instance))))
    }

    private func firstPage(_ harness: ModelHarness) throws -> (Instance, HTMLElement) {
        let instance = try harness.start("claim")
        return (instance, harness.page(try #require(harness.screen(instance))))
    }

    @Test func aFormIsFoundByItsJSONIdNotItsFileName() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "name", "label": "Your name" } ]"#))
        #expect(page.all("label").contains { $0.text.contains("Your name") })
    }

    @Test func aKeyInsideAGroupWithAPathIsNestedUnderThePath() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "group", "label": "Address", "path": "address", "components": [ { "type": "textfield", "key": "city", "label": "City" } ] } ]"#)
        let (instance, page) = try firstPage(harness)
        #expect(page.first("fieldset")?.first("legend")?.text.contains("Address") == true)
        let done = try #require(try harness.post(instance, "complete", [("address.city", "Cluj")]).applied)
        #expect(done.data["address"]?["city"] == .string("Cluj"))
    }

    @Test func aDescriptionIsTheFieldsHint() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "iban", "label": "IBAN", "description": "As on your card" } ]"#))
        let input = try #require(page.all("input").first { $0["name"] == "iban" })
        let hint = try #require(input["aria-describedby"]?.split(separator: " ").compactMap { page.element(id: String($0)) }.first)
        #expect(hint.text.contains("As on your card"))
    }

    @Test func aDefaultValueFillsTheField() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "country", "label": "Country", "defaultValue": "Romania" } ]"#))
        #expect(page.all("input").first { $0["name"] == "country" }?["value"] == "Romania")
    }

    @Test func aReadonlyFieldIsShownButNotPosted() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "ref", "label": "Reference", "readonly": true } ]"#)
        let (instance, page) = try firstPage(harness)
        #expect(page.all("input").first { $0["name"] == "ref" }?["disabled"] != nil)
        let done = try #require(try harness.post(instance, "complete", [("ref", "forged")]).applied)
        #expect(done.data["ref"] == nil)
    }

    @Test func requiredIsCheckedOnTheServer() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "name", "label": "Name", "validate": { "required": true } } ]"#)
        let instance = try harness.start("claim")
        let state = try #require(try harness.post(instance, "complete", [("name", "")]).invalid)
        #expect(state.errors.map(\.key) == ["name"])
    }

    @Test func minAndMaxBoundANumber() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "age", "label": "Age", "validate": { "min": 18, "max": 99 } } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("age", "12")]).invalid?.errors.map(\.key) == ["age"])
        #expect(try harness.post(instance, "complete", [("age", "30")]).applied?.data["age"] == .number(30))
    }

    @Test func minLengthAndMaxLengthBoundText() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "code", "label": "Code", "validate": { "minLength": 3, "maxLength": 4 } } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("code", "ab")]).invalid != nil)
        #expect(try harness.post(instance, "complete", [("code", "abcde")]).invalid != nil)
        #expect(try harness.post(instance, "complete", [("code", "abc")]).applied != nil)
    }

    @Test func aPatternMustMatchTheWholeValue() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "zip", "label": "Postcode", "validate": { "pattern": "[0-9]{6}" } } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("zip", "12345x")]).invalid != nil)
        #expect(try harness.post(instance, "complete", [("zip", "123456")]).applied != nil)
    }

    @Test func validationTypeEmailAndPhoneCheckTheirFormats() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "mail", "label": "Email", "validate": { "validationType": "email" } }, { "type": "textfield", "key": "phone", "label": "Phone", "validate": { "validationType": "phone" } } ]"#)
        let instance = try harness.start("claim")
        let state = try #require(try harness.post(instance, "complete", [("mail", "not-an-address"), ("phone", "call me")]).invalid)
        #expect(state.errors.map(\.key) == ["mail", "phone"])
        #expect(try harness.post(instance, "complete", [("mail", "ana@example.org"), ("phone", "+40721000000")]).applied != nil)
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("input").first { $0["name"] == "mail" }?["type"] == "email")
        #expect(page.all("input").first { $0["name"] == "phone" }?["type"] == "tel")
    }

    @Test func valuesBecomeTheOptionsOfRadioSelectChecklistAndTaglist() throws {
        let values = #""values": [ { "label": "Car", "value": "car" }, { "label": "Home", "value": "home" } ]"#
        let (_, page) = try firstPage(try ModelHarness.oneForm("""
        [ { "type": "radio", "key": "r", "label": "R", \(values) }, { "type": "select", "key": "s", "label": "S", \(values) },
          { "type": "checklist", "key": "c", "label": "C", \(values) }, { "type": "taglist", "key": "t", "label": "T", \(values) } ]
        """))
        #expect(page.all("input").filter { $0["name"] == "r" }.map { $0["value"] ?? "" } == ["car", "home"])
        #expect(page.all("input").filter { $0["name"] == "c" && $0["type"] == "checkbox" }.count == 2)
        #expect(page.all("select").first { $0["name"] == "s" }?.all("option").contains { $0["value"] == "home" } == true)
        #expect(page.all("select").first { $0["name"] == "t" }?["multiple"] != nil || page.all("input").contains { $0["name"] == "t" })
    }

    @Test func valuesKeyReadsTheOptionsFromTheData() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "select", "key": "product", "label": "Product", "valuesKey": "products" } ]"#)
        let instance = try harness.engine.start(process: "claim", session: "s")
        var data = instance.data
        try DataPath("products").set([["label": "Gold", "value": "gold"]], in: &data)
        var seeded = instance
        seeded.data = data
        let saved = try harness.engine.store.save(seeded)
        let page = harness.page(try #require(harness.screen(saved)))
        #expect(page.all("option").contains { $0["value"] == "gold" && $0.text.contains("Gold") })
        #expect(try harness.post(saved, "complete", [("product", "gold")]).applied?.data["product"] == .string("gold"))
    }

    /// A checklist's `valuesKey`: a checkbox per option the data holds, and the ticked values
    /// stored as a list (not one checkbox storing a boolean).
    @Test func aChecklistsValuesKeyIsAGroupStoringAList() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "checklist", "key": "mailto", "label": "Email to", "valuesKey": "people" } ]"#)
        let instance = try harness.engine.start(process: "claim", session: "s")
        var data = instance.data
        try DataPath("people").set([["label": "Ana", "value": "ana"], ["label": "Bo", "value": "bo"]], in: &data)
        var seeded = instance
        seeded.data = data
        let saved = try harness.engine.store.save(seeded)
        let boxes = harness.page(try #require(harness.screen(saved))).all("input").filter { $0["name"] == "mailto" }
        #expect(boxes.map { $0["type"] } == ["checkbox", "checkbox"])
        #expect(boxes.map { $0["value"] } == ["ana", "bo"])
        let stored = try harness.post(saved, "complete", [("mailto", "ana"), ("mailto", "bo")]).applied?.data["mailto"]
        #expect(stored == .array([.string("ana"), .string("bo")]))
    }

    /// form-js stores a checklist as a list even when it offers nothing yet; FlowStage's
    /// checkbox without options would be a yes/no box.
    @Test func aChecklistWithoutValuesIsAnEmptyListOfBoxesWithAWarning() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "checklist", "key": "mailto", "label": "Email summary to", "validate": { "required": true } } ]"#)
        let (instance, page) = try firstPage(harness)
        #expect(!page.all("input").contains { $0["name"] == "mailto" })
        #expect(page.element(id: "field-mailto")?.tag == "fieldset")
        #expect(harness.project.warnings.contains { $0.pointer == "/components/0/values" })
        #expect(try harness.post(instance, "complete", [("mailto", "true")]).invalid?.errors.map(\.key) == ["mailto"])
    }

    @Test func aConditionalHideRemovesTheFieldAndItsRules() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "checkbox", "key": "post", "label": "By post" }, { "type": "textfield", "key": "address", "label": "Address", "validate": { "required": true }, "conditional": { "hide": "=post != true" } } ]"#)
        let (instance, page) = try firstPage(harness)
        #expect(!page.all("input").contains { $0["name"] == "address" })
        #expect(try harness.post(instance, "complete", []).applied != nil)
    }

    /// form-js hides any component by `conditional.hide`, not only fields: a text, an image, a link.
    @Test func aConditionalHideHidesTextsImagesAndLinksToo() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "checkbox", "key": "approved", "label": "Approved" },
              { "type": "text", "text": "Approved by your manager", "conditional": { "hide": "=approved != true" } },
              { "type": "text", "text": "Waiting for approval", "conditional": { "hide": "=approved = true" } },
              { "type": "image", "source": "https://example.org/seal.png", "alt": "Seal", "conditional": { "hide": true } },
              { "type": "iframe", "url": "https://example.org/map", "label": "Map", "conditional": { "hide": true } } ]
            """#)
        let (_, page) = try firstPage(harness)
        #expect(!page.text.contains("Approved by your manager"))
        #expect(page.text.contains("Waiting for approval"))
        #expect(page.all("img").allSatisfy { $0["alt"] != "Seal" })
        #expect(!page.all("a").contains { $0["href"] == "https://example.org/map" })
    }

    /// form-js fills its data with the defaults before its conditions run.
    @Test func aConditionalHideSeesTheDefaultValues() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "number", "key": "threshold", "label": "Show risks above", "defaultValue": 5 },
              { "type": "textfield", "key": "why", "label": "Why so low?", "conditional": { "hide": "=threshold > 2" } },
              { "type": "textfield", "key": "how", "label": "How high?", "conditional": { "hide": "=threshold <= 2" } } ]
            """#)
        let (_, page) = try firstPage(harness)
        #expect(page.all("input").compactMap { $0["name"] }.filter { !$0.hasPrefix("_") } == ["threshold", "how"])
    }

    @Test func componentsSharingALayoutRowSitSideBySide() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "first", "label": "First", "layout": { "row": "r1" } }, { "type": "textfield", "key": "last", "label": "Last", "layout": { "row": "r1" } } ]"#))
        let row = try #require(page.all(where: { $0.hasClass("fs-container--row") }).first)
        #expect(row.all("input").map { $0["name"] ?? "" } == ["first", "last"])
    }

    @Test func templatingInTextShowsDataAsText() throws {
        let harness = try ModelHarness.oneForm(##"[ { "type": "textfield", "key": "name", "label": "Name" }, { "type": "text", "text": "# Hello {{name}}" } ]"##)
        let instance = try harness.start("claim")
        let state = try #require(try harness.post(instance, "complete", [("name", "Ana")]).applied)
        _ = state
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("h1").count == 1, "a form's # heading is below the screen title")
        #expect(page.first("h2")?.text.contains("Hello") == true)
    }

    @Test func htmlIsShownAsSafeTextNeverRaw() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "html", "content": "<p>Read <strong>this</strong> <a href=\"https://example.org\">terms</a></p><script>alert(1)</script><img src=x onerror=alert(1)>" } ]"#))
        #expect(page.all("script").allSatisfy { $0["src"] != nil })
        #expect(page.all("img").isEmpty)
        #expect(page.first("strong")?.text == "this")
        #expect(page.all("a").contains { $0["href"] == "https://example.org" })
    }

    @Test func anIframeIsALinkNeverAnIframe() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "iframe", "url": "https://example.org/map", "label": "Map" } ]"#))
        #expect(page.all("iframe").isEmpty)
        #expect(page.all("a").contains { $0["href"] == "https://example.org/map" && $0.text.contains("Map") })
    }

    @Test func anIframesLinkHasWordsWhenItsLabelReadsTheDataAndATemplatedAddressIsLeftOut() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "iframe", "url": "https://example.org/map", "label": "=projectPage" },
              { "type": "iframe", "url": "https://{{site}}/map", "label": "Site" } ]
            """#)
        let (_, page) = try firstPage(harness)
        let links = page.all("a").filter { $0["target"] == "_blank" }
        #expect(links.map { $0["href"] } == ["https://example.org/map"])
        #expect(links.first?.text.contains("Open the embedded page") == true)
        #expect(harness.project.warnings.contains { $0.message.contains("templated") })
    }

    @Test func aDocumentPreviewsLabelFillsInItsTemplating() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "caseId", "label": "Case" }, { "type": "documentPreview", "label": "Case {{caseId}} documents" } ]"#)
        let page = try seededPage(harness, "caseId", "C-7")
        #expect(page.first("strong")?.text == "Case C-7 documents")
    }

    @Test func anExpressionFieldComputesItsValueWhenTheTaskIsCompleted() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "price", "label": "Price" }, { "type": "expression", "key": "total", "expression": "=price * 2" } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("price", "21")]).applied?.data["total"] == .number(42))
    }

    @Test func aFilepickerIsAFileUploadWithItsOwnUploadButton() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "filepicker", "key": "scan", "label": "Scan", "accept": ".pdf" } ]"#))
        #expect(page.all("input").contains { $0["name"] == "scan" && $0["type"] == "file" })
        #expect(page.first("form")?["enctype"] == "multipart/form-data")
    }

    @Test func anUnknownComponentIsTheNotSupportedPlaceholderAndAWarning() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "signature", "key": "sig", "label": "Sign" } ]"#)
        #expect(harness.project.warnings.contains { $0.file == "forms/details.form" && $0.pointer == "/components/0/type" })
        let (_, page) = try firstPage(harness)
        #expect(page.text.contains("not supported"))
    }

    @Test func aSubmitButtonsLabelIsTheCompleteButtonsLabel() throws {
        let (_, page) = try firstPage(try ModelHarness.oneForm(#"[ { "type": "button", "action": "submit", "label": "Send claim" } ]"#))
        #expect(page.all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Send claim"])
    }

    @Test func aDatetimeDateIsADatePickerAndATimeIsCheckedAsHoursAndMinutes() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "datetime", "subtype": "date", "key": "day", "dateLabel": "Day" }, { "type": "datetime", "subtype": "time", "key": "at", "timeLabel": "Time" } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("day", "2026-02-30"), ("at", "25:00")]).invalid?.errors.map(\.key) == ["day", "at"])
        #expect(try harness.post(instance, "complete", [("day", "2026-02-03"), ("at", "09:30")]).applied != nil)
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("input").first { $0["name"] == "at" }?["type"] == "time")
    }

    @Test func aDatetimeAsksTheDateAndTheTimeInOneFieldAndRefusesAMalformedValue() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "datetime", "subtype": "datetime", "key": "meeting", "dateLabel": "Meeting date", "timeLabel": "Meeting time" } ]"#)
        let (instance, page) = try firstPage(harness)
        let input = try #require(page.all("input").first { $0["name"] == "meeting" })
        #expect(input["type"] == "datetime-local")
        #expect(page.all("label").first { $0["for"] == input["id"] }?.text.contains("Meeting date") == true)
        for malformed in ["2026-02-03", "2026-02-30T10:00", "2026-02-03 9:30"] {
            let refused = try #require(try harness.post(instance, "complete", [("meeting", malformed)]).invalid, "\(malformed)")
            #expect(refused.errors.map(\.message) == ["Meeting date: enter a real date and time, like 2026-03-27T14:30"], "\(malformed)")
        }
        let done = try #require(try harness.post(instance, "complete", [("meeting", "2026-02-03T09:30")]).applied)
        #expect(done.data["meeting"] == "2026-02-03T09:30")
    }

    @Test func aRefusedDatetimeIsShownBackAsTypedInATextField() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "datetime", "subtype": "datetime", "key": "meeting", "label": "Meeting" } ]"#)
        let refused = try #require(try harness.post(try harness.start("claim"), "complete", [("meeting", "tomorrow 9")]).invalid)
        let input = try #require(harness.page(refused).all("input").first { $0["name"] == "meeting" })
        #expect(input["type"] == "text")
        #expect(input["value"] == "tomorrow 9")
        #expect(input["placeholder"] == "YYYY-MM-DDTHH:MM")
    }

    @Test func decimalDigitsRefusesMoreDecimalPlaces() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "price", "label": "Price", "decimalDigits": 2 }, { "type": "number", "key": "seats", "label": "Seats", "decimalDigits": 0 } ]"#)
        let instance = try harness.start("claim")
        let refused = try #require(try harness.post(instance, "complete", [("price", "12.345"), ("seats", "2.5")]).invalid)
        #expect(refused.errors.map(\.message) == ["Price: enter a number with at most 2 decimal places", "Seats: enter a whole number"])
        let done = try #require(try harness.post(instance, "complete", [("price", "12.30"), ("seats", "3")]).applied)
        #expect(done.data["price"] == .number(12.3))
    }

    /// The checks the mapper adds speak the page's language, as every interface word does.
    @Test func theChecksFormJSAddsAreWordedInThePagesLanguage() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:userTask id="t" name="Details"><bpmn:extensionElements><zeebe:formDefinition formId="details"/></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let form = #"""
            { "id": "details", "components": [
              { "type": "number", "key": "price", "label": "Preis", "decimalDigits": 2 },
              { "type": "textfield", "key": "phone", "label": "Telefon", "validate": { "validationType": "phone" } },
              { "type": "datetime", "subtype": "time", "key": "at", "timeLabel": "Uhrzeit" } ] }
            """#
        let harness = try ModelHarness(["project.json": #"{ "name": "Forms", "languages": ["de"] }"#, "claim.bpmn": model, "forms/details.form": form])
        let instance = try harness.start("claim")
        let refused = try harness.engine.perform(action: "complete", on: instance.id, session: "s",
                                                 form: PostedForm([("_screen", "t"), ("price", "1.234"), ("phone", "0721 000"), ("at", "9 Uhr")]), language: "de")
        #expect(refused.invalid?.errors.map(\.message) == [
            "Preis: Geben Sie eine Zahl mit höchstens 2 Nachkommastellen ein",
            "Telefon: Geben Sie eine Telefonnummer im internationalen Format ein, zum Beispiel +442071838750",
            "Uhrzeit: Geben Sie eine Uhrzeit ein, zum Beispiel 14:30"])
    }

    @Test func incrementRefusesANumberThatIsNotAMultiple() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "hours", "label": "Hours", "increment": "0.5" }, { "type": "number", "key": "tenths", "label": "Tenths", "increment": 0.1 } ]"#)
        let instance = try harness.start("claim")
        let refused = try #require(try harness.post(instance, "complete", [("hours", "1.25"), ("tenths", "0.3")]).invalid)
        #expect(refused.errors.map(\.key) == ["hours"], "0.3 is 3 × 0.1, whatever binary fractions say")
        #expect(refused.errors.first?.message == "Hours: enter a multiple of 0.5")
        #expect(try harness.post(instance, "complete", [("hours", "-1.5"), ("tenths", "0.7")]).applied != nil)
    }

    @Test func incrementCountsFromValidateMinLikeHTMLStep() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "size", "label": "Size", "increment": 2, "validate": { "min": 1 } } ]"#)
        let instance = try harness.start("claim")
        #expect(try harness.post(instance, "complete", [("size", "4")]).invalid?.errors.map(\.message) == ["Size: enter 1 plus a multiple of 2"])
        #expect(try harness.post(instance, "complete", [("size", "5")]).applied != nil)
    }

    @Test func aFEELReadonlyOrDisabledConditionDisablesTheFieldWhenItHolds() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "checkbox", "key": "locked", "label": "Locked" }, { "type": "textfield", "key": "note", "label": "Note", "readonly": "=locked = true" }, { "type": "textfield", "key": "other", "label": "Other", "disabled": true } ]"#)
        var instance = try harness.start("claim")
        var page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("input").first { $0["name"] == "note" }?["disabled"] == nil)
        #expect(page.all("input").first { $0["name"] == "other" }?["disabled"] != nil)
        instance = try #require(try harness.post(instance, "complete", [("locked", "true")]).applied)
        _ = instance
        let second = try harness.start("claim")
        var data = second.data
        try DataPath("locked").set(true, in: &data)
        var seeded = second
        seeded.data = data
        page = harness.page(try #require(harness.screen(try harness.engine.store.save(seeded))))
        #expect(page.all("input").first { $0["name"] == "note" }?["disabled"] != nil)
    }

    @Test func aValuesExpressionThatIsADataPathReadsTheOptionsFromTheData() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "radio", "key": "plan", "label": "Plan", "valuesExpression": "=plans" } ]"#)
        let page = try seededPage(harness, "plans", ["basic", "premium"])
        #expect(page.all("input").filter { $0["name"] == "plan" }.map { $0["value"] ?? "" } == ["basic", "premium"])
    }

    @Test func aFEELLabelThatIsADataPathShowsTheData() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "name", "label": "Name" }, { "type": "textfield", "key": "greeting", "label": "=name" } ]"#)
        let page = try seededPage(harness, "name", "Ana")
        #expect(page.all("label").contains { $0.labelWords == "Ana" })
    }

    @Test func aDynamicListShowsARowOfFieldsPerItemOfItsPath() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "dynamiclist", "path": "people", "label": "People", "components": [ { "type": "textfield", "key": "name", "label": "Name" } ] } ]"#)
        let page = try seededPage(harness, "people", [["name": "Ana"], ["name": "Ion"]])
        #expect(page.all("input").compactMap { $0["name"] }.filter { !$0.hasPrefix("_") } == ["people[0].name", "people[1].name"])
    }

    /// form-js templating's `this` is the row of a dynamic list, as in its FEEL conditions.
    @Test func thisInATextOfADynamicListsRowIsTheRow() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "dynamiclist", "path": "risks", "label": "Risks", "components": [ { "type": "text", "text": "Risk factor: {{this.level}}" } ] } ]"#)
        let page = try seededPage(harness, "risks", [["level": 3], ["level": 8]])
        #expect(page.text.contains("Risk factor: 3") && page.text.contains("Risk factor: 8"))
    }

    @Test func aTableShowsTheRowsOfItsDataSource() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "table", "label": "Orders", "dataSource": "=orders", "columns": [ { "key": "id", "label": "Order" }, { "key": "total", "label": "Total" } ] } ]"#)
        let page = try seededPage(harness, "orders", [["id": "A1", "total": 12]])
        #expect(page.first("caption")?.text.contains("Orders") == true)
        #expect(page.first("tbody")?.text.contains("A1") == true)
    }

    @Test func aDynamicListAddsAndRemovesRowsWithoutScript() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "dynamiclist", "path": "people", "label": "People", "components": [ { "type": "textfield", "key": "name", "label": "Name" } ] } ]"#)
        var instance = try harness.start("claim")
        instance = try #require(try harness.post(instance, "add-row").applied)
        instance = try #require(try harness.post(instance, "add-row", [("people[0].name", "Ana")]).applied)
        instance = try #require(try harness.post(instance, "add-row", [("people[0].name", "Ana"), ("people[1].name", "Ion")]).applied)
        #expect(instance.data["people"]?.arrayValue?.count == 3)
        let page = harness.page(try #require(harness.screen(instance)))
        let removes = page.all("button").filter { $0["name"] == "_item" }
        #expect(removes.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Remove row 1", "Remove row 2", "Remove row 3"])
        #expect(removes.map { $0["value"] ?? "" } == ["0", "1", "2"])
        instance = try #require(try harness.post(instance, "remove-row", [("people[0].name", "Ana"), ("people[1].name", "Ion"), ("_item", "0")]).applied)
        #expect(instance.data["people"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Ion", ""])
        #expect(instance.current == "t")
    }

    /// A dynamic list inside another's rows reads its path in each row: its fields' keys are
    /// under that row's list, shown with their values and posted there; its Add button in each
    /// row and its Remove button in each of its own rows change that row's list alone.
    @Test func aDynamicListInsideAnotherShowsAndChangesEachRowsOwnRows() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "dynamiclist", "path": "groups", "label": "Groups", "components": [
                { "type": "textfield", "key": "title", "label": "Title" },
                { "type": "dynamiclist", "path": "people", "label": "People", "components": [ { "type": "textfield", "key": "name", "label": "Name" } ] } ] } ]
            """#)
        #expect(harness.project.warnings.filter { $0.file == "forms/details.form" }.isEmpty)
        let instance = try harness.start("claim")
        var seeded = instance
        try DataPath("groups").set([["title": "G1", "people": [["name": "Ana"], ["name": "Ion"]]], ["title": "G2", "people": [["name": "Eva"]]]],
                                   in: &seeded.data)
        let saved = try harness.engine.store.save(seeded)
        let page = harness.page(try #require(harness.screen(saved)))
        let fields = page.all("input").filter { !($0["name"] ?? "_").hasPrefix("_") }
        #expect(fields.map { $0["name"] ?? "" } == ["groups[0].title", "groups[0].people[0].name", "groups[0].people[1].name",
                                                  "groups[1].title", "groups[1].people[0].name"])
        #expect(fields.map { $0["value"] ?? "" } == ["G1", "Ana", "Ion", "G2", "Eva"])
        // Each button names the rows it is in: the inner list's Add its group, its Remove the group and the person.
        func posts(_ action: String) -> [String] {
            page.all("button").filter { $0["formaction"]?.hasSuffix("/actions/" + action) == true }.map { $0["value"] ?? "" }
        }
        #expect(posts("remove-row") == ["0", "1"])
        #expect(posts("add-row2") == ["0", "1"])
        #expect(posts("remove-row2") == ["0,0", "0,1", "1,0"])
        #expect(posts("add-row") == [""])
        // Named for their list: each group has an Add of its own, and Removes beside the group's.
        let names = page.all("button").filter { $0["formaction"]?.hasSuffix("-row2") == true }.map(\.text)
        #expect(names == ["Remove People row 1", "Remove People row 2", "Add a row to People", "Remove People row 1", "Add a row to People"])

        // The JSON screen API says the same: each button's `_item`, each action's list.
        let json = harness.renderer.screenJSON(try #require(harness.screen(saved)))
        let secondGroup = json["components"]?[0]?["items"]?[1]?["components"]?.arrayValue ?? []
        #expect(secondGroup.compactMap { $0["item"]?.stringValue } == ["1", "1"], "the inner list's Add and the group's Remove")
        #expect(secondGroup[1]["items"]?[0]?["components"]?.arrayValue?.last?["item"] == "1,0")
        #expect(json["actions"]?.arrayValue?.first { $0["name"] == "add-row2" }?["list"] == "groups[].people")
        // As a browser posts it: every field shown, and the pressed button.
        let shown = fields.map { ($0["name"] ?? "", $0["value"] ?? "") }
        let removed = try #require(try harness.post(saved, "remove-row2", shown + [("_item", "0,1")]).applied)
        #expect(removed.data["groups"]?[0]?["people"] == [["name": "Ana"]])
        #expect(removed.data["groups"]?[1]?["people"] == [["name": "Eva"]], "the other group's people are left alone")
        let stillShown = shown.filter { $0.0 != "groups[0].people[1].name" }
        let added = try #require(try harness.post(removed, "add-row2", stillShown + [("_item", "1")]).applied)
        #expect(added.data["groups"]?[1]?["people"] == [["name": "Eva"], [:]])
        #expect(added.data["groups"]?[0]?["people"] == [["name": "Ana"]], "the other group's people are left alone")
    }

    @Test func aRowButtonWhoseRowIsGoneChangesNothing() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "dynamiclist", "path": "groups", "components": [
                { "type": "dynamiclist", "path": "people", "components": [ { "type": "textfield", "key": "name", "label": "Name" } ] } ] } ]
            """#)
        var seeded = try harness.start("claim")
        try DataPath("groups").set([["people": [["name": "Ana"]]]], in: &seeded.data)
        let saved = try harness.engine.store.save(seeded)
        for (action, item, word) in [("add-row2", "3", "notice.listGone"), ("add-row2", "x", "notice.listGone"), ("add-row2", nil, "notice.listGone"),
                                     ("remove-row2", "0,1", "notice.rowGone"), ("remove-row2", "2,0", "notice.rowGone"), ("remove-row2", "0", "notice.rowGone")] {
            guard case .refused(_, let notice) = try harness.post(saved, action, item.map { [("_item", $0)] } ?? []) else {
                Issue.record("\(action) with _item \(item ?? "missing") changed the data"); continue
            }
            #expect(notice == harness.project.words.for("en")[word], "\(action) \(item ?? "missing")")
        }
    }

    @Test func aListCannotGrowPastItsLimit() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "dynamiclist", "path": "rows", "components": [ { "type": "textfield", "key": "x", "label": "X" } ] } ]"#)
        var instance = try harness.start("claim")
        for _ in 0..<50 { instance = try #require(try harness.post(instance, "add-row").applied) }
        guard case .refused(_, let notice) = try harness.post(instance, "add-row") else { Issue.record("a 51st row was added"); return }
        #expect(notice.contains("at most 50"))
    }
}
