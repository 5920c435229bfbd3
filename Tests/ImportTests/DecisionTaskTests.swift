import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Business rule tasks evaluate the project's DMN decisions: Camunda 8's `zeebe:calledDecision`
/// stores the value, Camunda 7's `camunda:decisionRef` maps the matched rules by
/// `mapDecisionResult`; the inspector's record shows the rules that matched.
struct DecisionTaskTests {
    private let project = #"{ "name": "Decisions", "languages": ["en"] }"#

    /// `route` (FIRST) requires `risk` (a literal expression over `amount`).
    private let dmn = """
    <?xml version="1.0" encoding="UTF-8"?>
    <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="claims" name="Claims" namespace="http://example.org/claims">
      <decision id="risk" name="Risk"><variable name="Risk" typeRef="string"/>
        <informationRequirement id="r1"><requiredInput href="#amount"/></informationRequirement>
        <literalExpression><text>if amount &gt; 1000 then "high" else "low"</text></literalExpression>
      </decision>
      <decision id="route" name="Route">
        <informationRequirement id="r2"><requiredDecision href="#risk"/></informationRequirement>
        <decisionTable id="t" hitPolicy="FIRST">
          <input id="i1" label="Risk"><inputExpression typeRef="string"><text>Risk</text></inputExpression></input>
          <output id="o1" name="route" typeRef="string"/>
          <output id="o2" name="reviewers" typeRef="number"/>
          <annotation name="Why"/>
          <rule id="high"><inputEntry><text>"high"</text></inputEntry><outputEntry><text>"review"</text></outputEntry><outputEntry><text>2</text></outputEntry>
            <annotationEntry><text>Large claims are reviewed</text></annotationEntry></rule>
          <rule id="any"><inputEntry><text>-</text></inputEntry><outputEntry><text>"approve"</text></outputEntry><outputEntry><text>0</text></outputEntry>
            <annotationEntry><text>Small claims pass</text></annotationEntry></rule>
        </decisionTable>
      </decision>
      <decision id="approvals" name="Approvals">
        <decisionTable id="t2" hitPolicy="COLLECT">
          <input id="i2"><inputExpression typeRef="number"><text>amount</text></inputExpression></input>
          <output id="o3" name="approver" typeRef="string"/>
          <rule id="a1"><inputEntry><text>&gt; 0</text></inputEntry><outputEntry><text>"manager"</text></outputEntry></rule>
          <rule id="a2"><inputEntry><text>&gt; 1000</text></inputEntry><outputEntry><text>"finance"</text></outputEntry></rule>
        </decisionTable>
      </decision>
      <inputData id="amount" name="amount"><variable name="amount" typeRef="number"/></inputData>
    </definitions>
    """

