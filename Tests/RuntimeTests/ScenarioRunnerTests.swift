import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// `flowstage test`'s engine: scenarios from project.md run through the runtime without HTTP.
@Suite struct Scenarios {
    func project(_ folder: URL = RepositoryPaths.examples) throws -> Project {
        try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
    }

    func scenario(_ json: String, in project: Project) throws -> Scenario {
        let folder = try RepositoryPaths.fixture(["scenarios/s.json": json])
        return try #require(try ScenarioLoader.load(folder, project: project).get().first)
    }

    @Test func theExampleScenariosPass() throws {
        let project = try project()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.examples.appendingPathComponent("scenarios").path)
        #expect(scenarios.map(\.name).sorted() == files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted(),
                "every file of Examples/scenarios is a scenario")
        for scenario in scenarios {
            let report = ScenarioRunner(project: project).run(scenario)
            #expect(report.passed, "\(scenario.name): \(report.failures)")
            #expect(!report.screens.isEmpty)
        }
    }

    @Test func aStepMayExpectAndActOnAnyWaitingTaskIncludingACalledProcesssTask() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/child.json": #"{ "name": "child", "nodes": [ { "id": "s", "type": "start", "next": "ask" }, \#(task("ask", next: "e")), { "id": "e", "type": "end" } ] }"#,
            "processes/p.json": """
            { "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "fork" },
              { "id": "fork", "type": "parallelGateway", "next": ["a", "call"] },
              \(task("a", next: "join")),
              { "id": "call", "type": "callActivity", "process": "child", "output": { "got": "value" }, "next": "join" },
              { "id": "join", "type": "parallelGateway", "next": "done" },
              { "id": "done", "type": "end" } ] }
            """,
        ])
        let project = try project(folder)
        let walk = try scenario(#"""
            { "process": "p", "steps": [ { "expect": "call/ask", "action": "ok", "values": { "value": "x" } },
                                         { "expect": "a", "action": "ok" }, { "expect": "end:completed" } ] }
            """#, in: project)
        let report = ScenarioRunner(project: project).run(walk)
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.screens.map(\.nodeID) == ["call/ask", "a"])
    }

    @Test func aWrongExpectedScreenSaysWhatWasFound() throws {
        let project = try project()
        let walk = try scenario(#"""
            { "process": "loan_application", "steps": [ { "expect": "loan" } ] }
            """#, in: project)
        let report = ScenarioRunner(project: project).run(walk)
        #expect(report.failures == [#"step 1: expected screen "loan", found screen "personal""#])
    }

    @Test func expectedFieldErrorsPassWhenThePostIsRefusedOnThoseKeys() throws {
        let project = try project()
        let walk = try scenario(#"""
            { "process": "loan_application", "steps": [
              { "expect": "personal", "action": "continue", "values": { "client.lastName": "Pop" },
                "expectErrors": ["client.firstName", "client.email"] },
              { "expect": "personal" } ] }
            """#, in: project)
        #expect(ScenarioRunner(project: project).run(walk).passed)
    }

    @Test func unexpectedFieldErrorsFailWithTheirMessages() throws {
        let project = try project()
        let walk = try scenario(#"""
            { "process": "loan_application", "steps": [
              { "expect": "personal", "action": "continue", "values": { "client.firstName": "Ana", "client.lastName": "Pop" } } ] }
            """#, in: project)
        let failures = ScenarioRunner(project: project).run(walk).failures
        #expect(failures.count == 1)
        #expect(failures.first?.contains("client.email") == true)
    }

    @Test func aScenarioNamingAnUnknownScreenOrActionIsALoadError() throws {
        let project = try project()
        let folder = try RepositoryPaths.fixture(["scenarios/bad.json": #"""
            { "process": "loan_application", "steps": [
              { "expect": "nowhere" }, { "expect": "personal", "action": "fly" }, { "expect": "end:won" } ] }
            """#])
        guard case .failure(let failed) = ScenarioLoader.load(folder, project: project) else {
            Issue.record("should fail")
            return
        }
        #expect(failed.errors.map(\.pointer) == ["/steps/0/expect", "/steps/1/action", "/steps/2/expect"])
        #expect(failed.errors.allSatisfy { $0.file == "scenarios/bad.json" })
    }

    /// A process whose one screen has a name and a mood, ending on one of two end pages.
    func moodProject() throws -> Project {
        try project(try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/hello.json": #"""
            { "name": "hello", "nodes": [
              { "id": "start", "type": "start", "next": "name" },
              { "id": "name", "type": "userTask", "title": "Name",
                "screen": [ { "type": "input", "key": "person.name", "label": "Name", "validators": [ { "type": "required" } ] },
                            { "type": "radio", "key": "person.mood", "label": "Mood", "validators": [ { "type": "required" } ],
                              "options": [ { "value": "good", "label": "Good" }, { "value": "meh", "label": "So-so" } ] } ],
                "actions": [ { "name": "continue", "type": "submit", "next": "route" } ] },
              { "id": "route", "type": "exclusiveGateway",
                "branches": [ { "when": "person.mood == 'good'", "next": "happy" }, { "next": "other" } ] },
              { "id": "happy", "type": "end", "message": "Great, ${person.name}!" },
              { "id": "other", "type": "end", "message": "Hope it gets better." } ] }
            """#,
        ]))
    }

    @Test func aStepsValuesAddToTheScreensCurrentValuesInsteadOfReplacingThem() throws {
        let project = try moodProject()
        // The second step posts only the mood: the name typed in the refused first step stays.
        let walk = try scenario(#"""
            { "process": "hello", "steps": [
              { "expect": "name", "action": "continue", "values": { "person.name": "Ana" }, "expectErrors": ["person.mood"] },
              { "expect": "name", "action": "continue", "values": { "person.mood": "good" } },
              { "expect": "end:completed" } ] }
            """#, in: project)
        let report = ScenarioRunner(project: project).run(walk)
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.end?.data["person"]?["name"] == JSONValue.string("Ana"))
    }

    @Test func anEndPageCanBeExpectedByItsEndNode() throws {
        let project = try moodProject()
        let walk = try scenario(#"""
            { "process": "hello", "steps": [
              { "expect": "name", "action": "continue", "values": { "person.name": "Ana", "person.mood": "good" } },
              { "expect": "happy" } ] }
            """#, in: project)
        let report = ScenarioRunner(project: project).run(walk)
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.end?.endNode == "happy")
        let wrong = try scenario(#"""
            { "process": "hello", "steps": [
              { "expect": "name", "action": "continue", "values": { "person.name": "Ana", "person.mood": "meh" } },
              { "expect": "happy" } ] }
            """#, in: project)
        #expect(ScenarioRunner(project: project).run(wrong).failures
                == [#"step 2: expected the end page "happy", found the end (completed) at the end page "other""#])
    }
}

@Suite struct Lint {
    @Test func aNodeNothingLeadsToIsReportedAsUnreachable() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
                { "name": "p", "nodes": [
                  { "id": "start", "type": "start", "next": "end" },
                  { "id": "lost", "type": "scriptTask", "set": {}, "next": "end" },
                  { "id": "end", "type": "end" } ] }
                """#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let warnings = ProjectLint.unreachableNodes(project)
        #expect(warnings.map(\.pointer) == ["/nodes/1"])
        #expect(warnings.first?.message.contains("\"lost\" cannot be reached") == true)
    }

    @Test func theExampleHasNoUnreachableNodes() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        #expect(ProjectLint.unreachableNodes(project).isEmpty)
    }
}
