import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import Testing

/// `fixed` is 1 in every process's start data (NodeTypeSupport).
private let conditionalFork = """
[ { "id": "s", "type": "start", "next": "split" },
  { "id": "split", "type": "inclusiveGateway", "branches": [
      { "when": "fixed == 1", "next": "a" }, { "when": "fixed > 0", "next": "b" },
      { "when": "fixed > 5", "next": "c" }, { "next": "d" } ] },
  \(task("a", next: "join")), \(task("b", next: "join")), \(task("c", next: "join")), \(task("d", next: "join")),
  { "id": "join", "type": "inclusiveGateway", "branches": [ { "next": "after" } ] },
  \(task("after", next: "done")),
  { "id": "done", "type": "end" } ]
"""

@Suite struct InclusiveGateways {
    @Test func everyBranchWhoseConditionHoldsGetsAToken() throws {
        let instance = try engine(processes: ["p": conditionalFork]).start(process: "p", session: "s")
        #expect(instance.waiting == ["a", "b"])
    }

    @Test func theDefaultBranchIsTakenOnlyWhenNoConditionHolds() throws {
        let nodes = conditionalFork.replacingOccurrences(of: "fixed == 1", with: "fixed == 2").replacingOccurrences(of: "fixed > 0", with: "fixed < 0")
        let instance = try engine(processes: ["p": nodes]).start(process: "p", session: "s")
        #expect(instance.waiting == ["d"])
    }

    @Test func aJoinWaitsForEveryTokenThatCanStillArrive() throws {
        let engine = try engine(processes: ["p": conditionalFork])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.waiting == ["b"])
        instance = try #require(try post(engine, instance, task: "b", "ok").applied)
        #expect(instance.waiting == ["after"])
        #expect(instance.tokens.count == 1)
    }

    @Test func aJoinGoesOnOnceTheOtherBranchCanNoLongerArrive() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          \(task("a", next: "join")),
          { "id": "b", "type": "userTask", "screen": [],
            "actions": [ { "name": "ok", "type": "submit", "next": "join" }, { "name": "stop", "type": "submit", "next": "elsewhere" } ] },
          { "id": "join", "type": "inclusiveGateway", "branches": [ { "next": "after" } ] },
          \(task("after", next: "done")),
          { "id": "elsewhere", "type": "end" }, { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.waiting == ["b"], "b can still reach the join")
        instance = try #require(try post(engine, instance, task: "b", "stop").applied)
        #expect(instance.waiting == ["after"], "b ended elsewhere, so the join no longer waits for it")
    }

    @Test func aJoinMarkedJoinWaitsEvenWithOneIncomingFlow() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          \(task("a", next: "out")), \(task("b", next: "out")),
          { "id": "out", "type": "exclusiveGateway", "branches": [ { "next": "exit" } ] },
          { "id": "exit", "type": "inclusiveGateway", "join": true, "branches": [ { "next": "after" } ] },
          \(task("after", next: "done")), { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.waiting == ["b"])
        instance = try #require(try post(engine, instance, task: "b", "ok").applied)
        #expect(instance.waiting == ["after"])
    }
}

@Suite struct BranchingActionsAndEnds {
    @Test func aKeepTaskActionStartsABranchShownFirstWhileItsTaskWaits() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "t" },
          { "id": "t", "type": "userTask", "screen": [],
            "actions": [ { "name": "ok", "type": "submit", "next": "done" },
                         { "name": "remind", "type": "submit", "validate": false, "keepTask": true, "next": "reminder" } ] },
          \(task("reminder", next: "sent")),
          { "id": "sent", "type": "end" }, { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "t", "remind").applied)
        #expect(instance.waiting == ["reminder", "t"])
        instance = try #require(try post(engine, instance, task: "reminder", "ok").applied)
        #expect(instance.waiting == ["t"])
        #expect(instance.status == .running)
    }

    @Test func keepTaskNeedsASubmitActionWithItsOwnNext() throws {
        let errors = try loadErrors(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "t" },
          { "id": "t", "type": "userTask", "screen": [], "next": "done",
            "actions": [ { "name": "ok", "type": "submit" }, { "name": "remind", "type": "submit", "keepTask": true } ] },
          { "id": "done", "type": "end" } ]
        """])
        #expect(errors.contains { $0.pointer == "/nodes/1/actions/1/keepTask" && $0.message.contains("\"next\"") })
    }

    @Test func aTerminateEndStopsEveryOtherBranch() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          \(task("a", next: "stop")), \(task("b", next: "done")),
          { "id": "stop", "type": "end", "terminate": true, "message": "Stopped" }, { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.status == .completed)
        #expect(instance.endNode == "stop")
        #expect(instance.tokens.isEmpty)
    }

    @Test func aCallActivityWithOnErrorCatchesTheCalledProcessFailure() throws {
        let engine = try engine(processes: [
            "p": """
            [ { "id": "s", "type": "start", "next": "call" },
              { "id": "call", "type": "callActivity", "process": "child", "next": "done", "onError": "handle" },
              \(task("handle", next: "done")), { "id": "done", "type": "end" } ]
            """,
            "child": """
            [ { "id": "s", "type": "start", "next": "broken" }, { "id": "broken", "type": "end", "outcome": "failed" } ]
            """])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .running)
        #expect(instance.waiting == ["handle"])
    }
}
