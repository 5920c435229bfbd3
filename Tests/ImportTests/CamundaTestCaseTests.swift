import Definitions
import Expressions
import FlowStageRuntime
import Testing

/// Camunda Process Test (CPT) JSON test cases run on the engine: one test per instruction rule,
/// per assertion mode and per refusal. The model: a start form, a business rule task, a job with
/// example data and an error boundary event, a user task with a timer, a call activity.
struct CamundaTestCaseTests {
    private static let model = bpmn("""
    <bpmn:startEvent id="start"><bpmn:extensionElements><zeebe:formDefinition formId="order-start"/></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:businessRuleTask id="rate" name="Rate the order"><bpmn:extensionElements>
      <zeebe:calledDecision decisionId="rating" resultVariable="rating"/></bpmn:extensionElements></bpmn:businessRuleTask>
    <bpmn:serviceTask id="charge" name="Charge the card"><bpmn:extensionElements><zeebe:taskDefinition type="payment"/>
      <zeebe:ioMapping><zeebe:output source="=receipt" target="receiptNumber"/></zeebe:ioMapping>
      <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&quot;receipt&quot;: &quot;R-1&quot;}"/></zeebe:properties>
    </bpmn:extensionElements></bpmn:serviceTask>
    <bpmn:boundaryEvent id="declined" attachedToRef="charge"><bpmn:errorEventDefinition errorRef="card"/></bpmn:boundaryEvent>
    <bpmn:userTask id="pack" name="Pack the order"/>
    <bpmn:boundaryEvent id="late" attachedToRef="pack"><bpmn:timerEventDefinition><bpmn:timeDuration>P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:callActivity id="ship" name="Ship"><bpmn:extensionElements><zeebe:calledElement processId="shipping"/></bpmn:extensionElements></bpmn:callActivity>
    <bpmn:endEvent id="shipped"/><bpmn:endEvent id="refused"/><bpmn:endEvent id="tooLate"/>
    <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="rate"/><bpmn:sequenceFlow id="f1" sourceRef="rate" targetRef="charge"/>
    <bpmn:sequenceFlow id="f2" sourceRef="charge" targetRef="pack"/><bpmn:sequenceFlow id="f3" sourceRef="pack" targetRef="ship"/>
    <bpmn:sequenceFlow id="f4" sourceRef="ship" targetRef="shipped"/><bpmn:sequenceFlow id="f5" sourceRef="declined" targetRef="refused"/>
    <bpmn:sequenceFlow id="f6" sourceRef="late" targetRef="tooLate"/>
    """, id: "order", name: "Order").replacingOccurrences(of: #"id="d">"#, with: #"id="d"><bpmn:error id="card" errorCode="CARD_DECLINED"/>"#)

    private static let shipping = bpmn("""
    <bpmn:startEvent id="s"/><bpmn:userTask id="label" name="Print the label"/><bpmn:endEvent id="e"/>
    <bpmn:sequenceFlow id="g0" sourceRef="s" targetRef="label"/><bpmn:sequenceFlow id="g1" sourceRef="label" targetRef="e"/>
    """, id: "shipping", name: "Shipping")

    /// Waits for a message, then a user task; a signal starts a non-interrupting event subprocess.
    private static let waiting = bpmn("""
    <bpmn:startEvent id="ws"/>
    <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="m"/></bpmn:intermediateCatchEvent>
    <bpmn:userTask id="thank" name="Thank the customer"/><bpmn:endEvent id="we"/>
    <bpmn:sequenceFlow id="w0" sourceRef="ws" targetRef="paid"/><bpmn:sequenceFlow id="w1" sourceRef="paid" targetRef="thank"/>
    <bpmn:sequenceFlow id="w2" sourceRef="thank" targetRef="we"/>
    <bpmn:subProcess id="audit" triggeredByEvent="true">
      <bpmn:startEvent id="audited" isInterrupting="false"><bpmn:signalEventDefinition signalRef="sig"/></bpmn:startEvent>
      <bpmn:userTask id="note" name="Note the audit"/><bpmn:endEvent id="ae"/>
      <bpmn:sequenceFlow id="a0" sourceRef="audited" targetRef="note"/><bpmn:sequenceFlow id="a1" sourceRef="note" targetRef="ae"/>
    </bpmn:subProcess>
    """, id: "waiting", name: "Waiting").replacingOccurrences(of: #"id="d">"#,
        with: #"id="d"><bpmn:message id="m" name="Payment received"/><bpmn:signal id="sig" name="Audit"/>"#)

    private static let dmn = """
    <?xml version="1.0" encoding="UTF-8"?>
    <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="ratings" name="Ratings" namespace="http://example.org/ratings">
      <decision id="rating" name="Rating"><literalExpression><text>if total &gt; 100 then "big" else "small"</text></literalExpression></decision>
    </definitions>
    """

    private static let form = #"{ "id": "order-start", "components": [ { "type": "number", "key": "total", "label": "Total", "validate": { "required": true } } ] }"#

    private static let harness = Result { try ModelHarness(["project.json": #"{ "name": "Orders", "languages": ["en"] }"#, "order.bpmn": model,
                                                            "shipping.bpmn": shipping, "waiting.bpmn": waiting, "ratings.dmn": dmn,
                                                            "start.form": form]) }

    /// Runs one test case written as its instructions (JSON text of the list).
    private func run(_ instructions: String) throws -> CamundaTestReport {
        let json = try JSONParser.parse(#"{ "testCases": [ { "name": "case", "instructions": \#(instructions) } ] }"#)
        let file = CamundaTestCaseReader.decode(json, file: "cases.json")
        return CamundaTestCaseRunner(project: try Self.harness.get().project).run(file.cases[0], file: file.file)
    }

    private let create = #"{ "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "order" }, "variables": { "total": 250 } }"#
    private let instance = #""processInstanceSelector": { "processDefinitionId": "order" }"#

    @Test func createProcessInstanceStartsPastTheStartFormWithItsVariables() throws {
        let report = try run("""
        [ \(create),
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "total": 250, "rating": "big" } },
          { "type": "ASSERT_ELEMENT_INSTANCE", \(instance), "elementSelector": { "elementId": "charge" }, "state": "IS_ACTIVE" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aJobWaitsUntilATestCaseCompletesItWithItsExampleData() throws {
        let report = try run("""
        [ \(create),
          { "type": "COMPLETE_JOB", "jobSelector": { "jobType": "payment" }, "useExampleData": true },
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "receiptNumber": "R-1" } },
          { "type": "ASSERT_USER_TASK", "userTaskSelector": { "taskName": "Pack the order" }, "state": "IS_CREATED" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func completeJobSetsItsVariablesThroughTheOutputMappings() throws {
        let report = try run("""
        [ \(create),
          { "type": "COMPLETE_JOB", "jobSelector": { "elementId": "charge" }, "variables": { "receipt": "R-9" } },
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "receiptNumber": "R-9" } } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aMockedJobWorkerCompletesEveryJobOfItsType() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment", "variables": { "receipt": "R-7" } },
          \(create),
          { "type": "ASSERT_ELEMENT_INSTANCE", \(instance), "elementSelector": { "elementId": "charge" }, "state": "IS_COMPLETED" },
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "receiptNumber": "R-7" } } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aBPMNErrorGoesToTheBoundaryEventForItsCode() throws {
        let thrown = try run("""
        [ \(create),
          { "type": "THROW_BPMN_ERROR_FROM_JOB", "jobSelector": { "jobType": "payment" }, "errorCode": "CARD_DECLINED", "variables": { "why": "limit" } },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "refused" } ], "state": "IS_COMPLETED" },
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "why": "limit" } } ]
        """)
        #expect(thrown.passed, "\(String(describing: thrown.failure))")
        let mocked = try run("""
        [ { "type": "MOCK_JOB_WORKER_THROW_BPMN_ERROR", "jobType": "payment", "errorCode": "NO_SUCH_CODE" },
          \(create),
          { "type": "ASSERT_PROCESS_INSTANCE", \(instance), "hasActiveIncidents": true } ]
        """)
        #expect(mocked.passed, "an error no boundary event catches is an incident: \(String(describing: mocked.failure))")
    }

    @Test func aMockedDecisionGivesItsOutputToTheTask() throws {
        let report = try run("""
        [ { "type": "MOCK_DMN_DECISION", "decisionDefinitionId": "rating", "variables": { "rating": "vip" } },
          \(create),
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "rating": "vip" } } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aMockedChildProcessReturnsItsVariablesAtOnce() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment" },
          { "type": "MOCK_CHILD_PROCESS", "processDefinitionId": "shipping", "variables": { "tracking": "T-1" } },
          \(create),
          { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "pack" } },
          { "type": "ASSERT_PROCESS_INSTANCE", \(instance), "state": "IS_COMPLETED" },
          { "type": "ASSERT_VARIABLES", \(instance), "variables": { "tracking": "T-1" } } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aCalledProcessesUserTaskIsCompletedInItsCallersInstance() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment" }, \(create),
          { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "pack" } },
          { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "label", "processDefinitionId": "shipping" } },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "pack" }, { "elementId": "label" }, { "elementId": "shipped" } ],
            "state": "IS_COMPLETED_IN_ORDER" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func updateVariablesSetsProcessVariables() throws {
        let report = try run("""
        [ \(create), { "type": "UPDATE_VARIABLES", \(instance), "variables": { "priority": "high" } },
          { "type": "ASSERT_VARIABLES", \(instance), "variableNames": [ "priority" ] } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func elementStatesAreReadFromTheInstancesTrail() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment" }, \(create),
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "pack" } ], "state": "IS_ACTIVE_EXACTLY" },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "refused" }, { "elementId": "label" } ], "state": "IS_NOT_ACTIVATED" },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "charge" } ], "state": "IS_NOT_ACTIVE" },
          { "type": "ASSERT_ELEMENT_INSTANCE", \(instance), "elementSelector": { "elementName": "Pack the order" }, "state": "IS_ACTIVE", "amount": 1 } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aWrongAssertionFailsNamingItsInstructionAndWhatTheInstanceHolds() throws {
        let report = try run("""
        [ \(create), { "type": "ASSERT_VARIABLES", \(instance), "variables": { "total": 99 } } ]
        """)
        let failure = try #require(report.failure)
        #expect(failure.index == 1 && failure.type == "ASSERT_VARIABLES" && failure.pointer == "/testCases/0/instructions/1")
        #expect(failure.message == "expected total = 99, the instance holds 250", "\(failure.message)")
    }

    @Test func aSelectorThatMatchesNothingSaysWhatWaits() throws {
        let report = try run("""
        [ \(create), { "type": "COMPLETE_USER_TASK", "userTaskSelector": { "elementId": "nowhere" } } ]
        """)
        #expect(report.failure?.message.contains("no user task waits that matches elementId \"nowhere\"; waiting: job “payment” at charge") == true,
                "\(String(describing: report.failure))")
    }

    @Test func increaseTimeFiresTheTimersThatFallDue() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment" }, \(create),
          { "type": "INCREASE_TIME", "duration": "PT12H" },
          { "type": "ASSERT_ELEMENT_INSTANCE", \(instance), "elementSelector": { "elementId": "pack" }, "state": "IS_ACTIVE" },
          { "type": "INCREASE_TIME", "duration": "P1D" },
          { "type": "ASSERT_ELEMENT_INSTANCE", \(instance), "elementSelector": { "elementId": "pack" }, "state": "IS_TERMINATED" },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(instance), "elementSelectors": [ { "elementId": "tooLate" } ], "state": "IS_COMPLETED" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func setTimeMovesTheClockAndFiresWhatFallsDue() throws {
        let report = try run("""
        [ { "type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": "payment" }, \(create),
          { "type": "SET_TIME", "time": "2099-01-01T00:00:00Z" },
          { "type": "ASSERT_PROCESS_INSTANCE", \(instance), "state": "IS_COMPLETED" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    private let waitingInstance = #""processInstanceSelector": { "processDefinitionId": "waiting" }"#
    private let createWaiting = #"{ "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "waiting" } }"#

    @Test func aMessageIsCorrelatedToTheEventWaitingForIt() throws {
        let report = try run("""
        [ \(createWaiting),
          { "type": "CORRELATE_MESSAGE", "name": "Payment received", "correlationKey": "A-1", "variables": { "paidBy": "card" } },
          { "type": "ASSERT_USER_TASK", "userTaskSelector": { "elementId": "thank" }, "state": "IS_CREATED" },
          { "type": "ASSERT_VARIABLES", \(waitingInstance), "variables": { "paidBy": "card" } } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
        let unheard = try run(#"[ \#(createWaiting), { "type": "CORRELATE_MESSAGE", "name": "Refund" } ]"#)
        #expect(unheard.failure?.message == "nothing waits for the message “Refund”; waiting for: Payment received", "\(String(describing: unheard.failure))")
    }

    @Test func aPublishedMessageIsKeptUntilSomethingWaitsForIt() throws {
        let report = try run("""
        [ { "type": "PUBLISH_MESSAGE", "name": "Payment received", "timeToLive": 60000 }, \(createWaiting),
          { "type": "ASSERT_ELEMENT_INSTANCES", \(waitingInstance), "elementSelectors": [ { "elementId": "paid" } ], "state": "IS_COMPLETED" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test func aSignalReachesEveryEventWaitingForIt() throws {
        let report = try run("""
        [ \(createWaiting), { "type": "BROADCAST_SIGNAL", "signalName": "Audit" },
          { "type": "ASSERT_ELEMENT_INSTANCES", \(waitingInstance), "elementSelectors": [ { "elementId": "note" }, { "elementId": "paid" } ], "state": "IS_ACTIVE" } ]
        """)
        #expect(report.passed, "\(String(describing: report.failure))")
    }

    @Test(arguments: ["EVALUATE_DECISION",
                      "ASSERT_DECISION", "EVALUATE_CONDITIONAL_START_EVENT", "RESOLVE_INCIDENT", "COMPLETE_JOB_AD_HOC_SUB_PROCESS",
                      "COMPLETE_JOB_USER_TASK_LISTENER", "ASSERT_PROCESS_INSTANCE_MESSAGE_SUBSCRIPTION"])
    func anInstructionAPreviewDoesNotRunIsRefusedWithItsReason(_ type: String) throws {
        let report = try run(#"[ { "type": "\#(type)" } ]"#)
        #expect(report.failure?.message.hasPrefix("not run in a preview: ") == true, "\(String(describing: report.failure))")
        #expect(report.failure?.type == type)
    }

    @Test func anUnknownTypeOrFieldIsReportedAtItsPointerAndTheOtherCasesStillRun() throws {
        let json = try JSONParser.parse("""
        { "testCases": [
          { "name": "bad", "instructions": [ { "type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": { "processDefinitionId": "order" }, "colour": 1 } ] },
          { "name": "unknown", "instructions": [ { "type": "DANCE" } ] },
          { "name": "good", "instructions": [ \(create) ] } ] }
        """)
        let file = CamundaTestCaseReader.decode(json, file: "cases.json")
        #expect(file.cases[0].problem?.pointer == "/testCases/0/instructions/0/colour")
        #expect(file.cases[1].problem?.pointer == "/testCases/1/instructions/0/type")
        #expect(file.cases[1].problem?.message.hasPrefix("\"DANCE\" is no instruction type") == true)
        let runner = CamundaTestCaseRunner(project: try Self.harness.get().project)
        #expect(!runner.run(file.cases[0], file: file.file).passed)
        #expect(runner.run(file.cases[2], file: file.file).passed)
    }

    @Test func aSelectorWithNoFieldIsRefused() throws {
        let json = try JSONParser.parse(#"{ "testCases": [ { "name": "c", "instructions": [ { "type": "COMPLETE_USER_TASK", "userTaskSelector": {} } ] } ] }"#)
        let file = CamundaTestCaseReader.decode(json, file: "cases.json")
        #expect(file.cases[0].problem?.message == "a selector needs at least one of elementId, taskName, processDefinitionId")
    }
}