    /// `s → decide (business rule task) → g: =check = "review" → reviewed | default → approved`.
    private func camunda8(gate: String = #"=routing.route = "review""#) -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:businessRuleTask id="decide" name="Route the claim"><bpmn:extensionElements>
          <zeebe:calledDecision decisionId="route" resultVariable="routing"/></bpmn:extensionElements></bpmn:businessRuleTask>
        <bpmn:exclusiveGateway id="g" default="fine"/><bpmn:endEvent id="reviewed"/><bpmn:endEvent id="approved"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="decide"/><bpmn:sequenceFlow id="f1" sourceRef="decide" targetRef="g"/>
        <bpmn:sequenceFlow id="review" sourceRef="g" targetRef="reviewed"><bpmn:conditionExpression>\(gate.replacingOccurrences(of: "\"", with: "&quot;"))</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="fine" sourceRef="g" targetRef="approved"/>
        """)
    }

    private func camunda7(mapping: String, variable: String = "result") -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:businessRuleTask id="decide" camunda:decisionRef="\(variable == "result" ? "route" : "approvals")" camunda:mapDecisionResult="\(mapping)" camunda:resultVariable="result"/>
        <bpmn:userTask id="look"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="decide"/><bpmn:sequenceFlow id="f1" sourceRef="decide" targetRef="look"/>
        <bpmn:sequenceFlow id="f2" sourceRef="look" targetRef="e"/>
        """)
    }

    private func start(_ model: String, amount: Double) throws -> Instance {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model, "rules/claims.dmn": dmn])
        return try harness.engine.start(process: "claim", session: "s", seed: ["amount": .number(amount)])
    }

    @Test func aCamunda8BusinessRuleTaskTakesThePathItsTableChooses() throws {
        #expect(try start(camunda8(), amount: 5000).endNode == "reviewed")
        #expect(try start(camunda8(), amount: 20).endNode == "approved")
    }

    @Test func aCamunda8ResultIsTheDecisionsValue() throws {
        let instance = try start(camunda8(), amount: 5000)
        #expect(instance.data["routing"] == ["route": "review", "reviewers": 2])
    }

    @Test func theInstanceRecordsTheRequiredDecisionFirstAndTheMatchedRulesAnnotation() throws {
        let record = try #require(try start(camunda8(), amount: 5000).decisions.first)
        #expect(record.task == "decide")
        #expect(record.decisions.map(\.name) == ["Risk", "Route"])
        let rule = try #require(record.decisions.last?.rules.first)
        #expect(rule.number == 1 && rule.annotations == ["Large claims are reviewed"])
        #expect(record.decisions.last?.inputs.first?.value == #""high""#)
    }

    @Test func mapDecisionResultSingleEntryIsTheOneOutput() throws {
        let model = camunda7(mapping: "singleEntry", variable: "approvals")
        #expect(try start(model, amount: 20).data["result"] == "manager")
    }

    @Test func mapDecisionResultSingleResultIsTheRulesOutputs() throws {
        #expect(try start(camunda7(mapping: "singleResult"), amount: 20).data["result"] == ["route": "approve", "reviewers": 0])
    }

    @Test func mapDecisionResultCollectEntriesListsEachRulesOutput() throws {
        let model = camunda7(mapping: "collectEntries", variable: "approvals")
        #expect(try start(model, amount: 5000).data["result"] == ["manager", "finance"])
    }

    @Test func mapDecisionResultResultListIsEveryRulesOutputs() throws {
        let model = camunda7(mapping: "resultList", variable: "approvals")
        #expect(try start(model, amount: 5000).data["result"] == [["approver": "manager"], ["approver": "finance"]])
    }

    @Test func aSingleEntryOfTwoMatchedRulesAsksThePersonAndSaysWhy() throws {
        let instance = try start(camunda7(mapping: "singleEntry", variable: "approvals"), amount: 5000)
        #expect(instance.current == "decide__ask")
        #expect(instance.warnings.contains { $0.contains("2 rules matched") }, "\(instance.warnings)")
    }

    @Test func aDecisionNotInTheProjectIsAWarningAndTheTaskAsks() throws {
        let model = camunda8().replacingOccurrences(of: #"decisionId="route""#, with: #"decisionId="unknown""#)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model, "rules/claims.dmn": dmn])
        #expect(harness.project.warnings.contains { $0.message.contains("decision “unknown” is in no .dmn file") && $0.line != nil })
        #expect(try harness.start("claim").current == "decide__ask")
    }

    @Test func aJSONProcessNamingAnUnknownDecisionIsRefused() throws {
        let process = #"""
        { "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "d" },
          { "id": "d", "type": "serviceTask", "handler": "x", "standIn": true, "decision": { "id": "nope" }, "next": "e" },
          { "id": "e", "type": "end" } ] }
        """#
        let errors = try ModelHarness.errors(["project.json": project, "processes/p.json": process, "rules/claims.dmn": dmn])
        #expect(errors.contains { $0.pointer == "/nodes/1/decision/id" && $0.message.contains("\"nope\"") }, "\(errors)")
    }

    @Test func aDMNFileThatIsNotWellFormedStopsTheProjectAtItsLine() throws {
        let errors = try ModelHarness.errors(["project.json": project, "rules/broken.dmn": "<definitions>\n<decision>"])
        #expect(errors.contains { $0.file == "rules/broken.dmn" && $0.line != nil }, "\(errors)")
    }
}
