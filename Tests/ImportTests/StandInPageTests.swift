import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// A stand-in nothing answers for (no handler, no mock, no example data) asks the person:
/// Complete, Complete with data (a JSON object of variables, pre-filled with what later
/// conditions read and nothing sets), Throw error for each error boundary event.
struct StandInPageTests {
    private let project = #"{ "name": "Stand-ins", "languages": ["en"] }"#

    /// `s → judge (a connector-like service task) → g: =decision = "ok" → accepted | default → human`.
    private let model = bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:serviceTask id="judge" name="Agent as a Judge"><bpmn:extensionElements><zeebe:taskDefinition type="judge"/>
      <zeebe:ioMapping><zeebe:output source="=verdict" target="decision"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:serviceTask>
    <bpmn:boundaryEvent id="failed" attachedToRef="judge"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
    <bpmn:exclusiveGateway id="g" default="human"/><bpmn:endEvent id="accepted"/><bpmn:endEvent id="humans"/><bpmn:endEvent id="broken"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="judge"/><bpmn:sequenceFlow id="f1" sourceRef="judge" targetRef="g"/>
    <bpmn:sequenceFlow id="ok" sourceRef="g" targetRef="accepted"><bpmn:conditionExpression>=decision = "ok"</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="human" sourceRef="g" targetRef="humans"/>
    <bpmn:sequenceFlow id="f3" sourceRef="failed" targetRef="broken"/>
    """)

    private func started() throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        return (harness, try harness.start("claim"))
    }

    @Test func aStandInNothingAnswersForWaitsOnItsPage() throws {
        let (harness, instance) = try started()
        #expect(instance.current == "judge__ask")
        let state = try #require(harness.screen(instance))
        let page = harness.page(state)
        #expect(page.all("h1").first?.text.contains("Complete “Agent as a Judge”") == true)
        let buttons = page.all("button").map(\.text)
        #expect(buttons.contains { $0.contains("Complete with data") } && buttons.contains { $0.contains("Throw error") }, "\(buttons)")
    }

    @Test func itsVariablesArePrefilledWithWhatLaterReadsAndNothingSets() throws {
        let (harness, instance) = try started()
        let state = try #require(harness.screen(instance))
        let field = try #require(harness.page(state).all("textarea").first)
        let prefilled = try JSONParser.parse(field.text)
        #expect(prefilled == ["verdict": .null], "its own output reads verdict; decision is set by that output: \(field.text)")
    }

    @Test func completeWithDataTakesThePathTheDataChooses() throws {
        let (harness, instance) = try started()
        let done = try #require(try harness.post(instance, "complete-with-data", [("_variables", #"{"verdict": "ok"}"#)]).applied)
        #expect(done.endNode == "accepted")
        #expect(done.data["decision"] == "ok" && done.data["verdict"] == nil && done.data["_variables"] == nil, "\(done.data)")
    }

    @Test func completeWithTextThatIsNoJSONObjectIsRefusedAtTheField() throws {
        let (harness, instance) = try started()
        let state = try #require(try harness.post(instance, "complete-with-data", [("_variables", "[1, 2]")]).invalid)
        #expect(state.errors.map(\.key) == ["_variables"])
    }

    @Test func throwErrorGoesToTheErrorBoundaryEvent() throws {
        let (harness, instance) = try started()
        #expect(try harness.post(instance, "event-1").applied?.endNode == "broken")
    }

    @Test func aStandInWithExampleDataDoesNotAsk() throws {
        let answered = model.replacingOccurrences(of: #"<zeebe:taskDefinition type="judge"/>"#, with: #"""
            <zeebe:taskDefinition type="judge"/><zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&quot;verdict&quot;: &quot;ok&quot;}"/></zeebe:properties>
            """#)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": answered])
        #expect(try harness.start("claim").endNode == "accepted")
    }

    @Test func theInstanceRecordsHowEachStandInAnswered() throws {
        let (_, asked) = try started()
        #expect(asked.answers.map(\.way) == [.person])
        let answered = model.replacingOccurrences(of: #"<zeebe:taskDefinition type="judge"/>"#, with: #"""
            <zeebe:taskDefinition type="judge"/><zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{}"/></zeebe:properties>
            """#)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": answered, "mocks/judge.json": #"{ "variables": { "verdict": "ok" } }"#])
        let instance = try harness.start("claim")
        #expect(instance.answers.map(\.way) == [.mock] && instance.answers.first?.source == "mocks/judge.json", "a mock comes before example data")
    }
}
