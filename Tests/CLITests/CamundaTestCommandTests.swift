import Foundation
import Testing
import TestSupport

/// `flowstage test` on a Camunda 8 folder made as a new user makes it: a model, its forms and a
/// test-case file under src/test/resources/test-cases, written from Camunda's documentation. The
/// right test cases pass; a deliberately wrong assertion fails naming its instruction; a file
/// against the schema is reported with its pointer while the other cases run.
struct CamundaTestCommandTests {
    private static let model = """
    <?xml version="1.0" encoding="UTF-8"?>
    <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
      xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="d" modeler:executionPlatform="Camunda Cloud">
      <bpmn:process id="leave-request" name="Leave request" isExecutable="true">
        <bpmn:startEvent id="requested"><bpmn:extensionElements><zeebe:formDefinition formId="request"/></bpmn:extensionElements></bpmn:startEvent>
        <bpmn:businessRuleTask id="check" name="Check the balance"><bpmn:extensionElements>
          <zeebe:calledDecision decisionId="balance" resultVariable="enough"/></bpmn:extensionElements></bpmn:businessRuleTask>
        <bpmn:exclusiveGateway id="enough-gate" default="not-enough"/>
        <bpmn:userTask id="approve" name="Approve the leave"><bpmn:extensionElements><zeebe:userTask/></bpmn:extensionElements></bpmn:userTask>
        <bpmn:serviceTask id="book" name="Book the leave"><bpmn:extensionElements><zeebe:taskDefinition type="hr-booking"/>
          <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&quot;booking&quot;: &quot;B-1&quot;}"/></zeebe:properties>
        </bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:endEvent id="booked" name="Leave booked"/><bpmn:endEvent id="refused" name="Leave refused"/>
        <bpmn:sequenceFlow id="f0" sourceRef="requested" targetRef="check"/><bpmn:sequenceFlow id="f1" sourceRef="check" targetRef="enough-gate"/>
        <bpmn:sequenceFlow id="yes" sourceRef="enough-gate" targetRef="approve"><bpmn:conditionExpression>=enough</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="not-enough" sourceRef="enough-gate" targetRef="refused"/>
        <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="book"/><bpmn:sequenceFlow id="f3" sourceRef="book" targetRef="booked"/>
      </bpmn:process>
    </bpmn:definitions>
    """

    private static let decision = """
    <?xml version="1.0" encoding="UTF-8"?>
    <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="hr" name="HR" namespace="http://example.org/hr">
      <decision id="balance" name="Balance"><literalExpression><text>days &lt;= 20</text></literalExpression></decision>
    </definitions>
    """

    private static let form = #"{ "id": "request", "components": [ { "type": "number", "key": "days", "label": "Days" } ] }"#

    private static let cases = """
    { "testCases": [
      { "name": "A short leave is booked",
        "instructions": [
          { "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "leave-request" }, "variables": { "days": 5 } },
          { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "approve" }, "variables": { "approvedBy": "Ada" } },
          { "type": "COMPLETE_JOB", "jobSelector": { "jobType": "hr-booking" }, "useExampleData": true },
          { "type": "ASSERT_VARIABLES", "processInstanceSelector": { "processDefinitionId": "leave-request" },
            "variables": { "enough": true, "approvedBy": "Ada", "booking": "B-1" } },
          { "type": "ASSERT_ELEMENT_INSTANCES", "processInstanceSelector": { "processDefinitionId": "leave-request" },
            "elementSelectors": [ { "elementId": "booked" } ], "state": "IS_COMPLETED" } ] },
      { "name": "A mocked balance refuses the leave",
        "instructions": [
          { "type": "MOCK_DMN_DECISION", "decisionDefinitionId": "balance", "variables": { "enough": false } },
          { "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "leave-request" }, "variables": { "days": 5 } },
          { "type": "ASSERT_ELEMENT_INSTANCES", "processInstanceSelector": { "processDefinitionId": "leave-request" },
            "elementSelectors": [ { "elementId": "refused" } ], "state": "IS_COMPLETED" } ] },
      { "name": "A wrong expectation",
        "instructions": [
          { "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "leave-request" }, "variables": { "days": 5 } },
          { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "approve" } },
          { "type": "COMPLETE_JOB", "jobSelector": { "jobType": "hr-booking" }, "variables": { "booking": "B-7" } },
          { "type": "ASSERT_VARIABLES", "processInstanceSelector": { "processDefinitionId": "leave-request" }, "variables": { "booking": "B-8" } } ] },
      { "name": "Against the schema",
        "instructions": [ { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "approve" }, "colour": "red" } ] } ] }
    """

    private func folder() throws -> URL {
        try RepositoryPaths.fixture(["leave.bpmn": Self.model, "hr.dmn": Self.decision, "forms/request.form": Self.form,
                                     "src/test/resources/test-cases/leave.json": Self.cases])
    }

    @Test func theRightTestCasesPassAndAWrongAssertionFailsNamingItsInstruction() throws {
        let run = try FlowStageBinary.run(["test", try folder().path])
        #expect(run.status == 1)
        #expect(run.output.contains("✓ src/test/resources/test-cases/leave.json: A short leave is booked"), "\(run.output)")
        #expect(run.output.contains("✓ src/test/resources/test-cases/leave.json: A mocked balance refuses the leave"))
        #expect(run.output.contains("✗ src/test/resources/test-cases/leave.json: A wrong expectation\n    instruction 4 (ASSERT_VARIABLES) at /testCases/2/instructions/3: expected booking = \"B-8\", the instance holds \"B-7\""),
                "\(run.output)")
        #expect(run.output.contains("✗ src/test/resources/test-cases/leave.json: Against the schema\n    /testCases/3/instructions/0/colour: \"colour\" is not a field of COMPLETE_USER_TASK"),
                "\(run.output)")
        #expect(run.output.hasSuffix("2 passed, 2 failed\n"), "\(run.output)")
    }

    @Test func aRecordedScenarioRunsAgainAsATestCase() throws {
        let folder = try RepositoryPaths.copyOfExamples()
        let recorded = try FlowStageBinary.run(["test", folder.path, "--record", "--scenario", "expense-claim-small"])
        #expect(recorded.status == 0 && recorded.errors.contains("recorded expense-claim-small as test-cases/expense-claim-small.json"),
                "\(recorded.errors)")
        let again = try FlowStageBinary.run(["test", folder.path, "--scenario", "expense-claim-small", "--json"])
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains(#""file" : "test-cases/expense-claim-small.json""#) || again.output.contains(#""file": "test-cases/expense-claim-small.json""#),
                "\(again.output)")
    }
}
