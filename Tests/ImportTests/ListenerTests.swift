import Definitions
import Testing

/// Listeners run code in an engine; a preview passes them by and says so in `validate`'s summary.
struct ListenerTests {
    @Test func everyListenerIsListedAsNotRun() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:userTask id="t"><bpmn:extensionElements>
          <zeebe:taskListeners><zeebe:taskListener eventType="completing" type="audit"/></zeebe:taskListeners>
          <camunda:executionListener class="com.example.Start" event="start"/>
        </bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": #"{ "name": "L", "languages": ["en"] }"#, "m.bpmn": model])
        let lines = harness.project.imports.flatMap(\.lines)
        #expect(lines.contains("  t: task listener on completing (job type audit); execution listener on start (com.example.Start): not run in a preview"), "\(lines)")
    }
}
