import Definitions
import Expressions
@testable import FlowStageRuntime
import Testing

private let nodes = """
[ { "id": "s", "type": "start", "next": "score" },
  { "id": "score", "type": "serviceTask", "handler": "score", "next": "done" },
  { "id": "done", "type": "end" } ]
"""

private let withOnError = """
[ { "id": "s", "type": "start", "next": "score" },
  { "id": "score", "type": "serviceTask", "handler": "score", "next": "done", "onError": "sorry", "errorKey": "problem" },
  \(task("sorry", next: "done")),
  { "id": "done", "type": "end" } ]
"""

@Suite struct ServiceTasks {
    @Test func theHandlersResultBecomesTheInstanceData() throws {
        let engine = try engine(processes: ["p": nodes], handlers: ["score": { request in
            var data = request.data
            try DataPath("score").set(.number((request.data["fixed"]?.numberValue ?? 0) + 41), in: &data)
            return data
        }])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .completed)
        #expect(instance.data["score"] == .number(42))
    }

    @Test func aFailingHandlerFailsTheInstanceWithItsMessage() throws {
        let engine = try engine(processes: ["p": nodes], handlers: ["score": { _ in throw ServiceFailure("the bureau is closed") }])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.node == "score")
        #expect(instance.incident?.message.contains("the bureau is closed") == true)
    }

    @Test func withOnErrorAFailingHandlerMovesTheTokenAndKeepsTheMessage() throws {
        let engine = try engine(processes: ["p": withOnError], handlers: ["score": { _ in throw ServiceFailure("the bureau is closed") }])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .running)
        #expect(instance.current == "sorry")
        #expect(instance.data["problem"] == .string("the bureau is closed"))
        #expect(instance.warnings.contains { $0.contains("the bureau is closed") && $0.contains("sorry") })
    }

    @Test func anUnregisteredHandlerIsAClearIncidentAtRunTime() throws {
        let engine = try engine(processes: ["p": nodes])
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("no handler named “score” is registered") == true)
    }
}
