import ArgumentParser
import Definitions
import Expressions
import FlowStageRuntime
import Foundation

struct TestScenarios: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a project's scenarios (scenarios/*.json) and Camunda Process Test cases as tests, without a browser.",
        discussion: """
            Each scenario starts its process, checks the expected screen before each step, posts
            the step's values with its action and checks the expected field errors. A failing
            step prints what was expected and what happened.

            Camunda Process Test cases are JSON files anywhere in the folder whose top level has
            "testCases" (Camunda keeps them in src/test/resources/test-cases/). Each test case runs
            its instructions on a fresh instance store; a failing one prints the instruction (its
            number, type and JSON pointer), what was expected and what the instance holds.

            The last line is "N passed, N failed".

            Example:
              flowstage test Examples
              flowstage test my-project --scenario happy-path
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @ArgumentParser.Option(help: "Run only the scenario, or the Camunda test case, with this name (a scenario's file name without .json).")
    var scenario: String?

    @Flag(help: "Print the result as JSON on standard output.")
    var json = false

    @Flag(help: "Also write each scenario's walk as a Camunda Process Test case, test-cases/<scenario>.json in the folder.")
    var record = false

    func run() throws {
        let check = try ProjectCheck(directory)
        let project = try check.requireLoaded()
        let (files, problems) = (check.camundaTests, check.camundaTestProblems)
        let selected = check.scenarios.filter { scenario == nil || $0.name == scenario }
        let cases = files.flatMap { file in file.cases.map { (file: file.file, testCase: $0) } }
            .filter { scenario == nil || $0.testCase.name == scenario }
        if let scenario, selected.isEmpty, cases.isEmpty {
            let names = check.scenarios.map(\.name) + files.flatMap { $0.cases.map(\.name) }
            throw ValidationError("no scenario or test case is named \"\(scenario)\"; the project has \(names.joined(separator: ", "))")
        }
        let runner = ScenarioRunner(project: project)
        let reports = selected.map { runner.run($0) }
        if record { try write(selected, runner: runner, project: project, folder: check.folder) }
        let camunda = CamundaTestCaseRunner(project: project)
        let caseReports = cases.map { camunda.run($0.testCase, file: $0.file) }
        // A file that is no test-case file at all (not JSON, `testCases` not a list) fails the run too.
        let unreadable = problems.filter { problem in !files.contains { $0.file == problem.file } }
        let failed = reports.filter { !$0.passed }.count + caseReports.filter { !$0.passed }.count + unreadable.count
        let total = reports.count + caseReports.count + unreadable.count
        if json {
            let result: JSONValue = [
                "passed": .number(Double(total - failed)), "failed": .number(Double(failed)),
                "scenarios": .array(reports.map { .object(["name": .string($0.scenario), "passed": .bool($0.passed),
                                                           "failures": .array($0.failures.map(JSONValue.string))]) }),
                "testCases": .array(caseReports.map { report in
                    var entry: [String: JSONValue] = ["file": .string(report.file), "name": .string(report.name), "passed": .bool(report.passed)]
                    if let failure = report.failure {
                        entry["failure"] = ["instruction": failure.index.map { .number(Double($0 + 1)) } ?? .null,
                                            "type": failure.type.map(JSONValue.string) ?? .null,
                                            "pointer": .string(failure.pointer), "message": .string(failure.message)]
                    }
                    return .object(entry)
                }),
                "unreadable": .array(unreadable.map { .string($0.description) }),
            ]
            print(result.serialized(pretty: true))
        } else {
            for report in reports {
                print("\(report.passed ? "✓" : "✗") \(report.scenario)")
                for failure in report.failures { print("    \(failure)") }
            }
            for report in caseReports {
                print("\(report.passed ? "✓" : "✗") \(report.file): \(report.name)")
                if let failure = report.failure {
                    let place = failure.index.map { "instruction \($0 + 1) (\(failure.type ?? "")) at \(failure.pointer)" } ?? failure.pointer
                    print("    \(place): \(failure.message)")
                }
            }
            for problem in unreadable { print("✗ \(problem)") }
            for line in coverage(caseReports, project: project) { print(line) }
            if total == 0 { print("no scenarios in \(check.folder.path)/scenarios and no Camunda test cases in the folder") }
            print("\(total - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// Per process the Camunda test cases started: how many of its user tasks and ends they
    /// reached, and which not (a stand-in counts as reached when its job was).
    private func coverage(_ reports: [CamundaTestReport], project: Project) -> [String] {
        var reached: [String: Set<String>] = [:]
        for report in reports { reached.merge(report.reached) { $0.union($1) } }
        return reached.keys.sorted().compactMap { name in
            guard let process = project.process(named: name) else { return nil }
            let places = process.nodes.compactMap { node -> String? in
                switch node.kind {
                case .end: return node.id
                // Pages FlowStage adds (`__ask`, `__unset`, `__choice`…) are no elements of the model.
                case .userTask: return node.id.contains("__") ? nil : node.id
                case .serviceTask(let service) where service.ask != nil: return node.id
                default: return nil
                }
            }
            let missing = places.filter { !(reached[name] ?? []).contains($0) }
            return "coverage: the test cases reached \(places.count - missing.count) of \(places.count) tasks and ends of \(name)"
                + (missing.isEmpty ? "" : " (not: \(missing.joined(separator: ", ")))")
        }
    }

    /// `--record`: each scenario walked again on its own engine, its instance written as a test case.
    private func write(_ scenarios: [Scenario], runner: ScenarioRunner, project: Project, folder: URL) throws {
        let recorder = CamundaTestCaseRecorder(project: project)
        let target = folder.appendingPathComponent("test-cases")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for scenario in scenarios {
            let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init())
            guard let instance = runner.walk(scenario, engine: engine, session: "record",
                                             language: scenario.language ?? project.defaultLanguage).instance else { continue }
            let recording = recorder.record(instance, name: scenario.name)
            let file = target.appendingPathComponent(scenario.name + ".json")
            try Data((recording.file.serialized(pretty: true) + "\n").utf8).write(to: file)
            Terminal.error("recorded \(scenario.name) as test-cases/\(scenario.name).json" + (recording.stopped.map { " (it stops early: \($0))" } ?? "")
                           + (recording.failure.map { "; run as a test case it fails: \($0)" } ?? ""))
        }
    }
}
