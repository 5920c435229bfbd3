import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// Branches that run side by side, and how they end: inclusive gateways, non-interrupting
/// boundary events, terminate ends, errors caught by boundary events, subprocesses that
/// complete with their last token. Each test is one rule of docs/reference/bpmn.md.
struct BPMNBranchTests {
    private let project = #"{ "name": "Models", "languages": ["en"] }"#

    private func flows(_ pairs: [(String, String)], condition: [String: String] = [:]) -> String {
        pairs.enumerated().map { index, pair in
            let id = "f\(index)"
            guard let text = condition[id] else { return #"<bpmn:sequenceFlow id="\#(id)" sourceRef="\#(pair.0)" targetRef="\#(pair.1)"/>"# }
            return #"<bpmn:sequenceFlow id="\#(id)" sourceRef="\#(pair.0)" targetRef="\#(pair.1)"><bpmn:conditionExpression>\#(text)</bpmn:conditionExpression></bpmn:sequenceFlow>"#
        }.joined(separator: "\n")
    }

    /// s → split → a, b, c (by condition) → join → after → e
    private func inclusive(a: String, b: String, c: String) -> String {
        bpmn("""
        <bpmn:startEvent id="s"/><bpmn:inclusiveGateway id="split"/><bpmn:inclusiveGateway id="join"/>
        <bpmn:userTask id="a"/><bpmn:userTask id="b"/><bpmn:userTask id="c"/><bpmn:userTask id="after"/><bpmn:endEvent id="e"/>
        \(flows([("s", "split"), ("split", "a"), ("split", "b"), ("split", "c"), ("a", "join"), ("b", "join"), ("c", "join"),
                 ("join", "after"), ("after", "e")], condition: ["f1": a, "f2": b, "f3": c]))
        """)
    }

    @Test func anInclusiveGatewayTakesEveryPathWhoseConditionHoldsAndJoinsThem() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": inclusive(a: "=1 &lt; 2", b: "=2 &gt; 5", c: "=true")])
        var instance = try harness.start("claim")
        #expect(instance.waiting == ["a", "c"])
        instance = try #require(try harness.post(instance, "complete", task: "a").applied)
        #expect(instance.waiting == ["c"], "the join waits for c")
        instance = try #require(try harness.post(instance, "complete", task: "c").applied)
        #expect(instance.waiting == ["after"] && instance.tokens.count == 1)
    }

    @Test func anInclusiveGatewayWhoseConditionsCannotBeComputedOffersEachPathAndAllOfThem() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": inclusive(a: "=some.unknownFunction()", b: "=true", c: "=false")])
        var instance = try harness.start("claim")
        #expect(instance.current == "split")
        let labels = harness.page(try #require(harness.screen(instance))).all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels == ["a", "b", "c", "All of these paths"])
        instance = try #require(try harness.post(instance, "path-4").applied)
        #expect(instance.waiting == ["a", "b", "c"])
    }

