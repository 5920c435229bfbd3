import Foundation
@testable import Preview
import TestSupport
import Testing

/// A Camunda 7 model whose business rule task calls a FIRST table with
/// `camunda:mapDecisionResult="singleEntry"` walks over HTTP: the gateway after it takes the path
/// the table chooses for each amount.
struct DecisionWalkTests {
    private let model = """
    <?xml version="1.0" encoding="UTF-8"?>
    <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d">
      <bpmn:process id="claim" name="Claim" isExecutable="true">
        <bpmn:startEvent id="s"><bpmn:extensionElements>
          <camunda:formData><camunda:formField id="amount" label="Amount" type="long"/></camunda:formData>
        </bpmn:extensionElements></bpmn:startEvent>
        <bpmn:businessRuleTask id="decide" name="Decide" camunda:decisionRef="route" camunda:mapDecisionResult="singleEntry" camunda:resultVariable="route"/>
        <bpmn:exclusiveGateway id="g" default="auto"/>
        <bpmn:userTask id="review" name="Review the claim"/>
        <bpmn:endEvent id="approved" name="Approved at once"/><bpmn:endEvent id="reviewed" name="Reviewed"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="decide"/><bpmn:sequenceFlow id="f1" sourceRef="decide" targetRef="g"/>
        <bpmn:sequenceFlow id="manual" sourceRef="g" targetRef="review"><bpmn:conditionExpression>${route == "review"}</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="auto" sourceRef="g" targetRef="approved"/>
        <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="reviewed"/>
      </bpmn:process>
    </bpmn:definitions>
    """

    private let dmn = """
    <?xml version="1.0" encoding="UTF-8"?>
    <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="routes" name="Routes" namespace="http://example.org/routes">
      <decision id="route" name="Route">
        <decisionTable id="t" hitPolicy="FIRST">
          <input id="i"><inputExpression typeRef="number"><text>amount</text></inputExpression></input>
          <output id="o" name="route" typeRef="string"/>
          <rule id="big"><inputEntry><text>&gt; 1000</text></inputEntry><outputEntry><text>"review"</text></outputEntry></rule>
          <rule id="small"><inputEntry><text>-</text></inputEntry><outputEntry><text>"approve"</text></outputEntry></rule>
        </decisionTable>
      </decision>
    </definitions>
    """

    private func walk(amount: String) throws -> String {
        let folder = try RepositoryPaths.fixture(["project.json": #"{ "name": "Routes", "languages": ["en"] }"#,
                                                  "claim.bpmn": model, "routes.dmn": dmn])
        let preview = try RunningPreview(project: folder)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/claim/start", []).header("Location"))
        _ = try browser.get(instance)
        #expect(try browser.post(instance + "/actions/complete", [("_screen", "s"), ("amount", amount)]).status == 303)
        // The page the instance is at: a screen's heading, or an end page's message.
        return try browser.get(instance).html.first("main")?.text ?? ""
    }

    @Test func aLargeAmountIsRoutedToTheReviewByTheTable() throws {
        #expect(try walk(amount: "5000").contains("Review the claim"))
    }

    @Test func aSmallAmountIsApprovedAtOnceByTheTable() throws {
        #expect(try walk(amount: "20").contains("Approved at once"))
    }
}
