import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// `form` asks for an age and a checkbox; `next` launches the child process `child` when the
/// box is ticked; `instant` launches a process that fails at once; `strict` never matches
/// without the box; `skip` is a button that does not validate.
let engineFlowText = """
{ "name": "f", "data": { "who": "Ana" },
  "conditions": { "wantsChild": "go == true" },
  "states": [
    { "state": "form", "screen": [
        { "type": "input", "key": "age", "label": "Age", "inputType": "number", "validators": [ { "type": "required" } ] },
        { "type": "checkbox", "key": "go", "label": "Go" },
        { "type": "button", "label": "Next", "event": "next" },
        { "type": "button", "label": "Skip", "event": "skip", "validate": false } ],
      "events": [
        { "eventId": "next", "nextStates": [ { "condition": ["wantsChild"], "nextState": "child" },
                                             { "condition": [], "nextState": "plain" } ] },
        { "eventId": "skip", "nextStates": [ { "condition": [], "nextState": "plain" } ] },
        { "eventId": "strict", "nextStates": [ { "condition": ["wantsChild"], "nextState": "plain" } ] },
        { "eventId": "instant", "nextStates": [ { "condition": [], "nextState": "instantChild" } ] } ] },
    { "state": "plain", "screen": [ { "type": "text", "markdown": "Done" } ], "events": [] },
    { "state": "child", "process": "child", "input": { "greeting.name": "who" }, "output": { "result": "answer" },
      "events": [ { "eventId": "completed", "nextStates": [ { "condition": [], "nextState": "plain" } ] },
                  { "eventId": "cancelled", "nextStates": [ { "condition": [], "nextState": "form" } ] } ] },
    { "state": "instantChild", "process": "instant", "output": { "why": "reason" },
      "events": [ { "eventId": "failed", "nextStates": [ { "condition": [], "nextState": "plain" } ] } ] } ] }
"""

let childProcessText = """
{ "name": "child", "nodes": [
    { "id": "s", "type": "start", "next": "ask" },
    { "id": "ask", "type": "userTask", "screen": [
        { "type": "input", "key": "answer", "label": "Answer" },
        { "type": "button", "label": "Done", "action": "done" },
        { "type": "button", "label": "Quit", "action": "quit" } ],
      "actions": [ { "name": "done", "type": "submit", "next": "end" }, { "name": "quit", "type": "submit", "next": "stop" } ] },
    { "id": "end", "type": "end", "outcome": "completed" },
    { "id": "stop", "type": "end", "outcome": "cancelled" } ] }
"""

let instantProcessText = """
{ "name": "instant", "nodes": [
    { "id": "s", "type": "start", "next": "set" },
    { "id": "set", "type": "scriptTask", "set": { "reason": "'no offer'" }, "next": "e" },
    { "id": "e", "type": "end", "outcome": "failed" } ] }
"""

/// A flow engine over a fixture project (or the example project), with memory stores.
func flowEngine(example: Bool = false) throws -> FlowEngine {
    let folder = example ? RepositoryPaths.examples : try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/child.json": childProcessText,
        "processes/instant.json": instantProcessText,
        "flows/f.json": engineFlowText,
    ])
    let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
    return FlowEngine(processes: ProcessEngine(project: project, store: MemoryStore<Instance>()), store: MemoryStore<FlowRun>())
}

func fire(_ engine: FlowEngine, _ run: FlowRun, _ event: String, _ values: [(String, String)] = []) throws -> FlowResult {
    try engine.fire(event: event, on: run.id, session: run.session,
                    form: PostedForm([("_screen", run.currentState ?? "")] + values), language: "en")
}

extension FlowResult {
    var applied: FlowRun? { if case .applied(let run) = self { run } else { nil } }
    var invalidScreen: ScreenState? { if case .invalid(let state) = self { state } else { nil } }
    var flowError: FlowError? { if case .failed(_, let error) = self { error } else { nil } }
    var refusal: String? { if case .refused(_, let notice) = self { notice } else { nil } }
}

