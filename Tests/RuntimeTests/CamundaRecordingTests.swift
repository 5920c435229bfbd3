import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import Testing
import TestSupport

/// "Save as test case" and `flowstage test --record`: an instance's walk written as a Camunda
/// Process Test case that follows Camunda 8.9's schema and, run again, reaches the same end.
struct CamundaRecordingTests {
    /// Camunda 8.9's rules for the instructions a recording writes, as Camunda's documentation
    /// states them (required and allowed fields per type): our own words, not the schema file.
    static let rules: [String: (required: Set<String>, allowed: Set<String>)] = [
        "CREATE_PROCESS_INSTANCE": (["processDefinitionSelector"], ["processDefinitionSelector", "variables", "startInstructions", "runtimeInstructions"]),
        "COMPLETE_USER_TASK": (["userTaskSelector"], ["userTaskSelector", "variables", "useExampleData"]),
        "COMPLETE_JOB": (["jobSelector"], ["jobSelector", "variables", "useExampleData"]),
        "THROW_BPMN_ERROR_FROM_JOB": (["jobSelector", "errorCode"], ["jobSelector", "errorCode", "errorMessage", "variables"]),
        "MOCK_JOB_WORKER_COMPLETE_JOB": (["jobType"], ["jobType", "variables", "useExampleData"]),
        "MOCK_JOB_WORKER_THROW_BPMN_ERROR": (["jobType", "errorCode"], ["jobType", "errorCode", "errorMessage", "variables"]),
        "PUBLISH_MESSAGE": (["name"], ["name", "correlationKey", "variables", "timeToLive", "messageId"]),
        "BROADCAST_SIGNAL": (["signalName"], ["signalName", "variables"]),
        "INCREASE_TIME": (["duration"], ["duration"]),
        "ASSERT_PROCESS_INSTANCE": (["processInstanceSelector"], ["processInstanceSelector", "state", "hasActiveIncidents"]),
        "ASSERT_ELEMENT_INSTANCES": (["processInstanceSelector", "elementSelectors", "state"], ["processInstanceSelector", "elementSelectors", "state"]),
    ]

    private static let project = Result { try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get() }

    /// A scenario of the examples, walked on a preview engine and recorded.
    private func recorded(_ name: String) throws -> CamundaTestCaseRecorder.Recording {
        let project = try Self.project.get()
        let scenario = try #require(try ScenarioLoader.load(RepositoryPaths.examples, project: project).get().first { $0.name == name })
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init())
        let instance = try #require(ScenarioRunner(project: project).walk(scenario, engine: engine, session: "s", language: "en").instance)
        return CamundaTestCaseRecorder(project: project).record(instance, name: name)
    }

    @Test(arguments: ["expense-claim-small", "expense-claim-rejected", "expense-claim-reminder", "happy-path", "employment-check"])
    func aRecordedWalkFollowsTheSchemaAndPassesAgain(_ name: String) throws {
        let recording = try recorded(name)
        #expect(recording.stopped == nil && recording.failure == nil, "\(recording.stopped ?? "") \(recording.failure ?? "")")
        let file = recording.file
        #expect(file["$schema"] == "https://camunda.com/json-schema/cpt-test-cases/8.9/schema.json")
        let testCase = try #require(file["testCases"]?.arrayValue?.first)
        #expect(testCase["name"]?.stringValue == name && testCase["instructions"]?.arrayValue != nil)
        for instruction in testCase["instructions"]?.arrayValue ?? [] {
            let type = try #require(instruction["type"]?.stringValue)
            let rule = try #require(Self.rules[type], "a recording writes no \(type)")
            let fields = Set(instruction.objectValue?.keys.filter { $0 != "type" } ?? [])
            #expect(rule.required.isSubset(of: fields) && fields.isSubset(of: rule.allowed), "\(type): \(fields.sorted())")
        }
        // Read back as any file would be, and run: it passes, so it reaches the walk's end.
        let read = CamundaTestCaseReader.decode(try JSONParser.parse(file.serialized(pretty: true)), file: "\(name).json")
        #expect(read.cases.count == 1 && read.cases[0].problem == nil)
        #expect(CamundaTestCaseRunner(project: try Self.project.get()).run(read.cases[0], file: "\(name).json").passed)
    }

    @Test func aWalkEndsWithAssertionsOnItsEnd() throws {
        let instructions = try recorded("expense-claim-rejected").testCase["instructions"]?.arrayValue ?? []
        #expect(instructions.first?["type"] == "CREATE_PROCESS_INSTANCE")
        #expect(instructions.suffix(2).map { $0["type"]?.stringValue } == ["ASSERT_PROCESS_INSTANCE", "ASSERT_ELEMENT_INSTANCES"])
        #expect(instructions.last?["elementSelectors"] == [["elementId": "claim-rejected"]])
    }

    @Test func aPathThePersonPicksEndsTheRecordingSayingWhy() throws {
        let recording = try recorded("supplier-check-unset")
        #expect(recording.stopped == "step 2 chose “path-3” on “checks”: a path the person picks, which a test case cannot choose")
    }

    @Test func aTimerThatAnEngineFiresWithAnotherSaysSoWhenRunAgain() throws {
        // The walk pressed only the 3-day timer; moving the clock 3 days fires the 1-day reminder too.
        let recording = try recorded("expense-claim-overdue")
        #expect(recording.failure?.contains("expected the process instance IS_COMPLETED, it is IS_ACTIVE") == true, "\(recording.failure ?? "")")
    }
}
