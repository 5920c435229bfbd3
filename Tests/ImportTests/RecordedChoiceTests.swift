import Definitions
import Expressions
import FlowStageRuntime
import Testing

/// A path the person chose on a "Which way?" page is recorded as the variables that make the
/// gateway take it, added to the completion before it; run again, the test case takes that path.
struct RecordedChoiceTests {
    private let model = bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:serviceTask id="judge" name="Judge"><bpmn:extensionElements><zeebe:taskDefinition type="judge"/></bpmn:extensionElements></bpmn:serviceTask>
    <bpmn:exclusiveGateway id="g" default="human"/>
    <bpmn:endEvent id="accepted"/><bpmn:endEvent id="big"/><bpmn:endEvent id="humans"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="judge"/><bpmn:sequenceFlow id="f1" sourceRef="judge" targetRef="g"/>
    <bpmn:sequenceFlow id="ok" sourceRef="g" targetRef="accepted"><bpmn:conditionExpression>=verdict = "ok"</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="large" sourceRef="g" targetRef="big"><bpmn:conditionExpression>=score &gt; 700</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="human" sourceRef="g" targetRef="humans"/>
    """)

    @Test(arguments: [("path-1", "accepted"), ("path-2", "big")])
    func aChosenPathIsRecordedAsTheVariablesThatTakeIt(_ path: String, _ end: String) throws {
        let harness = try ModelHarness(["project.json": #"{ "name": "Choices", "languages": ["en"] }"#, "m.bpmn": model])
        let asked = try harness.start("claim")
        let unset = try #require(try harness.post(asked, "complete").applied)
        #expect(unset.current == "g__unset")
        let chosen = try #require(try harness.post(unset, path).applied)
        #expect(chosen.endNode == end)
        let recording = CamundaTestCaseRecorder(project: harness.project).record(chosen, name: "choice")
        #expect(recording.stopped == nil && recording.failure == nil, "\(recording.stopped ?? "") \(recording.failure ?? "")")
        let job = recording.testCase["instructions"]?.arrayValue?.first { $0["type"] == "COMPLETE_JOB" }
        #expect(job?["variables"] == (end == "accepted" ? ["verdict": "ok"] : ["score": 701]), "\(String(describing: job))")
    }
}

