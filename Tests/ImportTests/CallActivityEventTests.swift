import Definitions
import FlowStageRuntime
import Testing

/// Timer and message boundary events on a call activity happen while the called process runs:
/// every page of that process offers them; an interrupting one ends the call and takes its
/// path, a non-interrupting one runs beside the call.
struct CallActivityEventTests {
    private let parent = bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:callActivity id="c" name="Check"><bpmn:extensionElements><zeebe:calledElement processId="child"/></bpmn:extensionElements></bpmn:callActivity>
    <bpmn:boundaryEvent id="late" attachedToRef="c"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="nudge" attachedToRef="c" cancelActivity="false"><bpmn:messageEventDefinition/></bpmn:boundaryEvent>
    <bpmn:userTask id="note" name="Note the nudge"/>
    <bpmn:endEvent id="done"/><bpmn:endEvent id="tooLate" name="Too late"/><bpmn:endEvent id="noted"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="c"/><bpmn:sequenceFlow id="f1" sourceRef="c" targetRef="done"/>
    <bpmn:sequenceFlow id="f2" sourceRef="late" targetRef="tooLate"/>
    <bpmn:sequenceFlow id="f3" sourceRef="nudge" targetRef="note"/><bpmn:sequenceFlow id="f4" sourceRef="note" targetRef="noted"/>
    """)

    private let child = bpmn("""
    <bpmn:startEvent id="cs"/><bpmn:userTask id="work" name="Work"/><bpmn:endEvent id="ce"/>
    <bpmn:sequenceFlow id="g0" sourceRef="cs" targetRef="work"/><bpmn:sequenceFlow id="g1" sourceRef="work" targetRef="ce"/>
    """, id: "child", name: "Child")

    private func started() throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": #"{ "name": "Calls", "languages": ["en"] }"#, "p.bpmn": parent, "c.bpmn": child])
        return (harness, try harness.start("claim"))
    }

    @Test func theCalledProcessesPagesOfferTheCallsEvents() throws {
        let (harness, instance) = try started()
        let buttons = harness.page(try #require(harness.screen(instance))).all("button").map(\.text)
        #expect(buttons == ["Complete", "Simulate: timer (PT1H)", "Simulate: message (the task stays open)"], "\(buttons)")
    }

    @Test func anInterruptingOneEndsTheCallAndTakesItsPath() throws {
        let (harness, instance) = try started()
        let ended = try #require(try harness.post(instance, "call-c-event-1").applied)
        #expect(ended.status == .completed && ended.endNode == "tooLate" && ended.calls.isEmpty)
    }

    @Test func aNonInterruptingOneRunsBesideTheCall() throws {
        let (harness, instance) = try started()
        let nudged = try #require(try harness.post(instance, "call-c-event-2").applied)
        #expect(nudged.current == "note")
        let back = try #require(try harness.post(nudged, "complete").applied)
        #expect(back.current == instance.current && back.status == .running)
        #expect(try harness.post(back, "complete").applied?.endNode == "done")
    }
}
