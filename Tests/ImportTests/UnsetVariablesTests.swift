import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Never a silent guess: a gateway whose conditions read a variable nothing set does not
/// quietly take its default flow; the person is told which variables are unset and who sets them.
struct UnsetVariablesTests {
    private let project = #"{ "name": "Unset", "languages": ["en"] }"#

    /// `judge` answers with `example`; its output maps `verdict` to `decision`, which the gateway reads.
    private func model(example: String) -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:serviceTask id="judge" name="Agent as a Judge"><bpmn:extensionElements><zeebe:taskDefinition type="judge"/>
          <zeebe:ioMapping><zeebe:output source="=verdict" target="decision"/></zeebe:ioMapping>
          <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="\(example)"/></zeebe:properties>
        </bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:exclusiveGateway id="g" name="Judged ok?" default="human"/>
        <bpmn:endEvent id="accepted"/><bpmn:endEvent id="rejected"/><bpmn:endEvent id="humans"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="judge"/><bpmn:sequenceFlow id="f1" sourceRef="judge" targetRef="g"/>
        <bpmn:sequenceFlow id="ok" sourceRef="g" targetRef="accepted"><bpmn:conditionExpression>=decision = "ok"</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="no" sourceRef="g" targetRef="rejected"><bpmn:conditionExpression>=decision = "no" and score &gt; 3</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="human" name="Human control" sourceRef="g" targetRef="humans"/>
        """)
    }

    private func start(example: String) throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model(example: example)])
        return (harness, try harness.start("claim"))
    }

    @Test func aGatewayReadingAnUnsetVariableAsksInsteadOfTakingItsDefault() throws {
        let (harness, instance) = try start(example: "{}")
        #expect(instance.current == "g__unset")
        let state = try #require(harness.screen(instance))
        let text = harness.page(state).text
        #expect(text.contains("decision is not set (set by “Agent as a Judge”)"), "\(text)")
        #expect(text.contains("score is not set (nothing in this model sets it)"))
        #expect(text.contains("An engine would take the default flow (“Human control”)"))
    }

    @Test func theUnsetPageOffersEveryFlow() throws {
        let (harness, instance) = try start(example: "{}")
        let state = try #require(harness.screen(instance))
        let buttons = harness.page(state).all("button").map(\.text)
        #expect(buttons.count == 3, "\(buttons)")
        #expect(try harness.post(instance, "path-3").applied?.endNode == "humans")
    }

    @Test func onlyTheUnsetVariablesAreListed() throws {
        let (harness, instance) = try start(example: "{&quot;verdict&quot;: &quot;maybe&quot;}")
        let state = try #require(harness.screen(instance))
        let text = harness.page(state).text
        #expect(!text.contains("decision is not set") && text.contains("score is not set"), "\(text)")
    }

    @Test func aConditionThatHoldsIsTakenWhateverElseIsUnset() throws {
        let (_, instance) = try start(example: "{&quot;verdict&quot;: &quot;ok&quot;}")
        #expect(instance.endNode == "accepted")
    }

    /// A Camunda 7 gateway: JUEL conditions over a variable a stand-in never set.
    private let juel = bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:serviceTask id="score" name="Score" camunda:type="external" camunda:topic="score"/>
    <bpmn:exclusiveGateway id="g" default="manual"/>
    <bpmn:endEvent id="approved"/><bpmn:endEvent id="checked"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="score"/><bpmn:sequenceFlow id="f1" sourceRef="score" targetRef="g"/>
    <bpmn:sequenceFlow id="auto" sourceRef="g" targetRef="approved"><bpmn:conditionExpression>${rating &gt; 700}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="manual" sourceRef="g" targetRef="checked"/>
    """)

    @Test func aJUELGatewayReadingAnUnsetVariableAsksToo() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": juel])
        let asked = try harness.start("claim")
        let completed = try #require(try harness.post(asked, "complete").applied)
        #expect(completed.current == "g__unset")
        let text = harness.page(try #require(harness.screen(completed))).text
        #expect(text.contains("rating is not set (nothing in this model sets it)"), "\(text)")
        let rated = try #require(try harness.start("claim"))
        let high = try #require(try harness.post(rated, "complete-with-data", [("_variables", #"{"rating": 800}"#)]).applied)
        #expect(high.endNode == "approved")
        let low = try #require(try harness.post(try harness.start("claim"), "complete-with-data", [("_variables", #"{"rating": 100}"#)]).applied)
        #expect(low.endNode == "checked", "a set variable whose condition fails takes the default flow")
    }
}
