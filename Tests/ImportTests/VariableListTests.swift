import Definitions
import Testing

/// `validate` names, per process, the variables something reads and nothing in the model writes:
/// in a preview they stay unset unless a start form, a stand-in's page or a mock gives them.
struct VariableListTests {
    private func lines(_ body: String) throws -> [String] {
        let harness = try ModelHarness(["project.json": #"{ "name": "Variables", "languages": ["en"] }"#, "m.bpmn": bpmn(body)])
        return harness.project.imports.flatMap(\.lines)
    }

    @Test func aVariableReadButNeverWrittenIsNamedWithItsReaders() throws {
        let found = try lines("""
        <bpmn:startEvent id="s"/>
        <bpmn:serviceTask id="score" name="Score"><bpmn:extensionElements><zeebe:taskDefinition type="score"/>
          <zeebe:ioMapping><zeebe:input source="=applicant.income" target="income"/><zeebe:output source="=income * 2" target="limit"/></zeebe:ioMapping>
        </bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:exclusiveGateway id="g" name="High enough?" default="no"/>
        <bpmn:endEvent id="yesEnd"/><bpmn:endEvent id="noEnd"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="score"/><bpmn:sequenceFlow id="f1" sourceRef="score" targetRef="g"/>
        <bpmn:sequenceFlow id="yes" sourceRef="g" targetRef="yesEnd"><bpmn:conditionExpression>=limit &gt; minimum and (if is defined(bonus) then bonus else 0) &gt; 0</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="no" sourceRef="g" targetRef="noEnd"/>
        """)
        #expect(found.contains("  variables read but never written: applicant (read by Score); minimum (read by High enough?)"), "\(found)")
    }

    @Test func nothingIsListedWhenEveryReadVariableIsWritten() throws {
        let found = try lines("""
        <bpmn:startEvent id="s"/>
        <bpmn:scriptTask id="calc"><bpmn:extensionElements><zeebe:script expression="=3" resultVariable="n"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:exclusiveGateway id="g" default="b"/><bpmn:endEvent id="e1"/><bpmn:endEvent id="e2"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="calc"/><bpmn:sequenceFlow id="f1" sourceRef="calc" targetRef="g"/>
        <bpmn:sequenceFlow id="a" sourceRef="g" targetRef="e1"><bpmn:conditionExpression>=n &gt; 2</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="b" sourceRef="g" targetRef="e2"/>
        """)
        #expect(!found.contains { $0.contains("never written") }, "\(found)")
    }
}
