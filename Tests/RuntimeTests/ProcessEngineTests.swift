import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

func exampleEngine() throws -> ProcessEngine {
    let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
    return ProcessEngine(project: project, store: MemoryStore<Instance>())
}

func engine(nodes: String, params: String = "[]", configuration: ProcessEngine.Configuration = .init()) throws -> ProcessEngine {
    let folder = try RepositoryPaths.fixture([
        "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
        "processes/p.json": #"{ "name": "p", "data": { "fixed": 1 }, "params": \#(params), "nodes": \#(nodes) }"#,
    ])
    let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
    return ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: configuration)
}

func submit(_ engine: ProcessEngine, _ instance: Instance, _ action: String, _ values: [(String, String)],
            language: String = "en") throws -> ActionResult {
    try engine.perform(action: action, on: instance.id, session: instance.session,
                       form: PostedForm([("_screen", instance.current ?? "")] + values.map { ($0.0, $0.1) }),
                       language: language)
}

extension ActionResult {
    var applied: Instance? { if case .applied(let instance) = self { instance } else { nil } }
    var invalid: ScreenState? { if case .invalid(let state) = self { state } else { nil } }
    var notice: String? { if case .refused(_, let notice) = self { notice } else { nil } }
}

let personal = [("client.firstName", "Ana"), ("client.lastName", "Pop"), ("client.email", "ana@example.org")]

@Suite struct ProcessLifecycle {
    @Test func startRunsToTheFirstUserTask() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s1")
        #expect(instance.status == .running)
        #expect(instance.current == "personal")
        #expect(instance.data["application"]?["currency"] == .string("EUR"))
    }

    @Test func startingAnUnknownProcessIsRefused() throws {
        #expect(throws: RuntimeError.unknownProcess("nope")) { try exampleEngine().start(process: "nope", session: "s") }
    }

    @Test func aMissingRequiredParameterRefusesToStart() throws {
        let engine = try engine(nodes: #"[ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ]"#,
                                params: #"[ { "key": "client.id", "required": true } ]"#)
        #expect(throws: RuntimeError.missingParameter(process: "p", key: "client.id")) {
            try engine.start(process: "p", session: "s")
        }
        let started = try engine.start(process: "p", session: "s", params: ["client.id": .string("42")])
        #expect(started.data["client"]?["id"] == .string("42"))
        #expect(started.data["fixed"] == .number(1))
    }

    @Test func anInstanceIsReachableOnlyFromItsSession() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "owner")
        #expect(throws: RuntimeError.instanceNotFound) { try engine.instance(instance.id, session: "someone-else") }
        #expect(throws: RuntimeError.instanceNotFound) {
            try engine.perform(action: "continue", on: instance.id, session: "someone-else", form: PostedForm([]), language: "en")
        }
    }

    @Test func theExampleWalksToItsEndThroughTheOfferBranch() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        #expect(instance.current == "loan")
        instance = try #require(try submit(engine, instance, "continue",
                                           [("loan.amount", "5000"), ("loan.purpose", "car"), ("loan.term", "24")]).applied)
        #expect(instance.current == "offer")
        #expect(instance.data["loan"]?["amount"] == .number(5000))
        #expect(instance.data["application"]?["monthly"] == .number(225))
        instance = try #require(try submit(engine, instance, "accept", [("offer.accepted", "true")]).applied)
        #expect(instance.status == .completed)
        #expect(instance.endNode == "done")
        #expect(instance.current == nil)
    }

    @Test func theGatewaySendsLargeLoansToAnAdviser() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        instance = try #require(try submit(engine, instance, "continue",
                                           [("loan.amount", "25000"), ("loan.purpose", "home"), ("loan.term", "48")]).applied)
        #expect(instance.current == "adviser")
    }
}

