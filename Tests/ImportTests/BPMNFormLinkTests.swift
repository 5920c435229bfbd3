import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// The ways Camunda 8 and Camunda 7 link a task to its form, and Camunda 7 generated forms.
struct BPMNFormLinkTests {
    private let project = #"{ "name": "Models", "languages": ["en"] }"#
    private let nameForm = #"{ "id": "name-form", "components": [ { "type": "textfield", "key": "name", "label": "Full name" } ] }"#

    /// start → task `t` (with `attributes` and `extensions`) → end.
    private func model(_ attributes: String = "", _ extensions: String = "", after: String = "") -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:userTask id="t" name="Task" \(attributes)><bpmn:extensionElements>\(extensions)</bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        \(after)
        """)
    }

    private func labels(_ harness: ModelHarness) throws -> [String] {
        let page = harness.page(try #require(harness.screen(try harness.start("claim"))))
        return page.all("label").map(\.labelWords)
    }

    @Test func aZeebeFormKeyNamesAFormEmbeddedInTheProcess() throws {
        let embedded = #"<zeebe:userTaskForm id="UserTaskForm_1">{ "components": [ { "type": "textfield", "key": "city", "label": "City" } ] }</zeebe:userTaskForm>"#
        let source = model("", #"<zeebe:formDefinition formKey="camunda-forms:bpmn:UserTaskForm_1"/>"#)
            .replacingOccurrences(of: "<bpmn:startEvent", with: "<bpmn:extensionElements>\(embedded)</bpmn:extensionElements><bpmn:startEvent")
        #expect(try labels(ModelHarness(["project.json": project, "m.bpmn": source])).contains("City"))
    }

    @Test func anExternalReferenceShowsTheDefaultScreenWithAWarning() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model("", #"<zeebe:formDefinition externalReference="https://forms.example.org/1"/>"#)])
        #expect(harness.project.warnings.contains { $0.pointer == "/t" && $0.message.contains("external page") })
        #expect(try labels(harness).isEmpty)
    }

    @Test func aCamunda7FormKeyNamesAFormFileOfTheDeployment() throws {
        let harness = try ModelHarness(["project.json": project, "forms/name.form": nameForm,
                                        "m.bpmn": model(#"camunda:formKey="camunda-forms:deployment:name.form""#)])
        #expect(try labels(harness).contains("Full name"))
    }

    @Test func aCamunda7FormRefNamesAFormById() throws {
        let harness = try ModelHarness(["project.json": project, "any-file-name.form": nameForm,
                                        "m.bpmn": model(#"camunda:formRef="name-form" camunda:formRefBinding="latest""#)])
        #expect(try labels(harness).contains("Full name"))
    }

    @Test func anEmbeddedHTMLFormShowsTheDefaultScreenWithAWarning() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model(#"camunda:formKey="embedded:app:forms/task.html""#)])
        #expect(harness.project.warnings.contains { $0.pointer == "/t" && $0.message.contains("not a Camunda Form") })
    }

    @Test func theLegacyActivitiNamespaceIsReadAsCamunda7() throws {
        let source = model(#"camunda:formKey="camunda-forms:deployment:name.form""#)
            .replacingOccurrences(of: "http://camunda.org/schema/1.0/bpmn", with: "http://activiti.org/bpmn")
        #expect(try labels(ModelHarness(["project.json": project, "name.form": nameForm, "m.bpmn": source])).contains("Full name"))
    }

    @Test func aGeneratedFormHasEveryFieldTypeAndConstraint() throws {
        let fields = """
        <camunda:formData>
          <camunda:formField id="name" label="Name" type="string" defaultValue="Ana"><camunda:validation><camunda:constraint name="required"/><camunda:constraint name="maxlength" config="5"/></camunda:validation></camunda:formField>
          <camunda:formField id="amount" label="Amount" type="long"><camunda:validation><camunda:constraint name="min" config="10"/></camunda:validation></camunda:formField>
          <camunda:formField id="agree" label="Agree" type="boolean"/>
          <camunda:formField id="due" label="Due" type="date" datePattern="dd/MM/yyyy"/>
          <camunda:formField id="kind" label="Kind" type="enum"><camunda:value id="a" name="Option A"/><camunda:value id="b" name="Option B"/></camunda:formField>
          <camunda:formField id="ref" label="Reference" type="string" defaultValue="R-1"><camunda:validation><camunda:constraint name="readonly"/></camunda:validation></camunda:formField>
          <camunda:formField id="iban" label="IBAN" type="string"><camunda:validation><camunda:constraint name="validator" config="com.example.IbanValidator"/></camunda:validation></camunda:formField>
        </camunda:formData>
        """
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model("", fields)])
        #expect(harness.project.warnings.contains { $0.message.contains("com.example.IbanValidator") && $0.line != nil })
        let instance = try harness.start("claim")
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("input").first { $0["name"] == "name" }?["value"] == "Ana")
        #expect(page.all("input").first { $0["name"] == "agree" }?["type"] == "checkbox")
        #expect(page.all("select").first { $0["name"] == "kind" }?.all("option").contains { $0["value"] == "b" } == true)
        #expect(page.all("input").first { $0["name"] == "ref" }?["disabled"] != nil)
        let refused = try #require(try harness.post(instance, "complete", [("name", "Too long"), ("amount", "3"), ("due", "31/12/2026")]).invalid)
        #expect(refused.errors.map(\.key) == ["name", "amount", "due"])
        let done = try #require(try harness.post(instance, "complete", [("name", "Ion"), ("amount", "12"), ("due", "2026-12-31"), ("kind", "a")]).applied)
        #expect(done.data["amount"] == .number(12) && done.data["due"] == .string("2026-12-31"))
    }

    /// A Camunda 7 date's default is written in its datePattern; the date picker shows it as the date it is.
    @Test func aGeneratedDatesDefaultIsReadWithItsDatePattern() throws {
        let fields = """
        <camunda:formData>
          <camunda:formField id="due" label="Due" type="date" datePattern="dd/MM/yyyy" defaultValue="10/01/2013"/>
          <camunda:formField id="sent" label="Sent" type="date" datePattern="MM-dd-yyyy" defaultValue="01-31-2024"/>
          <camunda:formField id="odd" label="Odd" type="date" defaultValue="31/02/2024"/>
          <camunda:formField id="short" label="Short" type="date" datePattern="d/M/yyyy" defaultValue="5/1/2024"/>
        </camunda:formData>
        """
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model("", fields)])
        let page = harness.page(try #require(harness.screen(try harness.start("claim"))))
        #expect(page.all("input").first { $0["name"] == "due" }?["value"] == "2013-01-10")
        #expect(page.all("input").first { $0["name"] == "sent" }?["value"] == "2024-01-31")
        #expect(harness.project.warnings.contains { $0.message.contains("31/02/2024") })
        #expect(harness.project.warnings.contains { $0.message.contains("5/1/2024 is not a date written as d/M/yyyy") })
    }

    @Test func aStartEventFormIsTheFirstScreen() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s" name="New claim"><bpmn:extensionElements><zeebe:formDefinition formId="name-form"/></bpmn:extensionElements></bpmn:startEvent>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "name.form": nameForm, "m.bpmn": source])
        let instance = try harness.start("claim")
        #expect(instance.current == "s")
        #expect(try harness.post(instance, "complete", [("name", "Ana")]).applied?.data["name"] == .string("Ana"))
    }

    @Test func aFormNoModelUsesIsOfferedOnItsOwn() throws {
        let harness = try ModelHarness(["project.json": project, "forms/name.form": nameForm])
        let process = try #require(harness.project.processes.first)
        #expect(process.name == "form-name-form")
        #expect(try harness.post(try harness.start(process.name), "complete", [("name", "Ana")]).applied?.status == .completed)
    }

    @Test func feelConditionsAreBranchesAndTheDefaultFlowIsTheDefault() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t" name="Amount"><bpmn:extensionElements><zeebe:formDefinition formId="amount-form"/></bpmn:extensionElements></bpmn:userTask>
        <bpmn:exclusiveGateway id="g" default="normal"/><bpmn:endEvent id="big"/><bpmn:endEvent id="small"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="g"/>
        <bpmn:sequenceFlow id="large" sourceRef="g" targetRef="big"><bpmn:conditionExpression>=amount &gt; 1000 and not(vip)</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="normal" sourceRef="g" targetRef="small"/>
        """)
        let form = #"{ "id": "amount-form", "components": [ { "type": "number", "key": "amount", "label": "Amount" }, { "type": "checkbox", "key": "vip", "label": "VIP" } ] }"#
        let harness = try ModelHarness(["project.json": project, "a.form": form, "m.bpmn": source])
        #expect(try harness.post(try harness.start("claim"), "complete", [("amount", "5000")]).applied?.endNode == "big")
        #expect(try harness.post(try harness.start("claim"), "complete", [("amount", "5000"), ("vip", "true")]).applied?.endNode == "small")
    }

    @Test func whenNoConditionHoldsAndThereIsNoDefaultThePersonChooses() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g"/><bpmn:endEvent id="a"/><bpmn:endEvent id="b"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="a"><bpmn:conditionExpression>${score &gt; 5}</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="b"><bpmn:conditionExpression>${score &lt; 0}</bpmn:conditionExpression></bpmn:sequenceFlow>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        // `score` is unset, so the page that asks names it (with a value, it would be "g__choice").
        #expect(try harness.start("claim").current == "g__unset")
    }

    @Test func aParallelJoinThatNothingForksIsPreviewedAsAMergeWithAWarning() throws {
        let source = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="x"/><bpmn:userTask id="a" name="A"/><bpmn:userTask id="b" name="B"/>
        <bpmn:parallelGateway id="join"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="x"/><bpmn:sequenceFlow id="f1" sourceRef="x" targetRef="a"/><bpmn:sequenceFlow id="f2" sourceRef="x" targetRef="b"/>
        <bpmn:sequenceFlow id="f3" sourceRef="a" targetRef="join"/><bpmn:sequenceFlow id="f4" sourceRef="b" targetRef="join"/><bpmn:sequenceFlow id="f5" sourceRef="join" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        #expect(harness.project.warnings.contains { $0.pointer == "/join" && $0.message.contains("nothing forks") })
        var instance = try harness.start("claim")
        instance = try #require(try harness.post(instance, "path-1").applied)
        #expect(try harness.post(instance, "complete").applied?.status == .completed)
    }

    @Test func theSameProcessIdInTwoFilesIsServedUnderASecondNameWithAWarning() throws {
        let harness = try ModelHarness(["project.json": project, "a.bpmn": model(), "b.bpmn": model(), "c.bpmn": model()])
        #expect(harness.project.processes.map(\.name).sorted() == ["claim", "claim_2", "claim_3"])
        #expect(harness.project.warnings.contains { $0.file == "b.bpmn" && $0.message.contains("claim_2") })
    }

    @Test func aPoolsNameTitlesItsProcessAndANonExecutableProcessOutsideAPoolIsLeftOut() throws {
        let source = """
        <definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d">
          <collaboration id="c"><participant id="p" name="Claims desk" processRef="desk"/></collaboration>
          <process id="desk" isExecutable="false"><startEvent id="s"/><userTask id="t" name="T"/><sequenceFlow id="f" sourceRef="s" targetRef="t"/></process>
          <process id="sketch" isExecutable="false"><startEvent id="s2"/></process>
        </definitions>
        """
        let harness = try ModelHarness(["project.json": project, "m.bpmn": source])
        #expect(harness.project.processes.map(\.name) == ["desk"])
        #expect(harness.project.processes.first?.title?.source == "Claims desk")
    }
}
