import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// A Camunda model's FEEL runs on the FEEL engine wherever the model writes it: its forms'
/// labels, templates, conditions, defaults, bounds, options, tables and images, and its
/// process's conditions and scripts.
struct FEELInModelsTests {
    private let project = #"{ "name": "FEEL", "languages": ["en"] }"#

    /// The first page of an instance whose data holds `values`.
    private func page(_ harness: ModelHarness, _ values: [String: JSONValue] = [:]) throws -> HTMLElement {
        var instance = try harness.start("claim")
        for (path, value) in values { try DataPath(path).set(value, in: &instance.data) }
        return harness.page(try #require(harness.screen(try harness.engine.store.save(instance))))
    }

    private func fieldNames(_ page: HTMLElement) -> [String] {
        page.all("input").compactMap { $0["name"] }.filter { !$0.hasPrefix("_") }
    }

    @Test func aFEELLabelShowsItsValue() throws {
        let page = try page(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "greeting", "label": "=\"Hello \" + name" } ]"#), ["name": "Ana"])
        #expect(page.all("label").contains { $0.labelWords == "Hello Ana" })
    }

    @Test func aTemplatesIfSectionShowsWhileItsValueIsTruthy() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "{{#if approved}}Approved{{/if}}{{#if not(approved)}}Not approved{{/if}}" } ]"#)
        #expect(try page(harness, ["approved": true]).text.contains("Approved"))
        #expect(try page(harness, ["approved": false]).text.contains("Not approved"))
    }

    @Test func aTemplatesLoopShowsItsBodyPerItemWithTheItemsNamesAndItsParent() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "{{#loop items}}* {{name}} in {{parent.currency}}\n{{/loop}}" } ]"#)
        let text = try page(harness, ["items": [["name": "Tea"], ["name": "Cake"]], "currency": "EUR"]).text
        #expect(text.contains("Tea in EUR") && text.contains("Cake in EUR"))
    }

    @Test func dotDotInALoopIsTheDataAroundTheItemAsParentIs() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "{{#loop items}}<{{..}}>|<{{parent}}>{{/loop}}" } ]"#)
        let text = try page(harness, ["items": [["name": "Tea"]], "currency": "EUR"]).text
        let data = #"{currency: "EUR", items: [{name: "Tea"}]}"#
        #expect(text.contains("<\(data)>|<\(data)>"))
    }

    @Test func aTemplatesValueIsShownAsFEELWritesIt() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "Total {{0.1 + 0.2}}, tags {{tags}}, due {{date(\"2024-01-31\") + duration(\"P1M\")}}." } ]"#)
        #expect(try page(harness, ["tags": ["a", "b"]]).text.contains(#"Total 0.3, tags ["a", "b"], due 2024-02-29."#))
    }

    /// form-js reads `conditional.hide` as a unary test against null: a condition whose value
    /// is null hides the field (an unset variable), as in Tasklist.
    @Test func aHideConditionWhoseValueIsNullHidesTheFieldAsFormJSDoes() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "note", "label": "Note", "conditional": { "hide": "=taking_full_control" } } ]"#)
        #expect(fieldNames(try page(harness)) == [])
        #expect(fieldNames(try page(harness, ["taking_full_control": false])) == ["note"])
        #expect(fieldNames(try page(harness, ["taking_full_control": true])) == [])
    }

    @Test func aFEELDefaultValueFillsTheField() throws {
        let page = try page(try ModelHarness.oneForm(#"[ { "type": "textfield", "key": "code", "label": "Code", "defaultValue": "=\"A-\" + string(1 + 1)" } ]"#))
        #expect(page.all("input").first { $0["name"] == "code" }?["value"] == "A-2")
    }

    @Test func aFEELBoundIsCheckedOnTheServer() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "number", "key": "amount", "label": "Amount", "validate": { "max": "=limit" } } ]"#)
        var instance = try harness.start("claim")
        try DataPath("limit").set(10, in: &instance.data)
        instance = try harness.engine.store.save(instance)
        #expect(try harness.post(instance, "complete", [("amount", "11")]).invalid != nil)
        #expect(try harness.post(instance, "complete", [("amount", "10")]).applied != nil)
    }

    @Test func aValuesExpressionComputesTheOptions() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "radio", "key": "plan", "label": "Plan", "valuesExpression": "=concatenate(basic, [\"premium\"])" } ]"#)
        let page = try page(harness, ["basic": ["free", "small"]])
        #expect(page.all("input").filter { $0["name"] == "plan" }.map { $0["value"] ?? "" } == ["free", "small", "premium"])
    }

    @Test func aColumnsExpressionGivesTheTablesColumns() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "table", "label": "Orders", "dataSource": "=orders", "columnsExpression": "=headers" } ]"#)
        let page = try page(harness, ["orders": [["id": "A1", "total": 12]], "headers": [["key": "total", "label": "Sum"]]])
        #expect(page.all("th").map(\.text).contains("Sum"))
        #expect(page.first("tbody")?.text.contains("12") == true && page.first("tbody")?.text.contains("A1") == false)
    }

    @Test func aComputedColumnsLabelIsShownAsTheDataHasIt() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "table", "label": "Orders", "dataSource": "=orders", "columnsExpression": "=headers" } ]"#)
        let page = try page(harness, ["orders": [["total": 12]], "secret": "s3cret",
                                      "headers": [["key": "total", "label": "Sum ${secret}"]]])
        #expect(page.all("th").map(\.text).contains("Sum ${secret}"))
    }

    @Test func aSectionWhoseFEELDoesNotParseIsShownAsWritten() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "{{#if 1 +}}shown{{/if}} after" } ]"#)
        #expect(try page(harness).text.contains("{{#if 1 +}}shown{{/if}} after"))
    }

    @Test func aFormsTemplateProblemIsSaidOnceAtTheForm() throws {
        let harness = try ModelHarness.oneForm(#"[ { "type": "text", "text": "{{#if x}}open" } ]"#)
        let said = harness.project.warnings.filter { $0.message.contains("never closed") }
        #expect(said.count == 1 && said.first?.file == "forms/details.form", "\(said)")
    }

    @Test func anImagesFEELSourceAndAltAreComputed() throws {
        let harness = try ModelHarness.oneForm(#"""
            [ { "type": "image", "source": "=if risk > 40 then \"https://example.org/red.png\" else \"https://example.org/green.png\"",
                "alt": "=\"Risk \" + string(risk)" } ]
            """#)
        let image = try #require(try page(harness, ["risk": 50]).all("img").first)
        #expect(image["src"] == "https://example.org/red.png" && image["alt"] == "Risk 50", "\(image["alt"] ?? "-")")
    }

    /// FEEL's logic is three-valued: a condition on an unset variable is null, so its flow is
    /// not taken (Zeebe would raise an incident); the person is asked rather than the default
    /// taken in silence, and the default is taken once the variable is set.
    @Test func aConditionOnAnUnsetVariableDoesNotHold() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g" default="other"/><bpmn:endEvent id="high"/><bpmn:endEvent id="low"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="high"><bpmn:conditionExpression>=not(score &lt;= 5)</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="other" sourceRef="g" targetRef="low"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        #expect(try harness.start("claim").current == "g__unset")
        #expect(try harness.engine.start(process: "claim", session: "s", seed: ["score": 3]).endNode == "low")
    }

    @Test func aScriptTaskComputesWithDecimalNumbers() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:scriptTask id="sum"><bpmn:extensionElements><zeebe:script expression="=0.1 + 0.2" resultVariable="total"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:exclusiveGateway id="g" default="other"/><bpmn:endEvent id="exact"/><bpmn:endEvent id="inexact"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="sum"/><bpmn:sequenceFlow id="f1" sourceRef="sum" targetRef="g"/>
        <bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="exact"><bpmn:conditionExpression>=total = 0.3</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="other" sourceRef="g" targetRef="inexact"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        let instance = try harness.start("claim")
        #expect(instance.endNode == "exact")
        #expect(instance.data["total"] == 0.3)
    }

    @Test func aFEELDateComputedByAScriptIsStoredAsISOText() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:scriptTask id="due"><bpmn:extensionElements><zeebe:script expression="=date(&quot;2024-01-31&quot;) + duration(&quot;P1M&quot;)" resultVariable="due"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="due"/><bpmn:sequenceFlow id="f1" sourceRef="due" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        #expect(try harness.start("claim").data["due"] == "2024-02-29")
    }

    @Test func FEELThatDoesNotParseIsALocatedWarningAndTheConditionIsLeftToThePerson() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g"/><bpmn:endEvent id="a"/><bpmn:endEvent id="b"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="a"><bpmn:conditionExpression>=amount &gt;</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="b"><bpmn:conditionExpression>=amount &lt;= 10</bpmn:conditionExpression></bpmn:sequenceFlow>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        let warning = try #require(harness.project.warnings.first { $0.pointer == "/f1" })
        #expect(warning.message.contains("column 9") && warning.line != nil)
        #expect(try harness.start("claim").current == "g")
    }
}
