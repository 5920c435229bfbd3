import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import Testing

private let forkAndJoin = """
[ { "id": "s", "type": "start", "next": "fork" },
  { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
  \(task("a", key: "x", next: "join")),
  \(task("b", key: "y", next: "b2")),
  \(task("b2", key: "z", next: "join")),
  { "id": "join", "type": "parallelGateway", "next": "after" },
  \(task("after", next: "done")),
  { "id": "done", "type": "end" } ]
"""

@Suite struct ParallelGateways {
    @Test func aForkWaitsOnOneUserTaskPerBranch() throws {
        let engine = try engine(processes: ["p": forkAndJoin])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.waiting == ["a", "b"])
        #expect(instance.current == "a", "a wizard shows the first branch's task")
        #expect(engine.screen(instance, language: "en")?.nodeID == "a")
        #expect(engine.screen(instance, task: "b", language: "en")?.nodeID == "b")
    }

    @Test func anActionAppliesToTheTaskItsScreenNames() throws {
        let engine = try engine(processes: ["p": forkAndJoin])
        let instance = try engine.start(process: "p", session: "s")
        let moved = try #require(try post(engine, instance, task: "b", "ok", [("y", "B"), ("x", "not on this screen")]).applied)
        #expect(moved.waiting == ["a", "b2"])
        #expect(moved.data["y"] == .string("B"))
        #expect(moved.data["x"] == nil)
    }

    @Test func aJoinWaitsForATokenFromEveryIncomingFlow() throws {
        let engine = try engine(processes: ["p": forkAndJoin])
        var instance = try engine.start(process: "p", session: "s")
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.waiting == ["b"])
        #expect(instance.tokens.contains { $0.node == "join" && $0.state == .join })
        instance = try #require(try post(engine, instance, task: "b", "ok").applied)
        #expect(instance.waiting == ["b2"])
        instance = try #require(try post(engine, instance, task: "b2", "ok").applied)
        #expect(instance.waiting == ["after"])
        #expect(instance.tokens.count == 1)
    }

    @Test func aPostForATaskThatNoLongerWaitsIsRefused() throws {
        let engine = try engine(processes: ["p": forkAndJoin])
        let instance = try engine.start(process: "p", session: "s")
        _ = try post(engine, instance, task: "a", "ok")
        let again = try post(engine, instance, task: "a", "ok")
        #expect(again.notice?.contains("earlier screen") == true)
    }

    @Test func backStaysOnTheBranchOfItsTaskAndDoesNotCrossTheFork() throws {
        let engine = try engine(processes: ["p": forkAndJoin])
        var instance = try engine.start(process: "p", session: "s")
        #expect(try engine.back(instance.id, session: "s", task: "b").notice != nil, "a forked branch starts with no history")
        instance = try #require(try post(engine, instance, task: "b", "ok").applied)
        instance = try #require(try engine.back(instance.id, session: "s", task: "b2").applied)
        #expect(instance.waiting == ["a", "b"])
    }

    @Test func theInstanceEndsWhenNoTokenIsLeftWithTheWorstOutcome() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "gone"] },
          \(task("a", next: "done")),
          { "id": "gone", "type": "end", "outcome": "failed" },
          { "id": "done", "type": "end" } ]
        """])
        var instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .running, "one branch ended; the other still waits")
        #expect(instance.waiting == ["a"])
        instance = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(instance.status == .failed)
        #expect(instance.endNode == "gone")
    }

    @Test func aJoinThatCanNoLongerCompleteFailsTheInstanceNamingIt() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          \(task("a", next: "join")),
          { "id": "b", "type": "exclusiveGateway", "branches": [ { "when": "fixed == 2", "next": "join" }, { "next": "done" } ] },
          { "id": "join", "type": "parallelGateway", "next": "done" },
          { "id": "done", "type": "end" } ]
        """])
        let instance = try engine.start(process: "p", session: "s")
        let stuck = try #require(try post(engine, instance, task: "a", "ok").applied)
        #expect(stuck.status == .failed)
        #expect(stuck.incident?.node == "join")
        #expect(stuck.incident?.message.contains("can no longer arrive") == true)
    }

    @Test func theStepBoundHoldsAcrossForks() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "again" },
          { "id": "again", "type": "scriptTask", "set": { "n": "fixed" }, "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["again", "side"] },
          { "id": "side", "type": "end" } ]
        """])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("1000 automatic steps") == true)
        #expect(instance.incident?.message.contains("again, fork") == true)
    }

    @Test func twoBranchesReachingOneUserTaskFailWithAClearIncident() throws {
        let engine = try engine(processes: ["p": """
        [ { "id": "s", "type": "start", "next": "fork" },
          { "id": "fork", "type": "parallelGateway", "next": ["a", "b"] },
          { "id": "b", "type": "scriptTask", "set": { "n": "1" }, "next": "a" },
          \(task("a", next: "done")),
          { "id": "done", "type": "end" } ]
        """])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("join them first") == true)
    }
}

@Suite struct StoredInstances {
    @Test func aBodySavedBeforeTokensResumesAtItsCurrentTask() throws {
        let body = #"{ "id": "i", "process": "p", "session": "s", "status": "running", "data": {}, "current": "loan", "history": ["personal"], "warnings": [], "modal": false, "version": 3, "createdAt": 0, "updatedAt": 0 }"#
        let instance = try JSONDecoder().decode(Instance.self, from: Data(body.utf8))
        #expect(instance.waiting == ["loan"])
        #expect(instance.history == ["personal"])
        let again = try JSONDecoder().decode(Instance.self, from: try JSONEncoder().encode(instance))
        #expect(again == instance)
    }
}
