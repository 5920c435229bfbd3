import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// The instance's history (docs/guides/serving.md, "Giving a demo"): the flows taken, for the
/// process map, and the steps taken, for the inspector and "Restart from here".
@Suite struct InstanceHistory {
    private let loan = [("loan.amount", "5000"), ("loan.purpose", "car"), ("loan.term", "24")]

    @Test func theTrailHoldsEveryFlowTakenFromTheStartNodeInOrder() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s")
        let atLoan = try #require(try submit(engine, started, "continue", personal).applied)
        let atOffer = try #require(try submit(engine, atLoan, "continue", loan).applied)
        #expect(atOffer.trail == [
            Passage(call: nil, from: nil, to: "start"), Passage(call: nil, from: "start", to: "personal"),
            Passage(call: nil, from: "personal", to: "loan"), Passage(call: nil, from: "loan", to: "score"),
            Passage(call: nil, from: "score", to: "route"), Passage(call: nil, from: "route", to: "offer"),
        ])
    }

    @Test func aStepKeepsItsScreenActionPostedFieldsAndTheBranchesItsRunChose() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s")
        let atLoan = try #require(try submit(engine, started, "continue", personal).applied)
        let atOffer = try #require(try submit(engine, atLoan, "continue", loan).applied)
        #expect(atOffer.steps.map(\.screen) == ["personal", "loan"])
        #expect(atOffer.steps.map(\.action) == ["continue", "continue"])
        #expect(atOffer.steps[1].fields == loan.map { [$0.0, $0.1] }, "posted fields in order, without _screen")
        #expect(atOffer.steps[0].branches.isEmpty)
        #expect(atOffer.steps[1].branches == [Passage(call: nil, from: "route", to: "offer")])
    }

    @Test func aRefusedPostIsNotAStepAndBackIs() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s")
        #expect(try submit(engine, started, "continue", [("client.firstName", "Ana")]).invalid != nil)
        let atLoan = try #require(try submit(engine, started, "continue", personal).applied)
        let back = try #require(try engine.back(atLoan.id, session: "s").applied)
        #expect(back.steps.map(\.action) == ["continue", "back"])
    }

    @Test func theStartDataIsKeptSoARestartBeginsWhereTheInstanceBegan() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s", seed: ["demo": "yes"])
        let atLoan = try #require(try submit(engine, started, "continue", personal).applied)
        #expect(atLoan.startData?["demo"] == "yes")
        let restarted = try engine.restart(atLoan.id, session: "s", at: 1, language: "en")
        #expect(restarted.stop == nil)
        #expect(restarted.instance.current == "personal")
        #expect(restarted.instance.data["demo"] == "yes")
        #expect(restarted.instance.data["client"]?["firstName"] == nil, "step 1's values are not replayed when restarting at step 1")
    }

    @Test func pastTheStepLimitTheOldestStepsDropOffAndRestartingBeforeThemIsRefused() throws {
        var instance = Instance(id: "i", process: "p", session: "s", data: [:], modal: false, now: Date())
        instance.startData = [:]
        let step = InstanceStep(at: Date(), screen: "a", action: "save", form: PostedForm([]), files: [], branches: [])
        for _ in 0..<Instance.maxSteps { instance.record(step) }
        #expect(instance.canRestart(at: 1) && !instance.stepsDropped)
        instance.record(step)
        #expect(instance.steps.count == Instance.maxSteps)
        #expect(instance.stepsDropped)
        #expect(!instance.canRestart(at: 1))
    }

    @Test func aStepWhosePostedTextWasCutCannotBeReplayedPast() throws {
        var instance = Instance(id: "i", process: "p", session: "s", data: [:], modal: false, now: Date())
        instance.startData = [:]
        let long = String(repeating: "x", count: InstanceStep.maxFieldText + 1)
        instance.record(InstanceStep(at: Date(), screen: "a", action: "save", form: PostedForm([("note", long)]), files: [], branches: []))
        instance.record(InstanceStep(at: Date(), screen: "a", action: "save", form: PostedForm([]), files: [], branches: []))
        #expect(!instance.steps[0].replayable)
        #expect(instance.canRestart(at: 1), "restarting at the cut step replays nothing of it")
        #expect(!instance.canRestart(at: 2))
    }

    @Test func anInstanceStoredBeforeHistoryWasKeptLoadsWithNoneAndCannotRestart() throws {
        let stored = #"{ "id": "i", "process": "p", "session": "s", "status": "running", "data": {}, "tokens": [], "modal": false, "version": 1, "createdAt": 0, "updatedAt": 0 }"#
        let instance = try JSONDecoder().decode(Instance.self, from: Data(stored.utf8))
        #expect(instance.steps.isEmpty && instance.trail.isEmpty && instance.startData == nil)
        #expect(!instance.canRestart(at: 1))
    }

    @Test func theHistoryIsStoredAndLoadedWhole() throws {
        let engine = try exampleEngine()
        let started = try engine.start(process: "loan_application", session: "s")
        let atLoan = try #require(try submit(engine, started, "continue", personal).applied)
        let decoded = try JSONDecoder().decode(Instance.self, from: try JSONEncoder().encode(atLoan))
        #expect(decoded.steps == atLoan.steps && decoded.trail == atLoan.trail && decoded.startData == atLoan.startData)
    }
}