@Suite struct SubmitAndValidation {
    @Test func aRequiredFieldLeftEmptyIsAFieldErrorAndNothingIsSaved() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        let state = try #require(try submit(engine, instance, "continue", [("client.firstName", "Ana")]).invalid)
        #expect(state.errors.map(\.key) == ["client.lastName", "client.email"])
        #expect(state.errors.first?.message == "Last name: enter a value")
        #expect(state.data["client"]?["firstName"] == .string("Ana"), "posted values are kept for the re-render")
        let stored = try engine.instance(instance.id, session: "s")
        #expect(stored == instance, "a failed post stores nothing")
    }

    @Test func messagesComeInThePagesLanguage() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        let state = try #require(try submit(engine, instance, "continue", [], language: "ro").invalid)
        #expect(state.errors.first?.message == "Prenume: introduceți o valoare")
    }

    @Test func aNumberFieldRejectsTextWithATypeError() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        let state = try #require(try submit(engine, instance, "continue",
                                            [("loan.amount", "lots"), ("loan.purpose", "car"), ("loan.term", "12")]).invalid)
        #expect(state.errors == [FieldError(key: "loan.amount", message: "Amount: enter a number")])
        #expect(state.rawValues["loan.amount"] == "lots")
    }

    @Test func minAndMaxCompareNumbers() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        let state = try #require(try submit(engine, instance, "continue",
                                            [("loan.amount", "60000"), ("loan.purpose", "car"), ("loan.term", "12")]).invalid)
        #expect(state.errors.map(\.message) == ["Amount: enter 50,000 or less"])
    }

    @Test func aChoiceOutsideTheOptionsIsRejected() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        let state = try #require(try submit(engine, instance, "continue",
                                            [("loan.amount", "600"), ("loan.purpose", "yacht"), ("loan.term", "12")]).invalid)
        #expect(state.errors.map(\.key) == ["loan.purpose"])
    }

    @Test func keysNotOnTheScreenAreIgnored() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        let moved = try #require(try submit(engine, instance, "continue", personal + [("application.approved", "true")]).applied)
        #expect(moved.data["application"]?["approved"] == nil)
    }

    @Test func hiddenAndDisabledFieldsAreNeitherValidatedNorSaved() throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": [
              { "type": "input", "key": "a", "label": "A", "hide": "true", "validators": [ { "type": "required" } ] },
              { "type": "input", "key": "b", "label": "B", "disabled": "fixed == 1", "validators": [ { "type": "required" } ] },
              { "type": "input", "key": "c", "label": "C" } ],
            "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
          { "id": "e", "type": "end" } ]
        """)
        let instance = try engine.start(process: "p", session: "s")
        let done = try #require(try submit(engine, instance, "go", [("a", "x"), ("b", "y"), ("c", "z")]).applied)
        #expect(done.data["a"] == nil)
        #expect(done.data["b"] == nil)
        #expect(done.data["c"] == .string("z"))
    }

    @Test func aScreenThatReadsNoDataIsResolvedOnceAndOneThatDoesFollowsItsData() throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "fixed" },
          { "id": "fixed", "type": "userTask", "screen": [
              { "type": "card", "title": "G", "children": [ { "type": "input", "key": "a", "label": "A" } ] } ],
            "actions": [ { "name": "go", "type": "submit", "next": "moving" } ] },
          { "id": "moving", "type": "userTask", "screen": [
              { "type": "input", "key": "b", "label": "B", "hide": "a == 'hide'" },
              { "type": "input", "key": "c", "label": "C" } ],
            "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
          { "id": "e", "type": "end" } ]
        """)
        let instance = try engine.start(process: "p", session: "s")
        let first = try #require(engine.screen(instance, language: "en"))
        let again = try #require(engine.screen(instance, language: "en"))
        #expect(first.components.map(\.definition.identity) == again.components.map(\.definition.identity))
        #expect(first.components.first?.children.map(\.definition.key?.description) == ["a"])
        #expect(first.components.allSatisfy { !$0.disabled && $0.defaultValue == nil })

        let hidden = try #require(try submit(engine, instance, "go", [("a", "hide")]).applied)
        #expect(try #require(engine.screen(hidden, language: "en")).components.map(\.definition.key?.description) == ["c"])
        let shown = try #require(try submit(engine, try engine.start(process: "p", session: "s"), "go", [("a", "show")]).applied)
        #expect(try #require(engine.screen(shown, language: "en")).components.map(\.definition.key?.description) == ["b", "c"])
    }

    /// A screen's resolution is kept by the values it reads (`ResolvedScreens`): views of
    /// instances whose data differ, in any order, each show what resolving their own data shows:
    /// a `hide`, a `default`, a collection's items and a `disabled` that reads the item.
    @Test func aResolvedScreenFollowsEveryValueItReadsInAnyOrder() throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": [
              { "type": "input", "key": "b", "label": "B", "hide": "a == 'hide'" },
              { "type": "input", "key": "c", "label": "C", "default": "d" },
              { "type": "collection", "source": "rows", "label": "Rows", "item": [
                  { "type": "input", "key": "n", "label": "N", "disabled": "$item.locked" } ] } ],
            "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
          { "id": "e", "type": "end" } ]
        """)
        let data: [JSONValue] = [
            ["a": "hide", "d": "one", "rows": [["locked": true], ["locked": false]]],
            ["a": "show", "d": "one", "rows": [["locked": true], ["locked": false]]],
            ["a": "hide", "d": "two", "rows": [["locked": false]]],
            ["a": "hide", "d": "one", "rows": [["locked": false], ["locked": true]]],
        ]
        let instances = try data.map { try engine.start(process: "p", session: "s", seed: $0) }
        for index in [0, 1, 2, 3, 0, 3, 1, 2] {
            let state = try #require(engine.screen(instances[index], language: "en"))
            let task = try #require(engine.project.process(named: "p")?.node("ask")?.userTask)
            var evaluator = Evaluator(language: "en", now: Date())
            let expected = ScreenResolver.resolve(task.screen, data: state.data, evaluator: &evaluator)
            #expect(Self.shape(state.components) == Self.shape(expected), "instance \(index)")
        }
    }

    /// A screen whose conditions ask the clock is resolved on each view: it follows the clock.
    @Test func aScreenWhoseConditionAsksTheClockFollowsTheClock() throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))   // 2030-03-17
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": [
              { "type": "input", "key": "b", "label": "B", "hide": "today() > '2030-06-01'" } ],
            "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
          { "id": "e", "type": "end" } ]
        """, configuration: .init(now: clock.now))
        let instance = try engine.start(process: "p", session: "s")
        #expect(try #require(engine.screen(instance, language: "en")).components.count == 1)
        clock.advance(by: .days(365))   // 2031
        #expect(try #require(engine.screen(instance, language: "en")).components.isEmpty)
    }

    /// What a resolution shows: each component's key, whether it is disabled, its default, and
    /// its items' components the same way.
    static func shape(_ components: [ResolvedComponent]) -> [String] {
        components.map { component in
            "\(component.definition.key?.description ?? "-") \(component.disabled) \(component.defaultValue.map { "\($0)" } ?? "-") "
                + "[\(component.items.map { Self.shape($0.components).joined(separator: ",") }.joined(separator: "|"))]"
        }
    }

    @Test func aStalePostIsRefusedWithANotice() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        let first = instance
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        let result = try engine.perform(action: "continue", on: first.id, session: "s",
                                        form: PostedForm([("_screen", "personal")] + personal), language: "en")
        #expect(result.notice?.contains("earlier screen") == true)
        #expect(try engine.instance(first.id, session: "s").current == "loan")
    }

    @Test func anUnknownActionIsAnError() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        #expect(throws: RuntimeError.unknownAction("fly")) { try submit(engine, instance, "fly", []) }
    }
}