    @Test func conditionalFlowsLeavingAnActivityTakeEveryFlowWhoseConditionHolds() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/><bpmn:endEvent id="e"/>
        \(flows([("s", "t"), ("t", "a"), ("t", "b"), ("a", "e"), ("b", "e")], condition: ["f1": "=true", "f2": "=1 = 1"]))
        """)])
        let instance = try #require(try harness.post(try harness.start("claim"), "complete").applied)
        #expect(instance.waiting == ["a", "b"])
    }

    @Test func aNonInterruptingBoundaryEventStartsABranchAndTheTaskStaysOpen() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t" name="Check"/><bpmn:endEvent id="e"/>
        <bpmn:boundaryEvent id="remind" attachedToRef="t" cancelActivity="false"><bpmn:timerEventDefinition><bpmn:timeDuration>P2D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
        <bpmn:userTask id="chase" name="Chase the reviewer"/><bpmn:endEvent id="chased"/>
        \(flows([("s", "t"), ("t", "e"), ("remind", "chase"), ("chase", "chased")]))
        """)])
        var instance = try harness.start("claim")
        let labels = harness.page(try #require(harness.screen(instance))).all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels.contains("Simulate: timer (P2D) (the task stays open)"))
        instance = try #require(try harness.post(instance, "event-1").applied)
        #expect(instance.waiting == ["chase", "t"], "the event's branch is shown first; the task still waits")
        instance = try #require(try harness.post(instance, "complete").applied)
        #expect(instance.waiting == ["t"] && instance.status == .running)
    }

    @Test func aTerminateEndEventStopsEveryOtherBranch() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/>
        <bpmn:endEvent id="stop"><bpmn:terminateEventDefinition/></bpmn:endEvent><bpmn:endEvent id="e"/>
        \(flows([("s", "fork"), ("fork", "a"), ("fork", "b"), ("a", "stop"), ("b", "e")]))
        """)])
        let instance = try #require(try harness.post(try harness.start("claim"), "complete", task: "a").applied)
        #expect(instance.status == .completed && instance.endNode == "stop" && instance.tokens.isEmpty)
    }

    @Test func anErrorEndInsideASubprocessIsCaughtByTheSubprocesssErrorBoundaryEvent() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:error id="err" name="Not insured" errorCode="NOT_INSURED"/>
        <bpmn:startEvent id="s"/>
        <bpmn:subProcess id="sub"><bpmn:startEvent id="is"/><bpmn:userTask id="inner"/>
          <bpmn:endEvent id="fail"><bpmn:errorEventDefinition errorRef="err"/></bpmn:endEvent>
          <bpmn:sequenceFlow id="i1" sourceRef="is" targetRef="inner"/><bpmn:sequenceFlow id="i2" sourceRef="inner" targetRef="fail"/></bpmn:subProcess>
        <bpmn:boundaryEvent id="caught" attachedToRef="sub"><bpmn:errorEventDefinition errorRef="err"/></bpmn:boundaryEvent>
        <bpmn:userTask id="handle" name="Tell the customer"/><bpmn:endEvent id="e"/><bpmn:endEvent id="e2"/>
        \(flows([("s", "sub"), ("sub", "e"), ("caught", "handle"), ("handle", "e2")]))
        """)])
        let instance = try #require(try harness.post(try harness.start("claim"), "complete").applied)
        #expect(instance.status == .running && instance.current == "handle")
    }

    @Test func aSubprocessWithBranchesInsideGoesOnOnceWhenAllHaveEnded() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:subProcess id="sub"><bpmn:startEvent id="is"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="a"/><bpmn:userTask id="b"/>
          <bpmn:endEvent id="ie"/>
          <bpmn:sequenceFlow id="i1" sourceRef="is" targetRef="fork"/><bpmn:sequenceFlow id="i2" sourceRef="fork" targetRef="a"/>
          <bpmn:sequenceFlow id="i3" sourceRef="fork" targetRef="b"/><bpmn:sequenceFlow id="i4" sourceRef="a" targetRef="ie"/>
          <bpmn:sequenceFlow id="i5" sourceRef="b" targetRef="ie"/></bpmn:subProcess>
        <bpmn:userTask id="after"/><bpmn:endEvent id="e"/>
        \(flows([("s", "sub"), ("sub", "after"), ("after", "e")]))
        """)])
        var instance = try harness.start("claim")
        instance = try #require(try harness.post(instance, "complete", task: "a").applied)
        #expect(instance.waiting == ["b"])
        instance = try #require(try harness.post(instance, "complete", task: "b").applied)
        #expect(instance.waiting == ["after"] && instance.tokens.count == 1)
    }

    @Test func theBoundaryEventsOfASubprocessAreOfferedOnTheUserTasksInsideIt() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:subProcess id="sub"><bpmn:startEvent id="is"/><bpmn:userTask id="inner"/><bpmn:endEvent id="ie"/>
          <bpmn:sequenceFlow id="i1" sourceRef="is" targetRef="inner"/><bpmn:sequenceFlow id="i2" sourceRef="inner" targetRef="ie"/></bpmn:subProcess>
        <bpmn:boundaryEvent id="cancelled" attachedToRef="sub"><bpmn:messageEventDefinition/></bpmn:boundaryEvent>
        <bpmn:endEvent id="e"/><bpmn:endEvent id="withdrawn"/>
        \(flows([("s", "sub"), ("sub", "e"), ("cancelled", "withdrawn")]))
        """)])
        let instance = try harness.start("claim")
        let labels = harness.page(try #require(harness.screen(instance))).all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels.contains("Simulate: message"))
        #expect(try #require(try harness.post(instance, "event-1").applied).endNode == "withdrawn")
    }

    @Test func anErrorBoundaryEventOnAServiceTaskCatchesItsHandlersFailure() throws {
        let handlers: [String: ServiceHandler] = ["charge": { _ in throw ServiceFailure("The card was declined") }]
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/><bpmn:serviceTask id="pay"><bpmn:extensionElements><zeebe:taskDefinition type="charge"/></bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:boundaryEvent id="declined" attachedToRef="pay"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
        <bpmn:userTask id="retry"/><bpmn:endEvent id="e"/><bpmn:endEvent id="e2"/>
        \(flows([("s", "pay"), ("pay", "e"), ("declined", "retry"), ("retry", "e2")]))
        """)], handlers: handlers)
        #expect(try harness.start("claim").current == "retry")
    }

    @Test func anErrorBoundaryEventOnACallActivityCatchesTheCalledProcesssErrorEnd() throws {
        let caller = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:callActivity id="call" calledElement="child"/>
        <bpmn:boundaryEvent id="failed" attachedToRef="call"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
        <bpmn:userTask id="handle"/><bpmn:endEvent id="e"/><bpmn:endEvent id="e2"/>
        \(flows([("s", "call"), ("call", "e"), ("failed", "handle"), ("handle", "e2")]))
        """)
        let child = bpmn("""
        <bpmn:startEvent id="cs"/><bpmn:endEvent id="ce"><bpmn:errorEventDefinition/></bpmn:endEvent>
        <bpmn:sequenceFlow id="c1" sourceRef="cs" targetRef="ce"/>
        """, id: "child", name: "Child")
        let harness = try ModelHarness(["project.json": project, "m.bpmn": caller, "child.bpmn": child])
        #expect(try harness.start("claim").current == "handle")
    }
}
