import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// A project with one process `p` (a screen and an end) and the given flow files.
private func flowProject(_ flows: [String: String]) throws -> URL {
    var files = [
        "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
        "processes/p.json": #"{ "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#,
    ]
    for (name, text) in flows { files["flows/\(name)"] = text }
    return try RepositoryPaths.fixture(files)
}

private func flowErrors(_ flows: [String: String], registeredConditions: Set<String> = []) throws -> [LoadError] {
    var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
    loader.registeredConditions = registeredConditions
    if case .failure(let errors) = loader.load(try flowProject(flows)) { return errors.errors }
    return []
}

/// A valid flow: two screen states and a process state; `replace` edits its text.
private func flowText(_ replace: [(String, String)] = []) -> String {
    var text = """
    { "name": "f", "firstState": "a",
      "conditions": { "ready": "ok == true" },
      "states": [
        { "state": "a", "screen": [ { "type": "button", "label": "Go", "event": "Next" } ],
          "events": [ { "eventId": "next", "nextStates": [ { "condition": ["ready"], "nextState": "b" },
                                                           { "condition": [], "nextState": "run" } ] } ] },
        { "state": "b", "screen": [], "events": [ { "eventId": "back", "nextStates": [ { "condition": [], "nextState": "a" } ] } ] },
        { "state": "run", "process": "p", "input": { "x": "ok" }, "output": { "y": "x" },
          "events": [ { "eventId": "completed", "nextStates": [ { "condition": [], "nextState": "b" } ] } ] } ] }
    """
    for (old, new) in replace { text = text.replacingOccurrences(of: old, with: new) }
    return text
}

@Suite struct FlowLoading {
    @Test func aValidFlowLoadsIntoTheProject() throws {
        var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
        loader.registeredConditions = []
        let project = try loader.load(try flowProject(["f.json": flowText()])).get()
        let flow = try #require(project.flow(named: "f"))
        #expect(flow.states.map(\.id) == ["a", "b", "run"])
        #expect(flow.firstStateID == "a")
        #expect(flow.state(id: "a")?.event("NEXT")?.nextStates.map(\.stateID) == ["b", "run"])
        #expect(flow.state(id: "a")?.event("next")?.nextStates.first?.conditions == ["ready"])
        #expect(flow.state(id: "b")?.backEvent?.nextStates.first?.stateID == "a")
        #expect(flow.state(id: "run")?.process?.process == "p")
        #expect(flow.state(id: "run")?.process?.input.map(\.path.description) == ["x"])
        #expect(flow.conditions["ready"]?.source == "ok == true")
    }