@Suite struct BackNavigation {
    @Test func backReturnsToThePreviousUserTaskAndKeepsItsData() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        instance = try #require(try engine.back(instance.id, session: "s").applied)
        #expect(instance.current == "personal")
        #expect(instance.data["client"]?["firstName"] == .string("Ana"))
        #expect(instance.history.isEmpty)
    }

    @Test func backFromTheFirstScreenIsRefused() throws {
        let engine = try exampleEngine()
        let instance = try engine.start(process: "loan_application", session: "s")
        #expect(try engine.back(instance.id, session: "s").notice != nil)
        #expect(engine.screen(instance, language: "en")?.canGoBack == false)
    }
}

@Suite struct AutomaticNodes {
    @Test func aGatewayWithNoMatchAndNoDefaultFailsWithAnIncident() throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "g" },
          { "id": "g", "type": "exclusiveGateway", "branches": [ { "when": "fixed == 2", "next": "e" } ] },
          { "id": "e", "type": "end" } ]
        """)
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.node == "g")
    }

    @Test func anEndlessLoopFailsAfterAThousandStepsNamingTheNodes() throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "a" },
          { "id": "a", "type": "scriptTask", "set": { "n": "fixed + 1" }, "next": "b" },
          { "id": "b", "type": "exclusiveGateway", "branches": [ { "next": "a" } ] } ]
        """)
        let instance = try engine.start(process: "p", session: "s")
        #expect(instance.status == .failed)
        #expect(instance.incident?.message.contains("a, b") == true)
    }

    @Test func anEndWithOutcomeFailedFailsTheInstance() throws {
        let engine = try engine(nodes: #"[ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end", "outcome": "failed" } ]"#)
        #expect(try engine.start(process: "p", session: "s").status == .failed)
    }
}

