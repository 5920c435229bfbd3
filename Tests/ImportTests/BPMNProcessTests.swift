import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// BPMN elements run in the one runtime: each test is one rule of docs/reference/bpmn.md.
struct BPMNProcessTests {
    private let project = #"{ "name": "Models", "languages": ["en"] }"#

    /// start → `inner` → end, with flows f1, f2.
    private func line(_ inner: String, id: String = "t") -> String {
        bpmn("""
        <bpmn:startEvent id="start1"/>
        \(inner)
        <bpmn:endEvent id="end1" name="Claim filed"/>
        <bpmn:sequenceFlow id="f1" sourceRef="start1" targetRef="\(id)"/>
        <bpmn:sequenceFlow id="f2" sourceRef="\(id)" targetRef="end1"/>
        """)
    }

    @Test func aFolderWithoutProjectJSONIsAProjectNamedAfterTheFolder() throws {
        let harness = try ModelHarness(["models/claim.bpmn": line(#"<bpmn:userTask id="t" name="Check"/>"#)])
        #expect(harness.project.languages == ["en"] && harness.project.theme == "default")
        #expect(!harness.project.name.isEmpty && harness.project.process(named: "claim")?.title?.source == "Claim")
    }

    @Test func aUserTaskWithoutAFormShowsItsNameDocumentationAndComplete() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": line(#"<bpmn:userTask id="t" name="Check the claim"><bpmn:documentation>Look at the *photos*.</bpmn:documentation></bpmn:userTask>"#)])
        let instance = try harness.start("claim")
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.first("h1")?.text.contains("Check the claim") == true)
        #expect(page.text.contains("Look at the *photos*."))
        #expect(page.all("button").contains { $0.text.contains("Complete") })
        let done = try #require(try harness.post(instance, "complete").applied)
        #expect(done.status == .completed && done.endNode == "end1")
    }

    @Test func aManualTaskIsAScreenWithDone() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": line(#"<bpmn:manualTask id="t" name="Call the client"/>"#)])
        let page = harness.page(try #require(harness.screen(try harness.start("claim"))))
        #expect(page.all("button").map(\.text).contains { $0.contains("Done") })
    }

    @Test func aServiceTaskRunsTheSwiftHandlerRegisteredUnderItsTaskType() throws {
        let handlers: [String: ServiceHandler] = ["credit-score": { request in
            var data = request.data
            try DataPath("score").set(.number(700), in: &data)
            return data
        }]
        let harness = try ModelHarness(["project.json": project, "m.bpmn": line(#"<bpmn:serviceTask id="t"><bpmn:extensionElements><zeebe:taskDefinition type="credit-score"/></bpmn:extensionElements></bpmn:serviceTask>"#)],
                                       handlers: handlers)
        #expect(try harness.start("claim").data["score"] == .number(700))
    }

    @Test func aGatewayWithoutConditionsLetsThePersonChooseByTheFlowsNames() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g" name="Amount?"/>
        <bpmn:endEvent id="small"/><bpmn:endEvent id="large" name="Large claim"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" name="Small" sourceRef="g" targetRef="small"/>
        <bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="large"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        let instance = try harness.start("claim")
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.first("h1")?.text.contains("Which way?") == true)
        #expect(page.all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Small", "Large claim"])
        let ended = try #require(try harness.post(instance, "path-2").applied)
        #expect(ended.endNode == "large")
    }

    @Test func aConditionThatCannotBeTranslatedLetsThePersonChooseWithALocatedWarning() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:exclusiveGateway id="g"/>
        <bpmn:endEvent id="a"/><bpmn:endEvent id="b"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="a"><bpmn:conditionExpression language="javascript">x &gt; 1</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="b"><bpmn:conditionExpression>=x &lt;= 1</bpmn:conditionExpression></bpmn:sequenceFlow>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        #expect(harness.project.warnings.contains { $0.pointer == "/f1" && $0.line != nil && $0.message.contains("the person chooses") })
        let page = harness.page(try #require(harness.screen(try harness.start("claim"))))
        #expect(page.first("h1")?.text.contains("Which way?") == true)
    }

    @Test func aParallelGatewayForksAndJoins() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:parallelGateway id="fork"/><bpmn:userTask id="a" name="A"/><bpmn:userTask id="b" name="B"/>
        <bpmn:parallelGateway id="join"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="fork"/>
        <bpmn:sequenceFlow id="f1" sourceRef="fork" targetRef="a"/><bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="b"/>
        <bpmn:sequenceFlow id="f3" sourceRef="a" targetRef="join"/><bpmn:sequenceFlow id="f4" sourceRef="b" targetRef="join"/>
        <bpmn:sequenceFlow id="f5" sourceRef="join" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        var instance = try harness.start("claim")
        #expect(instance.waiting == ["a", "b"])
        instance = try #require(try harness.post(instance, "complete").applied)
        #expect(instance.waiting == ["b"] && instance.status == .running)
        instance = try #require(try harness.post(instance, "complete").applied)
        #expect(instance.status == .completed)
    }

