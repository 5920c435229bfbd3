import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// A model's data moves as in the engine (decision 0037): input mappings are the task's own,
/// output mappings (else what it wrote) reach the process, call activities pass what they are
/// told, and stand-ins answer with a handler, a mock or the Modeler's example data.
struct MappingTests {
    private let project = #"{ "name": "Mappings", "languages": ["en"] }"#

    /// `s → task → g → high | low` where the gateway reads `gate` (`=gate`).
    private func gated(_ task: String, gate: String = "approved") -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>\(task)
        <bpmn:exclusiveGateway id="g" default="no"/><bpmn:endEvent id="high"/><bpmn:endEvent id="low"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="g"/>
        <bpmn:sequenceFlow id="yes" sourceRef="g" targetRef="high"><bpmn:conditionExpression>=\(gate)</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="no" sourceRef="g" targetRef="low"/>
        """)
    }

    private func harness(_ model: String, files: [String: String] = [:], handlers: [String: ServiceHandler] = [:]) throws -> ModelHarness {
        try ModelHarness(["project.json": project, "m.bpmn": model].merging(files) { $1 }, handlers: handlers)
    }

    @Test func anInputMappingIsSeenByTheTaskAndDoesNotLeaveIt() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t" name="Check"><bpmn:extensionElements><zeebe:ioMapping>
          <zeebe:input source="=amount * 2" target="doubled"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let harness = try harness(model)
        let instance = try harness.engine.start(process: "claim", session: "s", seed: ["amount": 21])
        #expect(harness.screen(instance)?.data["doubled"] == 42)
        let done = try #require(try harness.post(instance, "complete").applied)
        #expect(done.status == .completed)
        #expect(done.data["doubled"] == nil && done.data["amount"] == 21)
    }

    @Test func anInputMappingsDottedTargetMakesNestedContexts() throws {
        let model = gated("""
        <bpmn:userTask id="t"><bpmn:extensionElements><zeebe:ioMapping>
          <zeebe:input source="Ada" target="applicant.name.first"/><zeebe:input source="=applicant.name.first + &quot; L.&quot;" target="shown"/>
        </zeebe:ioMapping></bpmn:extensionElements></bpmn:userTask>
        """)
        let instance = try harness(model).start("claim")
        let data = try #require(try harness(model).screen(instance)?.data)
        #expect(data["applicant"]?["name"]?["first"] == "Ada")
        #expect(data["shown"] == "Ada L.", "a later input sees the ones before it")
    }

    @Test func outputMappingsAreTheOnlyVariablesAJobSets() throws {
        let model = gated("""
        <bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="score"/>
          <zeebe:ioMapping><zeebe:output source="=score &gt; 5" target="approved"/></zeebe:ioMapping>
          <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&quot;score&quot;: 7}"/></zeebe:properties>
        </bpmn:extensionElements></bpmn:serviceTask>
        """)
        let instance = try harness(model).start("claim")
        #expect(instance.endNode == "high")
        #expect(instance.data["approved"] == true && instance.data["score"] == nil)
    }

    @Test func withoutOutputMappingsAJobsVariablesReachTheProcess() throws {
        let model = gated("""
        <bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="score"/>
          <zeebe:properties><zeebe:property name="camundaModeler:exampleOutputJson" value="{&quot;approved&quot;: true, &quot;score&quot;: 7}"/></zeebe:properties>
        </bpmn:extensionElements></bpmn:serviceTask>
        """)
        let instance = try harness(model).start("claim")
        #expect(instance.endNode == "high")
        #expect(instance.data["score"] == 7)
    }

    @Test func aFormsOutputMappingFeedsTheGateway() throws {
        let model = gated("""
        <bpmn:userTask id="t"><bpmn:extensionElements><zeebe:ioMapping><zeebe:output source="=decision = &quot;yes&quot;" target="approved"/></zeebe:ioMapping>
          <zeebe:formDefinition formId="f"/></bpmn:extensionElements></bpmn:userTask>
        """)
        let form = #"{ "id": "f", "type": "default", "components": [ { "type": "textfield", "key": "decision", "label": "Decision" } ] }"#
        let harness = try harness(model, files: ["forms/f.form": form])
        let done = try #require(try harness.post(try harness.start("claim"), "complete", [("decision", "yes")]).applied)
        #expect(done.endNode == "high")
        #expect(done.data["approved"] == true && done.data["decision"] == nil, "\(done.data)")
    }

    @Test func aScriptsResultVariableIsLocalWhenOutputsAreMapped() throws {
        let model = gated("""
        <bpmn:scriptTask id="t"><bpmn:extensionElements><zeebe:script expression="=amount &gt; 100" resultVariable="big"/>
          <zeebe:ioMapping><zeebe:output source="=big" target="approved"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:scriptTask>
        """)
        let harness = try harness(model)
        let instance = try harness.engine.start(process: "claim", session: "s", seed: ["amount": 150])
        #expect(instance.endNode == "high")
        #expect(instance.data["approved"] == true && instance.data["big"] == nil)
    }

    @Test func aConnectorsResultExpressionMakesVariablesOfItsResponse() throws {
        let model = gated("""
        <bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="io.camunda:http-json:1"/>
          <zeebe:taskHeaders><zeebe:header key="resultVariable" value="raw"/>
            <zeebe:header key="resultExpression" value="={approved: response.body.score &gt; 5}"/></zeebe:taskHeaders>
        </bpmn:extensionElements></bpmn:serviceTask>
        """)
        let handlers: [String: ServiceHandler] = ["io.camunda:http-json:1": { _ in ["status": 200, "body": ["score": 9]] }]
        let instance = try harness(model, handlers: handlers).start("claim")
        #expect(instance.endNode == "high")
        #expect(instance.data["raw"]?["status"] == 200 && instance.data["approved"] == true)
    }

    @Test func aMockFileAnswersForItsJobType() throws {
        let model = gated(#"<bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="score"/></bpmn:extensionElements></bpmn:serviceTask>"#)
        let instance = try harness(model, files: ["mocks/score.json": #"{ "variables": { "approved": true } }"#]).start("claim")
        #expect(instance.endNode == "high")
    }

    @Test func aMocksResponseGoesThroughTheConnectorsResultExpression() throws {
        let model = gated("""
        <bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="io.camunda:http-json:1"/>
          <zeebe:taskHeaders><zeebe:header key="resultExpression" value="={approved: response.body.ok}"/></zeebe:taskHeaders>
        </bpmn:extensionElements></bpmn:serviceTask>
        """)
        let instance = try harness(model, files: ["mocks/t.json": #"{ "response": { "body": { "ok": true } } }"#]).start("claim")
        #expect(instance.endNode == "high", "a mock may be named after the element id")
    }

    @Test func aMocksErrorIsCaughtByTheErrorBoundaryEvent() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="pay"/></bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:boundaryEvent id="b" attachedToRef="t"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
        <bpmn:endEvent id="paid"/><bpmn:endEvent id="refused"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="paid"/>
        <bpmn:sequenceFlow id="f2" sourceRef="b" targetRef="refused"/>
        """)
        let instance = try harness(model, files: ["mocks/pay.json": #"{ "error": { "code": "CARD_DECLINED" } }"#]).start("claim")
        #expect(instance.endNode == "refused")
    }

    @Test func aMocksErrorIsCaughtByTheBoundaryEventForItsCode() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="pay"/></bpmn:extensionElements></bpmn:serviceTask>
        <bpmn:boundaryEvent id="fraud" attachedToRef="t"><bpmn:errorEventDefinition errorRef="e1"/></bpmn:boundaryEvent>
        <bpmn:boundaryEvent id="declined" attachedToRef="t"><bpmn:errorEventDefinition errorRef="e2"/></bpmn:boundaryEvent>
        <bpmn:endEvent id="paid"/><bpmn:endEvent id="blocked"/><bpmn:endEvent id="refused"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="paid"/>
        <bpmn:sequenceFlow id="f2" sourceRef="fraud" targetRef="blocked"/><bpmn:sequenceFlow id="f3" sourceRef="declined" targetRef="refused"/>
        """).replacingOccurrences(of: #"id="d">"#, with: #"id="d"><bpmn:error id="e1" errorCode="FRAUD"/><bpmn:error id="e2" errorCode="CARD_DECLINED"/>"#)
        let declined = try harness(model, files: ["mocks/pay.json": #"{ "error": { "code": "CARD_DECLINED" } }"#]).start("claim")
        #expect(declined.endNode == "refused")
        let unknown = try harness(model, files: ["mocks/pay.json": #"{ "error": { "code": "TIMEOUT" } }"#]).start("claim")
        #expect(unknown.status == .failed, "no boundary event catches the code TIMEOUT")
    }

    @Test func aMockThatSaysNothingIsRefusedAtLoad() throws {
        let errors = try ModelHarness.errors(["project.json": project, "mocks/pay.json": #"{ "variables": {}, "error": { "code": "X" } }"#])
        #expect(errors.contains { $0.file == "mocks/pay.json" && $0.message.contains("answers one way") }, "\(errors)")
    }

    @Test func aCallActivityWithoutChildPropagationKeepsTheChildsVariables() throws {
        let parent = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:callActivity id="c"><bpmn:extensionElements>
          <zeebe:calledElement processId="child" propagateAllChildVariables="false"/></bpmn:extensionElements></bpmn:callActivity>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="c"/><bpmn:sequenceFlow id="f1" sourceRef="c" targetRef="e"/>
        """)
        let child = bpmn("""
        <bpmn:startEvent id="cs"/><bpmn:scriptTask id="cx"><bpmn:extensionElements><zeebe:script expression="=seen + 1" resultVariable="inner"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:endEvent id="ce"/><bpmn:sequenceFlow id="g0" sourceRef="cs" targetRef="cx"/><bpmn:sequenceFlow id="g1" sourceRef="cx" targetRef="ce"/>
        """, id: "child", name: "Child")
        let harness = try ModelHarness(["project.json": project, "p.bpmn": parent, "c.bpmn": child])
        let instance = try harness.engine.start(process: "claim", session: "s", seed: ["seen": 1])
        #expect(instance.status == .completed && instance.data["inner"] == nil)
    }

    @Test func anEventsOutputMappingsSetTheirVariablesAsItCompletes() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"><bpmn:extensionElements><zeebe:ioMapping><zeebe:output source="=1" target="round"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:startEvent>
        <bpmn:intermediateThrowEvent id="bump"><bpmn:extensionElements><zeebe:ioMapping>
          <zeebe:output source="=round + 1" target="round"/><zeebe:output source="=&quot;bumped&quot;" target="status.text"/>
        </zeebe:ioMapping></bpmn:extensionElements></bpmn:intermediateThrowEvent>
        <bpmn:endEvent id="e"><bpmn:extensionElements><zeebe:ioMapping><zeebe:output source="=round * 10" target="score"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:endEvent>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="bump"/><bpmn:sequenceFlow id="f1" sourceRef="bump" targetRef="e"/>
        """)
        let instance = try harness(model).start("claim")
        #expect(instance.status == .completed && instance.endNode == "e")
        #expect(instance.data["round"] == 2 && instance.data["status"]?["text"] == "bumped" && instance.data["score"] == 20, "\(instance.data)")
    }

    @Test func aCallActivitysOutputMappingsAloneComeBack() throws {
        let parent = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:callActivity id="c"><bpmn:extensionElements><zeebe:calledElement processId="child"/>
          <zeebe:ioMapping><zeebe:input source="=seen * 10" target="start"/><zeebe:output source="=inner" target="result"/></zeebe:ioMapping>
        </bpmn:extensionElements></bpmn:callActivity>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="c"/><bpmn:sequenceFlow id="f1" sourceRef="c" targetRef="e"/>
        """)
        let child = bpmn("""
        <bpmn:startEvent id="cs"/><bpmn:scriptTask id="cx"><bpmn:extensionElements><zeebe:script expression="=start + 1" resultVariable="inner"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:endEvent id="ce"/><bpmn:sequenceFlow id="g0" sourceRef="cs" targetRef="cx"/><bpmn:sequenceFlow id="g1" sourceRef="cx" targetRef="ce"/>
        """, id: "child", name: "Child")
        let harness = try ModelHarness(["project.json": project, "p.bpmn": parent, "c.bpmn": child])
        let instance = try harness.engine.start(process: "claim", session: "s", seed: ["seen": 1])
        #expect(instance.data["result"] == 11 && instance.data["inner"] == nil, "\(instance.data)")
    }

    @Test func aCamunda7CallActivityWithoutInOrOutPassesNoVariables() throws {
        func seen(_ passing: String) throws -> JSONValue? {
            let parent = bpmn("""
            <bpmn:startEvent id="s"/><bpmn:callActivity id="c" calledElement="child" camunda:calledElementBinding="latest">\(passing)</bpmn:callActivity>
            <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="c"/><bpmn:sequenceFlow id="f1" sourceRef="c" targetRef="e"/>
            """)
            let child = bpmn("""
            <bpmn:startEvent id="cs"/><bpmn:userTask id="look" camunda:assignee="demo"/><bpmn:endEvent id="ce"/>
            <bpmn:sequenceFlow id="g0" sourceRef="cs" targetRef="look"/><bpmn:sequenceFlow id="g1" sourceRef="look" targetRef="ce"/>
            """, id: "child", name: "Child")
            let harness = try ModelHarness(["project.json": project, "p.bpmn": parent, "c.bpmn": child])
            let instance = try harness.engine.start(process: "claim", session: "s", seed: ["seen": 1])
            return try #require(harness.screen(instance)).data["seen"]
        }
        #expect(try seen("") == nil)
        #expect(try seen(#"<bpmn:extensionElements><camunda:in variables="all"/></bpmn:extensionElements>"#) == 1)
    }

    @Test func camunda7InputParametersAreTextListsMapsAndJUEL() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"><bpmn:extensionElements><camunda:inputOutput>
          <camunda:inputParameter name="label">Claim</camunda:inputParameter>
          <camunda:inputParameter name="twice">${amount * 2}</camunda:inputParameter>
          <camunda:inputParameter name="colours"><camunda:list><camunda:value>red</camunda:value><camunda:value>blue</camunda:value></camunda:list></camunda:inputParameter>
          <camunda:inputParameter name="limits"><camunda:map><camunda:entry key="low">1</camunda:entry></camunda:map></camunda:inputParameter>
          <camunda:outputParameter name="result">${twice}</camunda:outputParameter>
        </camunda:inputOutput></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let harness = try harness(model)
        let instance = try harness.engine.start(process: "claim", session: "s", seed: ["amount": 4])
        let data = try #require(harness.screen(instance)?.data)
        #expect(data["label"] == "Claim" && data["twice"] == 8 && data["colours"] == ["red", "blue"] && data["limits"]?["low"] == "1")
        let done = try #require(try harness.post(instance, "complete").applied)
        #expect(done.data["result"] == 8 && done.data["twice"] == nil, "\(done.data)")
    }

    @Test func aCamunda7ScriptParameterIsAWarningNamingItsTarget() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"><bpmn:extensionElements><camunda:inputOutput>
          <camunda:inputParameter name="x"><camunda:script scriptFormat="groovy">1 + 1</camunda:script></camunda:inputParameter>
        </camunda:inputOutput></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let warnings = try harness(model).project.warnings
        #expect(warnings.contains { $0.message.contains("“x”") && $0.message.contains("not run") && $0.line != nil }, "\(warnings.map(\.message))")
    }

    @Test func aMultiInstanceTaskGathersItsOutputCollection() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"><bpmn:multiInstanceLoopCharacteristics isSequential="true"><bpmn:extensionElements>
          <zeebe:loopCharacteristics inputCollection="=[1, 2]" inputElement="n" outputCollection="doubles" outputElement="=n * 2"/>
        </bpmn:extensionElements></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let harness = try harness(model)
        var instance = try harness.start("claim")
        for _ in 0..<2 { instance = try #require(try harness.post(instance, "complete").applied) }
        #expect(instance.status == .completed && instance.data["doubles"] == [2, 4], "\(instance.data)")
    }

    @Test func goingBackToATaskEvaluatesItsInputsAgain() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:userTask id="a"><bpmn:extensionElements><zeebe:ioMapping><zeebe:input source="=count + 1" target="shown"/></zeebe:ioMapping>
          <zeebe:formDefinition formId="f"/></bpmn:extensionElements></bpmn:userTask>
        <bpmn:userTask id="b"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="a"/><bpmn:sequenceFlow id="f1" sourceRef="a" targetRef="b"/><bpmn:sequenceFlow id="f2" sourceRef="b" targetRef="e"/>
        """)
        let form = #"{ "id": "f", "type": "default", "components": [ { "type": "number", "key": "count", "label": "Count" } ] }"#
        let harness = try harness(model, files: ["forms/f.form": form])
        let first = try harness.engine.start(process: "claim", session: "s", seed: ["count": 1])
        #expect(harness.screen(first)?.data["shown"] == 2)
        let second = try #require(try harness.post(first, "complete", [("count", "5")]).applied)
        let back = try #require(try harness.engine.back(second.id, session: "s").applied)
        #expect(harness.screen(back)?.data["shown"] == 6)
    }

    @Test func anInterruptedTaskSetsNoResults() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"><bpmn:extensionElements><zeebe:ioMapping>
          <zeebe:output source="=&quot;done&quot;" target="state"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:userTask>
        <bpmn:boundaryEvent id="late" attachedToRef="t"><bpmn:timerEventDefinition><bpmn:timeDuration>P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
        <bpmn:endEvent id="e"/><bpmn:endEvent id="timedOut"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        <bpmn:sequenceFlow id="f2" sourceRef="late" targetRef="timedOut"/>
        """)
        let harness = try harness(model)
        let interrupted = try #require(try harness.post(try harness.start("claim"), "event-1").applied)
        #expect(interrupted.endNode == "timedOut" && interrupted.data["state"] == nil, "\(interrupted.data)")
        let completed = try #require(try harness.post(try harness.start("claim"), "complete").applied)
        #expect(completed.data["state"] == "done")
    }

    @Test func aListOfMappingsAppliesInItsOrder() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t"><bpmn:extensionElements><zeebe:ioMapping>
          <zeebe:input source="=2" target="z"/><zeebe:input source="=z * 10" target="a"/></zeebe:ioMapping></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/><bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let harness = try harness(model)
        #expect(harness.screen(try harness.start("claim"))?.data["a"] == 20, "z comes first in the model, though a sorts first")
    }
}