    @Test func theExampleOnboardingFlowLoadsWithoutErrorsOrWarnings() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let flow = try #require(project.flow(named: "onboarding"))
        #expect(!flow.conditions.isEmpty)
        #expect(flow.states.contains { $0.backEvent != nil })
        #expect(flow.states.contains { $0.process?.process == "loan_application" })
        #expect(project.warnings.isEmpty, "\(project.warnings)")
    }

    @Test func aFlowLoadsOnItsOwnFromAFile() throws {
        let folder = try flowProject(["f.json": flowText()])
        let flow = try FlowLoader(processes: ["p"]).load(folder.appendingPathComponent("flows/f.json")).get()
        #expect(flow.name == "f")
        #expect(flow.file == "f.json")
    }

    @Test func withoutFirstStateTheFirstEntryOfStatesIsFirst() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes)
            .load(try flowProject(["f.json": flowText([(#""firstState": "a","#, "")])])).get()
        #expect(project.flow(named: "f")?.firstStateID == "a")
    }

    // MARK: - Error codes

    @Test func error1001_aFlowFileThatIsNotValidJSON() throws {
        let found = try flowErrors(["f.json": "{ \"name\": \"f\", \"states\": [ }"])
        #expect(found.count == 1)
        #expect(found.first?.file == "flows/f.json")
        #expect(found.first?.flowCode == 1001)
        #expect(found.first?.message.hasPrefix("error 1001: ") == true)
        #expect(found.first?.message.contains("line 1") == true)
    }

    @Test func error1001_aFlowFileThatCannotBeRead() throws {
        let result = FlowLoader().load(URL(fileURLWithPath: "/nonexistent/flows/x.json"), file: "flows/x.json")
        guard case .failure(let errors) = result else { Issue.record("loaded a missing file"); return }
        #expect(errors.errors.first?.flowCode == 1001)
        #expect(errors.errors.first?.message.contains("does not exist") == true)
    }

    @Test func error1002_aFlowWithNoStates() throws {
        let empty = try flowErrors(["f.json": #"{ "name": "f", "states": [] }"#])
        #expect(empty.map(\.flowCode) == [1002])
        #expect(empty.first?.pointer == "/states")
        let missing = try flowErrors(["f.json": #"{ "name": "f" }"#])
        #expect(missing.map(\.flowCode) == [1002])
        #expect(missing.first?.pointer == "")
        #expect(missing.first?.message.contains("add at least one") == true)
    }

    @Test func error1003_anUndefinedStateIdNamesTheIdAndWhereItWasReferenced() throws {
        let found = try flowErrors(["f.json": flowText([(#""nextState": "run""#, #""nextState": "Run""#),
                                                        (#""firstState": "a""#, #""firstState": "start""#)])])
        #expect(found.map(\.flowCode) == [1003, 1003])
        let next = try #require(found.first { $0.pointer == "/states/0/events/0/nextStates/1/nextState" })
        #expect(next.message.contains(#"state "Run" is not defined"#))
        #expect(next.message.contains(#"event "next" of state "a""#))
        #expect(next.message.contains("case-sensitive"))
        #expect(found.contains { $0.pointer == "/firstState" && $0.message.contains(#""start""#) })
        #expect(next.description.hasPrefix("flows/f.json /states/0/events/0/nextStates/1/nextState: error 1003: "))
    }

    @Test func error1004_anUndefinedConditionId() throws {
        let found = try flowErrors(["f.json": flowText([(#"["ready"]"#, #"["ready", "Ready"]"#)])])
        #expect(found.map(\.flowCode) == [1004])
        #expect(found.first?.pointer == "/states/0/events/0/nextStates/0/condition/1")
        #expect(found.first?.message.contains(#"condition "Ready" is not defined"#) == true)
        #expect(found.first?.message.contains("register it in Swift") == true)
    }

    @Test func error1004_isNotRaisedForAConditionRegisteredInSwift() throws {
        let text = flowText([(#"["ready"]"#, #"["fromSwift"]"#)])
        #expect(try flowErrors(["f.json": text]).map(\.flowCode) == [1004])
        #expect(try flowErrors(["f.json": text], registeredConditions: ["fromSwift"]).isEmpty)
    }

    @Test func error1008_aDuplicateStateId() throws {
        let found = try flowErrors(["f.json": flowText([(#"{ "state": "b""#, #"{ "state": "a""#),
                                                        (#""nextState": "b""#, #""nextState": "a""#)])])
        #expect(found.map(\.flowCode) == [1008])
        #expect(found.first?.pointer == "/states/1/state")
        #expect(found.first?.message.contains(#"duplicate state id "a""#) == true)
    }

    @Test func stateIdsDifferingOnlyInCaseAreNotDuplicates() throws {
        #expect(try flowErrors(["f.json": flowText([(#"{ "state": "b""#, #"{ "state": "A""#),
                                                    (#""nextState": "b""#, #""nextState": "A""#)])]).isEmpty)
    }

    @Test func everyFlowErrorOfEveryFileIsReportedAtOnce() throws {
        let found = try flowErrors([
            "f.json": flowText([(#""nextState": "run""#, #""nextState": "nowhere""#), (#"["ready"]"#, #"["ghost"]"#)]),
            "g.json": "not json",
            "h.json": #"{ "name": "h", "states": [] }"#,
        ])
        #expect(Set(found.compactMap(\.flowCode)) == [1001, 1002, 1003, 1004])
        #expect(Set(found.map(\.file)) == ["flows/f.json", "flows/g.json", "flows/h.json"])
    }

    // MARK: - Other checks

    @Test func aButtonFiringAnEventItsStateLacksIsAWarningNotALoadError() throws {
        let folder = try flowProject(["f.json": flowText([(#""event": "Next""#, #""event": "finish""#)])])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let found = project.warnings.filter { $0.file == "flows/f.json" && $0.message.contains("has no event") }
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/states/0/screen/0/event")
        #expect(found.first?.message.contains("has no event \"finish\"") == true)
        #expect(found.first?.message.contains("error 1005") == true)
        #expect(found.first?.message.contains("add \"finish\" to the state's \"events\"") == true)
        #expect(found.first?.flowCode == nil)
    }

    @Test func aBackButtonIsAlwaysAllowed() throws {
        #expect(try flowErrors(["f.json": flowText([(#""event": "Next""#, #""event": "Back""#)])]).isEmpty)
    }

    @Test func aStateMustLaunchAnExistingProcess() throws {
        let found = try flowErrors(["f.json": flowText([(#""process": "p""#, #""process": "nope""#)])])
        #expect(found.map(\.pointer) == ["/states/2/process"])
    }

    @Test func eventIdsThatDifferOnlyInCaseAreOneEventAndMayNotRepeat() throws {
        let found = try flowErrors(["f.json": flowText([(#"{ "eventId": "back""#,
            #"{ "eventId": "Go", "nextStates": [ { "nextState": "a" } ] }, { "eventId": "GO""#)])])
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/states/1/events/1/eventId")
    }

    @Test func aBadConditionExpressionIsReportedOnceWithItsColumn() throws {
        let found = try flowErrors(["f.json": flowText([(#""ok == true""#, #""ok == (true""#)])])
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/conditions/ready")
        #expect(found.first?.message.contains("column") == true)
    }

    @Test func twoFlowsWithOneNameAreAnError() throws {
        let found = try flowErrors(["f.json": flowText(), "g.json": flowText()])
        #expect(found.map(\.description) == [#"flows/g.json /name: another flow is already named "f"; give this one its own "name""#])
    }

    @Test func aSuggestionListNamesEachIdOnce() throws {
        let flow = """
        { "name": "f", "states": [
            { "state": "one", "screen": [], "events": [ { "eventId": "go", "nextStates": [ { "condition": [], "nextState": "two" } ] } ] },
            { "state": "one", "screen": [], "events": [] },
            { "state": "three", "screen": [], "events": [] } ] }
        """
        let found = try flowErrors(["f.json": flow]).filter { $0.flowCode == 1003 }
        #expect(found.count == 1)
        #expect(found.first?.message.contains(#"use one of "one", "three" (ids"#) == true)
    }
}
