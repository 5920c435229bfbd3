import Definitions
import FlowStageRuntime
import Testing

/// Event subprocesses: each page of a task in their scope offers "Simulate: …" for their start
/// events; an interrupting one leaves the task (and, at process level, every other branch), a
/// non-interrupting one runs beside it; error ends and failing jobs are caught by error ones.
struct EventSubprocessTests {
    private static let events = """
    <bpmn:message id="m" name="Customer cancels"/>
    <bpmn:error id="err" name="Payment refused" errorCode="REFUSED"/>
    """

    /// `model` with the message and error its events name, where modelers put them.
    private static func withDefinitions(_ model: String) -> String {
        model.replacingOccurrences(of: #"id="d">"#, with: #"id="d">"# + events)
    }

    private let model = Self.withDefinitions(bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:parallelGateway id="fork"/>
    <bpmn:userTask id="review" name="Review"/>
    <bpmn:userTask id="check" name="Check"/>
    <bpmn:parallelGateway id="join"/>
    <bpmn:endEvent id="e"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="fork"/>
    <bpmn:sequenceFlow id="f1" sourceRef="fork" targetRef="review"/><bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="check"/>
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="join"/><bpmn:sequenceFlow id="f4" sourceRef="check" targetRef="join"/>
    <bpmn:sequenceFlow id="f5" sourceRef="join" targetRef="e"/>
    <bpmn:subProcess id="cancelling" name="Cancellation" triggeredByEvent="true">
      <bpmn:startEvent id="cancelled"><bpmn:messageEventDefinition messageRef="m"/></bpmn:startEvent>
      <bpmn:userTask id="confirm" name="Confirm the cancellation"/>
      <bpmn:endEvent id="cancelEnd"/>
      <bpmn:sequenceFlow id="c1" sourceRef="cancelled" targetRef="confirm"/><bpmn:sequenceFlow id="c2" sourceRef="confirm" targetRef="cancelEnd"/>
    </bpmn:subProcess>
    <bpmn:subProcess id="reminding" name="Reminder" triggeredByEvent="true">
      <bpmn:startEvent id="late" isInterrupting="false"><bpmn:timerEventDefinition><bpmn:timeDuration>P2D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:startEvent>
      <bpmn:userTask id="remind" name="Remind the customer"/>
      <bpmn:endEvent id="remindEnd"/>
      <bpmn:sequenceFlow id="r1" sourceRef="late" targetRef="remind"/><bpmn:sequenceFlow id="r2" sourceRef="remind" targetRef="remindEnd"/>
    </bpmn:subProcess>
    """))

    private func started(_ model: String) throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": #"{ "name": "Events", "languages": ["en"] }"#, "m.bpmn": model])
        return (harness, try harness.start("claim"))
    }

    private func labels(_ harness: ModelHarness, _ instance: Instance) throws -> [String] {
        harness.page(try #require(harness.screen(instance))).all("button").map(\.text)
    }

    @Test func eachTaskInTheScopeOffersTheStartEvents() throws {
        let (harness, instance) = try started(model)
        let buttons = try labels(harness, instance)
        #expect(buttons == [
            "Complete",
            "Simulate: message “Customer cancels” (event subprocess “Cancellation”)",
            "Simulate: timer (P2D) (event subprocess “Reminder”; the task stays open)",
        ], "\(buttons)")
    }

    @Test func anInterruptingOneEndsEveryOtherBranchOfTheProcess() throws {
        let (harness, instance) = try started(model)
        #expect(instance.tokens.count == 2)
        let cancelled = try #require(try harness.post(instance, "event-1").applied)
        #expect(cancelled.current == "confirm" && cancelled.tokens.count == 1)
        let ended = try #require(try harness.post(cancelled, "complete").applied)
        #expect(ended.status == .completed && ended.endNode == "cancelling__end")
    }

    @Test func aNonInterruptingOneRunsBesideTheTask() throws {
        let (harness, instance) = try started(model)
        let reminding = try #require(try harness.post(instance, "event-2").applied)
        #expect(reminding.current == "remind" && reminding.tokens.count == 3)
        let reminded = try #require(try harness.post(reminding, "complete").applied)
        #expect(reminded.status == .running && reminded.tokens.count == 2 && reminded.current == instance.current)
    }

    @Test func inAnEmbeddedSubprocessAnInterruptingOneLeavesTheSubprocess() throws {
        let (harness, instance) = try started(bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:subProcess id="handling" name="Handling">
          <bpmn:startEvent id="hs"/><bpmn:userTask id="work" name="Work"/><bpmn:endEvent id="he"/>
          <bpmn:sequenceFlow id="h1" sourceRef="hs" targetRef="work"/><bpmn:sequenceFlow id="h2" sourceRef="work" targetRef="he"/>
          <bpmn:subProcess id="stop" triggeredByEvent="true">
            <bpmn:startEvent id="stopped"><bpmn:signalEventDefinition/></bpmn:startEvent>
            <bpmn:endEvent id="stopEnd"/><bpmn:sequenceFlow id="x1" sourceRef="stopped" targetRef="stopEnd"/>
          </bpmn:subProcess>
        </bpmn:subProcess>
        <bpmn:userTask id="after" name="After"/>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="handling"/><bpmn:sequenceFlow id="f1" sourceRef="handling" targetRef="after"/>
        <bpmn:sequenceFlow id="f2" sourceRef="after" targetRef="e"/>
        """))
        #expect(try labels(harness, instance).contains("Simulate: signal (event subprocess)"))
        #expect(try harness.post(instance, "event-1").applied?.current == "after")
    }

    @Test func anErrorEndEventIsCaughtByAnErrorEventSubprocess() throws {
        let (harness, instance) = try started(Self.withDefinitions(bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="pay" name="Pay"/>
        <bpmn:endEvent id="fails"><bpmn:errorEventDefinition errorRef="err"/></bpmn:endEvent>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="pay"/><bpmn:sequenceFlow id="f1" sourceRef="pay" targetRef="fails"/>
        <bpmn:subProcess id="recover" triggeredByEvent="true">
          <bpmn:startEvent id="refused"><bpmn:errorEventDefinition errorRef="err"/></bpmn:startEvent>
          <bpmn:userTask id="apologise" name="Apologise"/><bpmn:endEvent id="re"/>
          <bpmn:sequenceFlow id="r1" sourceRef="refused" targetRef="apologise"/><bpmn:sequenceFlow id="r2" sourceRef="apologise" targetRef="re"/>
        </bpmn:subProcess>
        """)))
        #expect(try harness.post(instance, "complete").applied?.current == "apologise")
    }

    @Test func aStandInThrowsToAnErrorEventSubprocess() throws {
        let (harness, instance) = try started(Self.withDefinitions(bpmn("""
        <bpmn:startEvent id="s"/><bpmn:serviceTask id="charge" name="Charge the card"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="charge"/><bpmn:sequenceFlow id="f1" sourceRef="charge" targetRef="e"/>
        <bpmn:subProcess id="recover" name="Recovery" triggeredByEvent="true">
          <bpmn:startEvent id="refused"><bpmn:errorEventDefinition errorRef="err"/></bpmn:startEvent>
          <bpmn:userTask id="apologise" name="Apologise"/><bpmn:endEvent id="re"/>
          <bpmn:sequenceFlow id="r1" sourceRef="refused" targetRef="apologise"/><bpmn:sequenceFlow id="r2" sourceRef="apologise" targetRef="re"/>
        </bpmn:subProcess>
        """)))
        let buttons = try labels(harness, instance)
        #expect(buttons.contains("Throw error: Payment refused (event subprocess “Recovery”)"), "\(buttons)")
        let recovering = try #require(try harness.post(instance, "event-1").applied)
        #expect(recovering.current == "apologise")
        #expect(try harness.post(recovering, "complete").applied?.endNode == "recover__end")
    }
}
