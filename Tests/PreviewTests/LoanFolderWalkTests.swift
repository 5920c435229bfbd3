import Definitions
import Expressions
import FlowStageRuntime
import Foundation
@testable import Preview
import TestSupport
import Testing

/// A Camunda 8 folder as a new user makes it: a loan process with a start form, a script task,
/// a job with the Modeler's example data, a connector without, a user task whose form shows
/// input-mapped values, and an output mapping feeding a gateway. It walks over HTTP without
/// script, every path computed from the data; without the example data, the job's page asks,
/// and "Complete with data" takes the path the data chooses.
struct LoanFolderWalkTests {
    private static let example = #"""
    <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&#10;  &#34;score&#34;: 720&#10;}" /></zeebe:properties>
    """#

    private static func model(example: Bool) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
          xmlns:modeler="http://camunda.org/schema/modeler/1.0" id="loan-definitions" modeler:executionPlatform="Camunda Cloud">
          <bpmn:process id="loan" name="Loan" isExecutable="true">
            <bpmn:startEvent id="applied" name="Loan requested">
              <bpmn:extensionElements><zeebe:formDefinition formId="loan-request"/></bpmn:extensionElements>
            </bpmn:startEvent>
            <bpmn:scriptTask id="ratio" name="Compute the ratio">
              <bpmn:extensionElements><zeebe:script expression="=amount / income" resultVariable="ratio"/></bpmn:extensionElements>
            </bpmn:scriptTask>
            <bpmn:serviceTask id="score" name="Score the applicant">
              <bpmn:extensionElements>
                <zeebe:taskDefinition type="credit-score"/>
                <zeebe:ioMapping><zeebe:output source="=score &gt;= 650 and ratio &lt; 5" target="creditworthy"/></zeebe:ioMapping>
                \(example ? Self.example : "")
              </bpmn:extensionElements>
            </bpmn:serviceTask>
            <bpmn:exclusiveGateway id="worthy" name="Creditworthy?" default="no"/>
            <bpmn:userTask id="offer" name="Review the offer">
              <bpmn:extensionElements>
                <zeebe:userTask/>
                <zeebe:formDefinition formId="loan-offer"/>
                <zeebe:ioMapping>
                  <zeebe:input source="=name" target="applicantName"/>
                  <zeebe:input source="=amount * 1.05" target="offer.total"/>
                </zeebe:ioMapping>
              </bpmn:extensionElements>
            </bpmn:userTask>
            <bpmn:serviceTask id="send" name="Send the contract" zeebe:modelerTemplate="io.camunda.connectors.HttpJson.v2">
              <bpmn:extensionElements>
                <zeebe:taskDefinition type="io.camunda:http-json:1"/>
                <zeebe:taskHeaders><zeebe:header key="resultVariable" value="sent"/></zeebe:taskHeaders>
              </bpmn:extensionElements>
            </bpmn:serviceTask>
            <bpmn:endEvent id="contract" name="Contract sent"/>
            <bpmn:endEvent id="rejected" name="Loan rejected"/>
            <bpmn:endEvent id="declined" name="Offer declined"/>
            <bpmn:exclusiveGateway id="accepted" name="Accepted?" default="notAccepted"/>
            <bpmn:sequenceFlow id="f1" sourceRef="applied" targetRef="ratio"/>
            <bpmn:sequenceFlow id="f2" sourceRef="ratio" targetRef="score"/>
            <bpmn:sequenceFlow id="f3" sourceRef="score" targetRef="worthy"/>
            <bpmn:sequenceFlow id="yes" sourceRef="worthy" targetRef="offer"><bpmn:conditionExpression>=creditworthy</bpmn:conditionExpression></bpmn:sequenceFlow>
            <bpmn:sequenceFlow id="no" sourceRef="worthy" targetRef="rejected"/>
            <bpmn:sequenceFlow id="f4" sourceRef="offer" targetRef="accepted"/>
            <bpmn:sequenceFlow id="isAccepted" sourceRef="accepted" targetRef="send"><bpmn:conditionExpression>=accept = true</bpmn:conditionExpression></bpmn:sequenceFlow>
            <bpmn:sequenceFlow id="notAccepted" sourceRef="accepted" targetRef="declined"/>
            <bpmn:sequenceFlow id="f5" sourceRef="send" targetRef="contract"/>
          </bpmn:process>
        </bpmn:definitions>
        """
    }

    private static let request = """
    { "id": "loan-request", "type": "default", "components": [
      { "type": "textfield", "key": "name", "label": "Your name" },
      { "type": "number", "key": "amount", "label": "Amount" },
      { "type": "number", "key": "income", "label": "Monthly income" } ] }
    """

    private static let offer = """
    { "id": "loan-offer", "type": "default", "components": [
      { "type": "text", "text": "Offer for {{applicantName}}: {{offer.total}} to repay" },
      { "type": "checkbox", "key": "accept", "label": "I accept the offer" } ] }
    """

    /// The project, a browser on it, and the started instance's address.
    private func started(example: Bool = true) throws -> (RunningPreview, Browser, String) {
        let folder = try RepositoryPaths.fixture(["loan.bpmn": Self.model(example: example),
                                                  "loan-request.form": Self.request, "loan-offer.form": Self.offer])
        let preview = try RunningPreview(project: folder)
        var browser = Browser(preview)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/loan/start", []).header("Location"))
        _ = try browser.get(instance)
        return (preview, browser, instance)
    }

    /// Posts the start form; returns the next page's main text.
    private func request(_ browser: inout Browser, _ instance: String, amount: String, income: String) throws -> String {
        let reply = try browser.post(instance + "/actions/complete", [("_screen", "applied"), ("name", "Ada"), ("amount", amount), ("income", income)])
        #expect(reply.status == 303)
        return try browser.get(instance).html.first("main")?.text ?? ""
    }

    @Test func aCreditworthyApplicantWalksToTheContractWithoutChoosingAWay() throws {
        let (preview, browser, instance) = try started()
        defer { withExtendedLifetime(preview) {} }
        var walking = browser
        let offer = try request(&walking, instance, amount: "10000", income: "5000")
        #expect(offer.contains("Offer for Ada: 10500 to repay"), "the form shows the input-mapped values: \(offer)")
        #expect(try walking.post(instance + "/actions/complete", [("_screen", "offer"), ("accept", "true")]).status == 303)
        let connector = try walking.get(instance).html
        #expect(connector.first("h1")?.text == "Complete “Send the contract”", "a connector without example data asks")
        #expect(try walking.post(instance + "/actions/complete", [("_screen", "send__ask")]).status == 303)
        let end = try walking.get(instance).html.first("main")?.text ?? ""
        #expect(end.contains("Contract sent") && !end.contains("Which way?"), "\(end)")
    }

    @Test func theOutputMappingRejectsAnApplicantWhoseRatioIsTooHigh() throws {
        let (preview, browser, instance) = try started()
        defer { withExtendedLifetime(preview) {} }
        var walking = browser
        let end = try request(&walking, instance, amount: "100000", income: "1000")
        #expect(end.contains("Loan rejected") && !end.contains("Which way?"), "\(end)")
    }

    @Test func withoutExampleDataTheJobAsksAndTheDataChoosesThePath() throws {
        for (score, reached) in [("800", "Offer for Ada"), ("500", "Loan rejected")] {
            let (preview, browser, instance) = try started(example: false)
            defer { withExtendedLifetime(preview) {} }
            var walking = browser
            let asking = try request(&walking, instance, amount: "10000", income: "5000")
            #expect(asking.contains("Complete “Score the applicant”"), "\(asking)")
            let prefilled = try walking.get(instance).html.all("textarea").first { $0["name"] == "_variables" }?.text ?? ""
            #expect(prefilled.contains("\"score\""), "the page asks for what the output mapping reads: \(prefilled)")
            let reply = try walking.post(instance + "/actions/complete-with-data", [("_screen", "score__ask"), ("_variables", #"{"score": \#(score)}"#)])
            #expect(reply.status == 303)
            let next = try walking.get(instance).html.first("main")?.text ?? ""
            #expect(next.contains(reached) && !next.contains("Which way?"), "score \(score): \(next)")
        }
    }

    @Test func theInspectorSavesTheWalkAsATestCaseThatPassesAgain() throws {
        let (preview, browser, instance) = try started()
        defer { withExtendedLifetime(preview) {} }
        var walking = browser
        _ = try request(&walking, instance, amount: "10000", income: "5000")
        #expect(try walking.post(instance + "/actions/complete", [("_screen", "offer"), ("accept", "true")]).status == 303)
        let link = try #require(try walking.get(instance + "/inspect").html.all("a").first { $0["download"] != nil }?["href"])
        #expect(link == instance + "/test-case.json")
        let download = try walking.get(link)
        #expect(download.status == 200 && download.header("Content-Disposition") == #"attachment; filename="loan-test-case.json""#)
        let file = CamundaTestCaseReader.decode(try JSONParser.parse(download.body), file: "loan-test-case.json")
        let types = file.cases.first?.instructions.map(\.type) ?? []
        #expect(types == ["CREATE_PROCESS_INSTANCE", "COMPLETE_JOB", "COMPLETE_USER_TASK", "ASSERT_PROCESS_INSTANCE", "ASSERT_ELEMENT_INSTANCES"], "\(types)")
        #expect(CamundaTestCaseRunner(project: preview.app.engine.project).run(file.cases[0], file: file.file).passed)
    }
}
