import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// process.md, "Instance lifecycle": continue the latest, stop, end the session.
@Suite struct InstanceLifecycle {
    @Test func theLatestIsTheNewestRunningInstanceOfThatProcess() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let ticks = Ticks()
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(),
                                   configuration: .init(now: { ticks.next() }))
        let older = try engine.start(process: "loan_application", session: "s")
        let newer = try engine.start(process: "loan_application", session: "s")
        _ = try engine.start(process: "loan_application", session: "other")
        #expect(try engine.latest(process: "loan_application", session: "s")?.id == newer.id)
        _ = try engine.stop(newer.id, session: "s")
        #expect(try engine.latest(process: "loan_application", session: "s")?.id == older.id, "a stopped one is not continued")
        #expect(try engine.latest(process: "loan_application", session: "nobody") == nil)
        #expect(throws: RuntimeError.unknownProcess("nope")) { try engine.latest(process: "nope", session: "s") }
    }

    @Test func stoppingCancelsARunningInstanceAndLeavesAFinishedOneAlone() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s")
        let stopped = try engine.stop(started.id, session: "s")
        #expect(stopped.status == .cancelled)
        #expect(stopped.current == nil)
        #expect(engine.screen(stopped, language: "en") == nil)
        #expect(try engine.stop(started.id, session: "s") == stopped, "stopping twice changes nothing")
        #expect(throws: RuntimeError.instanceNotFound) { try engine.stop(started.id, session: "other") }
    }

    @Test func endingASessionForgetsItsInstancesAndRunsOnly() throws {
        let flows = try flowEngine(example: true)
        let mine = try flows.processes.start(process: "loan_application", session: "mine")
        let run = try flows.start(flow: "onboarding", session: "mine")
        let theirs = try flows.processes.start(process: "loan_application", session: "theirs")
        try flows.forget(session: "mine")
        #expect(throws: RuntimeError.instanceNotFound) { try flows.processes.instance(mine.id, session: "mine") }
        #expect(throws: FlowEngineError.runNotFound) { try flows.run(run.id, session: "mine") }
        #expect(try flows.processes.instance(theirs.id, session: "theirs") == theirs)
    }

    @Test func stoppingAFlowRunStopsTheProcessItWaitsOn() throws {
        let engine = try flowEngine()
        let run = try engine.start(flow: "f", session: "s")
        let waiting = try #require(try fire(engine, run, "next", [("age", "30"), ("go", "true")]).applied)
        let child = try #require(waiting.child)
        let stopped = try engine.stop(run.id, session: "s")
        #expect(stopped.status == .stopped)
        #expect(try engine.processes.instance(child, session: "s").status == .cancelled)
        #expect(try fire(engine, stopped, "skip").refusal?.contains("stopped") == true)
        #expect(try engine.back(run.id, session: "s", language: "en").refusal?.contains("stopped") == true)
    }
}

/// A clock that moves one second per reading, so instances started in a row have distinct times.
private final class Ticks: @unchecked Sendable {
    private var seconds = 0.0
    private let lock = NSLock()
    func next() -> Date { lock.withLock { seconds += 1; return Date(timeIntervalSince1970: seconds) } }
}