@Suite struct FlowEngineRules {
    @Test func startingAFlowShowsItsFirstState() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        #expect(run.currentState == "form")
        #expect(run.backStack == ["form"])
        #expect(run.status == .running)
        #expect(run.version == 1)
        #expect(run.data["who"] == .string("Ana"))
        let screen = try #require(engine.screen(run, language: "en"))
        #expect(screen.instanceID == run.id)
        #expect(screen.nodeID == "form")
        #expect(screen.components.map(\.definition.type) == [.input, .checkbox, .button, .button])
        #expect(screen.canGoBack == false)
        #expect(throws: FlowEngineError.unknownFlow("nope")) { try engine.start(flow: "nope", session: "s") }
    }

    @Test("Rule 1 through the engine: a posted event in any case fires the state's event")
    func rule1EventsPostedInAnyCase() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let moved = try #require(try fire(engine, run, "NEXT", [("age", "30")]).applied)
        #expect(moved.currentState == "plain")
    }

    @Test("Rule 10: a process state starts its child with input; the child's end copies output and fires its outcome")
    func rule10AProcessStateLaunchesAChildAndItsOutcomeFiresTheEvent() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let waiting = try #require(try fire(engine, run, "next", [("age", "30"), ("go", "true")]).applied)
        #expect(waiting.status == .waiting)
        #expect(waiting.currentState == "child")
        #expect(engine.screen(waiting, language: "en") == nil, "the child's screens are shown, not the flow's")
        let childID = try #require(waiting.child)
        let child = try engine.processes.instance(childID, session: "s")
        #expect(child.current == "ask")
        #expect(child.data["greeting"]?["name"] == .string("Ana"))

        // While the child runs, resuming changes nothing and events are refused.
        #expect(try engine.resume(waiting.id, session: "s", language: "en").applied == waiting)
        #expect(try fire(engine, waiting, "skip").refusal != nil)

        let ended = try engine.processes.perform(action: "done", on: childID, session: "s",
                                                 form: PostedForm([("_screen", "ask"), ("answer", "42")]), language: "en")
        guard case .applied(let finished) = ended else { Issue.record("the child did not end"); return }
        #expect(finished.status == .completed)
        let resumed = try #require(try engine.childEnded(finished, language: "en")?.applied)
        #expect(resumed.currentState == "plain")
        #expect(resumed.status == .running)
        #expect(resumed.child == nil)
        #expect(resumed.data["result"] == .string("42"))
        #expect(resumed.backStack == ["form", "child", "plain"])
        #expect(try engine.run(resumed.id, session: "s") == resumed)
        // Resuming again is harmless.
        #expect(try engine.resume(resumed.id, session: "s", language: "en").applied == resumed)
    }

    @Test("Rule 10: a cancelled child fires cancelled on the flow")
    func rule10ACancelledChildFiresCancelled() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let waiting = try #require(try fire(engine, run, "next", [("age", "30"), ("go", "true")]).applied)
        let childID = try #require(waiting.child)
        _ = try engine.processes.perform(action: "quit", on: childID, session: "s",
                                         form: PostedForm([("_screen", "ask")]), language: "en")
        #expect(try engine.run(waitingOn: childID, session: "s")?.id == run.id)
        let resumed = try #require(try engine.resume(run.id, session: "s", language: "en").applied)
        #expect(resumed.currentState == "form")
        #expect(resumed.backStack == ["form", "child", "form"])
        #expect(resumed.data["age"] == .number(30), "the flow's data is kept")
    }

    @Test("Rule 10: a child that ends at once fires its outcome in the same event")
    func rule10AChildThatEndsAtOnceFiresItsOutcomeStraightAway() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let moved = try #require(try fire(engine, run, "instant", [("age", "30")]).applied)
        #expect(moved.currentState == "plain")
        #expect(moved.status == .running)
        #expect(moved.data["why"] == .string("no offer"))
        #expect(moved.backStack == ["form", "instantChild", "plain"])
    }

    @Test("Rule 10: going back from a waiting run leaves its child")
    func rule10BackFromAWaitingRunLeavesTheChild() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let waiting = try #require(try fire(engine, run, "next", [("age", "30"), ("go", "true")]).applied)
        let back = try #require(try engine.back(waiting.id, session: "s", language: "en").applied)
        #expect(back.currentState == "form")
        #expect(back.status == .running)
        #expect(back.child == nil)
    }

    @Test("Rule 11: a button with event saves the screen's fields, validated first")
    func rule11AButtonWithEventSavesAndValidatesTheFields() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let empty = try #require(try fire(engine, run, "next").invalidScreen)
        #expect(empty.errors == [FieldError(key: "age", message: "Age: enter a value")])
        let typed = try #require(try fire(engine, run, "next", [("age", "old")]).invalidScreen)
        #expect(typed.errors.map(\.message) == ["Age: enter a number"])
        #expect(typed.rawValues["age"] == "old")
        #expect(try engine.run(run.id, session: "s") == run, "a failed post saves nothing")

        let moved = try #require(try fire(engine, run, "next", [("age", "30"), ("ignored", "x")]).applied)
        #expect(moved.data["age"] == .number(30))
        #expect(moved.data["go"] == .bool(false))
        #expect(moved.data["ignored"] == nil, "only fields on the screen are read")
        #expect(moved.version == run.version + 1)
    }

    @Test("Rule 11: a button with \"validate\": false saves without validating")
    func rule11ValidateFalseSavesWithoutValidating() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let moved = try #require(try fire(engine, run, "skip", [("age", "old"), ("go", "true")]).applied)
        #expect(moved.currentState == "plain")
        #expect(moved.data["age"] == nil, "a value that cannot be typed is not stored")
        #expect(moved.data["go"] == .bool(true))
    }

    // MARK: - Run-time errors on the page

    @Test func error1005_throughTheEngineKeepsTheStateTheFlowsDataAndWhatWasTyped() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let result = try fire(engine, run, "fly", [("age", "30")])
        #expect(result.flowError?.code == 1005)
        #expect(result.run?.backStack == run.backStack)
        #expect(result.run?.data["who"] == .string("Ana"), "the flow's data is kept")
        #expect(result.run?.data["age"] == .number(30), "what was typed is kept")
        let notice = try #require(result.flowError?.description)
        #expect(engine.screen(run, language: "en", notice: notice)?.notice?.hasPrefix("error 1005") == true)
    }

    @Test func error1006_throughTheEngineKeepsWhatWasTyped() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let result = try fire(engine, run, "strict", [("age", "30")])
        #expect(result.flowError == .noNextState(event: "strict", state: "form"))
        #expect(result.run?.currentState == "form")
        #expect(result.run?.data["age"] == .number(30))
        #expect(try engine.run(run.id, session: "s").data["age"] == .number(30))
    }

    @Test func error1007_throughTheEngineOnTheFirstState() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let result = try engine.back(run.id, session: "s", language: "en")
        #expect(result.flowError == .backNotPossible(state: "form"))
        #expect(try engine.run(run.id, session: "s") == run)
        #expect(try fire(engine, run, "Back").flowError?.code == 1007, "the back event without a button is back, too")
    }

    // MARK: - Runs

    @Test func aRunIsReachableOnlyFromItsSession() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "owner")
        #expect(throws: FlowEngineError.runNotFound) { try engine.run(run.id, session: "other") }
        #expect(throws: FlowEngineError.runNotFound) {
            try engine.fire(event: "skip", on: run.id, session: "other", form: PostedForm([]), language: "en")
        }
        #expect(throws: FlowEngineError.runNotFound) { try engine.back(run.id, session: "other", language: "en") }
        #expect(throws: FlowEngineError.runNotFound) { try engine.resume(run.id, session: "other", language: "en") }
        #expect(try engine.runs(session: "other").isEmpty)
        #expect(try engine.runs(session: "owner").map(\.id) == [run.id])
    }

    @Test func aStalePostIsRefusedAndChangesNothing() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let moved = try #require(try fire(engine, run, "skip").applied)
        let stale = try fire(engine, run, "skip")
        #expect(stale.refusal?.contains("earlier screen") == true)
        #expect(try engine.run(run.id, session: "s") == moved)
    }

    @Test func savesAreCompareAndSwapOnTheVersion() throws {
        let store = MemoryStore<FlowRun>()
        let run = try store.insert(FlowRun(id: "r", flow: "f", session: "s", data: [:], now: Date(timeIntervalSince1970: 0)))
        var first = run
        first.backStack = ["a"]
        let saved = try store.save(first)
        #expect(saved.version == 2)
        var late = run
        late.backStack = ["b"]
        #expect(throws: StoreError.conflict(id: "r")) { try store.save(late) }
        #expect(try store.load("r")?.backStack == ["a"])
        #expect(throws: StoreError.conflict(id: "r")) { try store.insert(run) }
    }

    @Test func aFlowRunSurvivesEncodingAndDecoding() throws {
        let engine = try flowEngine()
        let run = try #require(try fire(engine, try engine.start(flow: "f", session: "s"), "next", [("age", "30"), ("go", "true")]).applied)
        let decoded = try JSONDecoder().decode(FlowRun.self, from: JSONEncoder().encode(run))
        #expect(decoded == run)
    }

    @Test func aDecodedFlowManagerAnswersForARun() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let manager = try #require(engine.manager(for: run))
        #expect(manager.currentState?.id == "form")
        #expect(try manager.nextState(from: "form", event: "skip").id == "plain")
    }
}

