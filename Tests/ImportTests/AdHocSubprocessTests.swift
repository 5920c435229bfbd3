import Definitions
import FlowStageRuntime
import Testing

/// An ad-hoc subprocess: the person picks which inner activities run, in which order, and
/// when it is done; each activity returns to the subprocess's page.
struct AdHocSubprocessTests {
    private let model = bpmn("""
    <bpmn:startEvent id="s"/>
    <bpmn:adHocSubProcess id="tools" name="Agent tools">
      <bpmn:extensionElements><zeebe:adHoc activeElementsCollection="=toolCalls"/></bpmn:extensionElements>
      <bpmn:userTask id="ask" name="Ask a human"/>
      <bpmn:scriptTask id="lookup" name="Look up the customer"><bpmn:extensionElements>
        <zeebe:script expression="=&quot;Ada&quot;" resultVariable="customer"/></bpmn:extensionElements></bpmn:scriptTask>
    </bpmn:adHocSubProcess>
    <bpmn:endEvent id="e"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="tools"/><bpmn:sequenceFlow id="f1" sourceRef="tools" targetRef="e"/>
    """)

    private func started() throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": #"{ "name": "Ad hoc", "languages": ["en"] }"#, "m.bpmn": model])
        return (harness, try harness.start("claim"))
    }

    @Test func itsPageOffersEachActivityAndDone() throws {
        let (harness, instance) = try started()
        #expect(instance.current == "tools")
        let state = try #require(harness.screen(instance))
        let buttons = harness.page(state).all("button").map(\.text)
        #expect(buttons == ["Ask a human", "Look up the customer", "Done: leave “Agent tools”"], "\(buttons)")
    }

    @Test func anActivityRunsAndReturnsToThePage() throws {
        let (harness, instance) = try started()
        let looked = try #require(try harness.post(instance, "path-2").applied)
        #expect(looked.current == "tools" && looked.data["customer"] == "Ada")
        let asking = try #require(try harness.post(looked, "path-1").applied)
        #expect(asking.current == "ask")
        let back = try #require(try harness.post(asking, "complete").applied)
        #expect(back.current == "tools")
    }

    @Test func doneLeavesTheSubprocess() throws {
        let (harness, instance) = try started()
        #expect(try harness.post(instance, "path-3").applied?.endNode == "e")
    }

    /// The model picks: a script sets the collection before the subprocess; each activity's
    /// result is gathered into `results`.
    private func picking(_ collection: String) -> String {
        bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:scriptTask id="plan"><bpmn:extensionElements><zeebe:script expression="\(collection)" resultVariable="toolCalls"/></bpmn:extensionElements></bpmn:scriptTask>
        <bpmn:adHocSubProcess id="tools" name="Agent tools">
          <bpmn:extensionElements><zeebe:adHoc activeElementsCollection="=toolCalls" outputCollection="results" outputElement="=customer"/></bpmn:extensionElements>
          <bpmn:userTask id="ask" name="Ask a human"/>
          <bpmn:scriptTask id="lookup" name="Look up the customer"><bpmn:extensionElements>
            <zeebe:script expression="=&quot;Ada&quot;" resultVariable="customer"/></bpmn:extensionElements></bpmn:scriptTask>
        </bpmn:adHocSubProcess>
        <bpmn:userTask id="after" name="After the tools"/>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="plan"/><bpmn:sequenceFlow id="f1" sourceRef="plan" targetRef="tools"/>
        <bpmn:sequenceFlow id="f2" sourceRef="tools" targetRef="after"/><bpmn:sequenceFlow id="f3" sourceRef="after" targetRef="e"/>
        """)
    }

    private func startPicking(_ collection: String) throws -> (ModelHarness, Instance) {
        let harness = try ModelHarness(["project.json": #"{ "name": "Ad hoc", "languages": ["en"] }"#, "m.bpmn": picking(collection)])
        return (harness, try harness.start("claim"))
    }

    @Test func theActiveElementsCollectionRunsTheActivitiesItListsThenLeaves() throws {
        let (harness, instance) = try startPicking("=[&quot;lookup&quot;, &quot;ask&quot;]")
        #expect(instance.current == "ask", "lookup ran at once; ask waits")
        let done = try #require(try harness.post(instance, "complete").applied)
        #expect(done.current == "after", "the subprocess completes when its last picked activity has")
        #expect(done.data["results"] == ["Ada", "Ada"])
    }

    @Test func aCollectionThatNamesNoActivityLeavesItToThePerson() throws {
        let (_, instance) = try startPicking("=[&quot;unknown&quot;]")
        #expect(instance.current == "tools")
    }

    @Test func eachCompletedActivityAppendsItsOutputElement() throws {
        let (harness, instance) = try startPicking("=null")
        let looked = try #require(try harness.post(instance, "path-2").applied)
        #expect(looked.current == "tools" && looked.data["results"] == ["Ada"])
        let left = try #require(try harness.post(looked, "path-3").applied)
        #expect(left.current == "after")
    }
}