@Suite struct Stepper {
    @Test func theStepperCountsTheDefinitionsStepLabelsInOrder() throws {
        let engine = try exampleEngine()
        var instance = try engine.start(process: "loan_application", session: "s")
        instance = try #require(try submit(engine, instance, "continue", personal).applied)
        let stepper = try #require(engine.screen(instance, language: "en")?.stepper)
        #expect(stepper.steps.count == 3)
        #expect(stepper.current == 1)
    }

    @Test func eachTasksStepperListsEveryStepAndOnlyTheSubstepsOfItsOwnStep() throws {
        let stepTask = { (id: String, labels: String) in
            #"{ "id": "\#(id)", "type": "userTask", \#(labels) "screen": [], "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] }"#
        }
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "a" },
          \(stepTask("a", #""step": "A", "substep": "a1","#)), \(stepTask("b", #""step": "A", "substep": "a2","#)),
          \(stepTask("c", #""step": "B","#)), \(stepTask("d", #""step": "A", "substep": "a1","#)), \(stepTask("n", "")),
          { "id": "e", "type": "end" } ]
        """)
        let b = try #require(engine.steppers.stepper(process: "p", key: "b"))
        #expect(b.steps.map(\.source) == ["A", "B"])
        #expect(b.current == 0)
        #expect(b.substeps.map(\.source) == ["a1", "a2"])
        #expect(b.currentSubstep == 1)
        #expect(engine.steppers.stepper(process: "p", key: "d")?.currentSubstep == 0)
        let c = try #require(engine.steppers.stepper(process: "p", key: "c"))
        #expect(c.current == 1)
        #expect(c.substeps.isEmpty && c.currentSubstep == nil)
        #expect(engine.steppers.stepper(process: "p", key: "n") == nil)
        #expect(engine.steppers.stepper(process: "other", key: "a") == nil)
    }
}

@Suite struct ConcurrentActions {
    @Test func postsToOneInstanceNeverInterleave() async throws {
        let engine = try engine(nodes: """
        [ { "id": "s", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "screen": [ { "type": "input", "key": "n", "label": "N" } ],
            "actions": [ { "name": "save", "type": "save", "params": { "fixed": "fixed + 1" } } ] } ]
        """)
        let instance = try engine.start(process: "p", session: "s")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    _ = try engine.perform(action: "save", on: instance.id, session: "s", form: PostedForm([("n", "1")]), language: "en")
                }
            }
            try await group.waitForAll()
        }
        let final = try engine.instance(instance.id, session: "s")
        #expect(final.version == 51)
        #expect(final.data["fixed"] == .number(51), "every one of the 50 saves was applied to the result of the one before")
    }

    @Test func threadsPostingToSharedAndSeparateInstancesOnSQLiteLoseNoUpdate() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "data": { "count": 0 },
              "nodes": [ { "id": "s", "type": "start", "next": "ask" },
                         { "id": "ask", "type": "userTask", "screen": [ { "type": "input", "key": "n", "label": "N" } ],
                           "actions": [ { "name": "save", "type": "save", "params": { "count": "count + 1" } } ] } ] }
            """,
        ])
        let project = try ProjectLoader(builtInThemes: nil).load(folder).get()
        let store = try SQLiteStore(path: folder.appendingPathComponent("data/flowstage.sqlite").path)
        let engine = ProcessEngine(project: project, store: store.instances)
        // One instance every task posts to, and one of its own per task.
        let shared = try engine.start(process: "p", session: "s")
        let own = try (0..<8).map { _ in try engine.start(process: "p", session: "s") }
        onThreads(8) { thread in
            for round in 0..<20 {
                let target = round.isMultiple(of: 2) ? shared.id : own[thread].id
                do {
                    let result = try engine.perform(action: "save", on: target, session: "s",
                                                    form: PostedForm([("n", "\(round)")]), language: "en")
                    guard case .applied = result else { Issue.record("refused: \(result)"); return }
                } catch {
                    Issue.record("post failed: \(error)")
                }
            }
        }
        #expect(try engine.instance(shared.id, session: "s").data["count"] == .number(80))
        for instance in own {
            #expect(try engine.instance(instance.id, session: "s").data["count"] == .number(10))
        }
    }
}