@Suite struct ExampleOnboardingFlow {
    @Test func walkingTheOnboardingFlowWithBackAndTheLoanProcess() throws {
        let engine = try flowEngine(example: true)
        var run = try engine.start(flow: "onboarding", session: "s")
        #expect(run.currentState == "welcome")
        #expect(engine.screen(run, language: "en")?.task.title?.source == "@@onboarding.welcome.title")

        // Not returning: the condition sends a new customer to register; back pops it.
        run = try #require(try fire(engine, run, "next").applied)
        #expect(run.currentState == "register")
        run = try #require(try fire(engine, run, "back").applied)
        #expect(run.backStack == ["welcome"])
        // Returning: the same event goes to login.
        run = try #require(try fire(engine, run, "next", [("user.returning", "true")]).applied)
        #expect(run.currentState == "login")
        run = try #require(try fire(engine, run, "back").applied)
        run = try #require(try fire(engine, run, "next").applied)
        let invalid = try #require(try fire(engine, run, "next", [("user.firstName", "Ana")]).invalidScreen)
        #expect(invalid.errors.map(\.key) == ["user.email", "user.consent"])
        run = try #require(try fire(engine, run, "next", [("user.firstName", "Ana"), ("user.email", "ana@example.org"),
                                                           ("user.consent", "true")]).applied)
        #expect(run.currentState == "goal")
        run = try #require(try fire(engine, run, "next", [("user.goal", "loan")]).applied)
        #expect(run.status == .waiting)

        // The loan application runs as a child with the flow's answers.
        let childID = try #require(run.child)
        var child = try engine.processes.instance(childID, session: "s")
        #expect(child.process == "loan_application")
        #expect(child.data["client"]?["email"] == .string("ana@example.org"))
        for (action, values) in [("continue", [("client.firstName", "Ana"), ("client.lastName", "Pop"), ("client.email", "ana@example.org")]),
                                 ("continue", [("loan.amount", "5000"), ("loan.purpose", "car"), ("loan.term", "24")]),
                                 ("accept", [("offer.accepted", "true")])] {
            let result = try engine.processes.perform(action: action, on: childID, session: "s",
                                                      form: PostedForm([("_screen", child.current ?? "")] + values), language: "en")
            guard case .applied(let next) = result else { Issue.record("\(action) was not applied"); return }
            child = next
        }
        #expect(child.status == .completed)
        run = try #require(try engine.childEnded(child, language: "en")?.applied)
        #expect(run.currentState == "thanks")
        #expect(run.data["user"]?["loanMonthly"] == .number(225))
        #expect(run.backStack == ["welcome", "register", "goal", "apply", "thanks"])

        // The custom back event of "thanks" returns to the start: the states above it are popped.
        run = try #require(try fire(engine, run, "back").applied)
        #expect(run.backStack == ["welcome"])
        #expect(run.data["user"]?["email"] == .string("ana@example.org"), "going back keeps the data")
    }
}