    @Test func aBoundaryEventOnAUserTaskIsAButtonThatTakesItsPath() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="t" name="Review"/><bpmn:endEvent id="done"/>
        <bpmn:boundaryEvent id="late" attachedToRef="t"><bpmn:timerEventDefinition><bpmn:timeDuration>P5D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
        <bpmn:endEvent id="escalated" name="Escalated"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="done"/>
        <bpmn:sequenceFlow id="f2" sourceRef="late" targetRef="escalated"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        let instance = try harness.start("claim")
        let page = harness.page(try #require(harness.screen(instance)))
        #expect(page.all("button").contains { $0.text.contains("Simulate: timer (P5D)") })
        #expect(try #require(try harness.post(instance, "event-1").applied).endNode == "escalated")
    }

    @Test func anEventBasedGatewayLetsThePersonChooseWhichEventHappens() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:eventBasedGateway id="g"/>
        <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="m1"/></bpmn:intermediateCatchEvent>
        <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>P14D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
        <bpmn:endEvent id="e1"/><bpmn:endEvent id="e2"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="g"/>
        <bpmn:sequenceFlow id="f1" sourceRef="g" targetRef="paid"/><bpmn:sequenceFlow id="f2" sourceRef="g" targetRef="wait"/>
        <bpmn:sequenceFlow id="f3" sourceRef="paid" targetRef="e1"/><bpmn:sequenceFlow id="f4" sourceRef="wait" targetRef="e2"/>
        """).replacingOccurrences(of: "</bpmn:process>", with: "</bpmn:process><bpmn:message id=\"m1\" name=\"Payment received\"/>")
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        let instance = try harness.start("claim")
        let labels = harness.page(try #require(harness.screen(instance))).all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels == ["Simulate: message “Payment received”", "Simulate: timer (P14D)"])
        #expect(try #require(try harness.post(instance, "path-2").applied).endNode == "e2")
    }

    @Test func anIntermediateCatchEventWaitsUntilThePersonSimulatesIt() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": line(#"<bpmn:intermediateCatchEvent id="t"><bpmn:signalEventDefinition/></bpmn:intermediateCatchEvent>"#)])
        let instance = try harness.start("claim")
        #expect(instance.current == "t")
        #expect(try #require(try harness.post(instance, "path-1").applied).status == .completed)
    }

    @Test func anErrorEndEventFailsTheInstanceWithItsName() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": bpmn("""
        <bpmn:startEvent id="s"/><bpmn:endEvent id="e" name="Claim rejected"><bpmn:errorEventDefinition/></bpmn:endEvent>
        <bpmn:sequenceFlow id="f" sourceRef="s" targetRef="e"/>
        """)])
        let instance = try harness.start("claim")
        #expect(instance.status == .failed && instance.endNode == "e")
        guard case .end(let outcome, let message, _)? = harness.project.process(named: "claim")?.node("e")?.kind else { Issue.record("no end"); return }
        #expect(outcome == .failed && message?.source == "Claim rejected")
    }

    @Test func anEmbeddedSubprocessRunsItsInsideThenGoesOn() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:subProcess id="sub"><bpmn:startEvent id="is"/><bpmn:userTask id="inner" name="Inside"/><bpmn:endEvent id="ie"/>
          <bpmn:sequenceFlow id="i1" sourceRef="is" targetRef="inner"/><bpmn:sequenceFlow id="i2" sourceRef="inner" targetRef="ie"/></bpmn:subProcess>
        <bpmn:userTask id="after" name="After"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="sub"/><bpmn:sequenceFlow id="f1" sourceRef="sub" targetRef="after"/>
        <bpmn:sequenceFlow id="f2" sourceRef="after" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        var instance = try harness.start("claim")
        #expect(instance.current == "inner")
        instance = try #require(try harness.post(instance, "complete").applied)
        #expect(instance.current == "after")
    }

    @Test func aCallActivityRunsTheCalledProcessWithTheCallersData() throws {
        let parent = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask id="ask" name="Ask"><bpmn:extensionElements><camunda:formData><camunda:formField id="who" label="Who" type="string"/></camunda:formData></bpmn:extensionElements></bpmn:userTask>
        <bpmn:callActivity id="call"><bpmn:extensionElements><zeebe:calledElement processId="child"/></bpmn:extensionElements></bpmn:callActivity>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="ask"/><bpmn:sequenceFlow id="f1" sourceRef="ask" targetRef="call"/><bpmn:sequenceFlow id="f2" sourceRef="call" targetRef="e"/>
        """)
        let child = bpmn(#"<bpmn:startEvent id="cs"/><bpmn:userTask id="greet" name="Hello ${who}"/><bpmn:endEvent id="ce"/><bpmn:sequenceFlow id="c1" sourceRef="cs" targetRef="greet"/><bpmn:sequenceFlow id="c2" sourceRef="greet" targetRef="ce"/>"#, id: "child", name: "Child")
        let harness = try ModelHarness(["project.json": project, "parent.bpmn": parent, "child.bpmn": child])
        var instance = try harness.start("claim")
        instance = try #require(try harness.post(instance, "complete", [("who", "Ana")]).applied)
        #expect(instance.current == "call/greet")
        #expect(harness.page(try #require(harness.screen(instance))).first("h1")?.text.contains("Hello Ana") == true)
        #expect(try #require(try harness.post(instance, "complete").applied).status == .completed)
    }

    @Test func aCallActivityMayCallAFlowStageJSONProcess() throws {
        let child = #"{ "name": "kyc", "nodes": [ { "id": "s", "type": "start", "next": "check" }, { "id": "check", "type": "userTask", "title": "Identity", "screen": [], "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] }, { "id": "e", "type": "end" } ] }"#
        let harness = try ModelHarness(["project.json": project, "processes/kyc.json": child,
                                        "m.bpmn": line(#"<bpmn:callActivity id="t" calledElement="kyc"/>"#)])
        #expect(try harness.start("claim").current == "t/check")
    }

    @Test func aMultiInstanceUserTaskShowsOneScreenPerItemNumbered() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:scriptTask id="load"><bpmn:extensionElements><zeebe:script expression="=[&quot;car&quot;, &quot;home&quot;, &quot;boat&quot;]" resultVariable="assets"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:userTask id="t" name="Value the asset ${asset}"><bpmn:multiInstanceLoopCharacteristics isSequential="true"><bpmn:extensionElements>
          <zeebe:loopCharacteristics inputCollection="=assets" inputElement="asset"/></bpmn:extensionElements></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="load"/><bpmn:sequenceFlow id="f1" sourceRef="load" targetRef="t"/><bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        var instance = try harness.start("claim")
        var titles: [String] = []
        while instance.status == .running, titles.count < 5 {
            titles.append(harness.page(try #require(harness.screen(instance))).first("h1")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            instance = try #require(try harness.post(instance, "complete").applied)
        }
        #expect(titles == ["Value the asset car (1 of 3)", "Value the asset home (2 of 3)", "Value the asset boat (3 of 3)"])
        #expect(instance.status == .completed)
    }

    @Test func linkEventsJoinTheirThrowAndCatch() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:intermediateThrowEvent id="go"><bpmn:linkEventDefinition name="A"/></bpmn:intermediateThrowEvent>
        <bpmn:intermediateCatchEvent id="land"><bpmn:linkEventDefinition name="A"/></bpmn:intermediateCatchEvent>
        <bpmn:userTask id="t" name="Landed"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="go"/><bpmn:sequenceFlow id="f1" sourceRef="land" targetRef="t"/><bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        #expect(try harness.start("claim").current == "t")
    }

    @Test func severalStartEventsLetThePersonChooseHowTheProcessStarts() throws {
        let model = bpmn("""
        <bpmn:startEvent id="web" name="Online"/><bpmn:startEvent id="mail"><bpmn:messageEventDefinition/></bpmn:startEvent>
        <bpmn:userTask id="t" name="Check"/><bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="web" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="mail" targetRef="t"/><bpmn:sequenceFlow id="f2" sourceRef="t" targetRef="e"/>
        """)
        let harness = try ModelHarness(["project.json": project, "m.bpmn": model])
        let instance = try harness.start("claim")
        let labels = harness.page(try #require(harness.screen(instance))).all("button").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(labels == ["Start: Online", "Start: message"])
    }

    @Test func danglingReferencesAndMissingIdsAreLocatedLoadErrors() throws {
        let model = bpmn("""
        <bpmn:startEvent id="s"/><bpmn:userTask name="No id"/>
        <bpmn:boundaryEvent id="b" attachedToRef="ghost"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="missing"/>
        """)
        let errors = try ModelHarness.errors(["project.json": project, "m.bpmn": model])
        #expect(errors.contains { $0.message.contains("has no id") && $0.line == 5 })
        #expect(errors.contains { $0.pointer == "/b" && $0.message.contains("ghost") })
        #expect(errors.contains { $0.pointer == "/f0" && $0.message.contains("missing") })
        #expect(errors.allSatisfy { $0.file == "m.bpmn" && $0.line != nil && $0.column != nil })
    }

    @Test func aCalledProcessMissingFromTheProjectIsAWarningAndAPageThatContinues() throws {
        let harness = try ModelHarness(["project.json": project, "m.bpmn": line(#"<bpmn:callActivity id="t" name="Check credit" calledElement="nowhere"/>"#)])
        #expect(harness.project.warnings.contains { $0.pointer == "/t" && $0.message.contains("nowhere") && $0.line != nil })
        let instance = try harness.start("claim")
        #expect(instance.current == "t")
        #expect(try #require(try harness.post(instance, "path-1").applied).status == .completed)
    }
}
