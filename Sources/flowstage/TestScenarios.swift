import ArgumentParser
import Definitions
import Expressions
import FlowStageRuntime
import Foundation

struct TestScenarios: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a project's scenarios (scenarios/*.json) as tests, without a browser.",
        discussion: """
            Each scenario starts its process, checks the expected screen before each step, posts
            the step's values with its action and checks the expected field errors. A failing
            step prints what was expected and what happened. The last line is "N passed, N failed".

            Example:
              flowstage test Examples
              flowstage test my-project --scenario happy-path
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @ArgumentParser.Option(help: "Run only the scenario with this name (its file name without .json).")
    var scenario: String?

    @Flag(help: "Print the result as JSON on standard output.")
    var json = false

    func run() throws {
        let check = try ProjectCheck(directory)
        let project = try check.requireLoaded()
        let selected = check.scenarios.filter { scenario == nil || $0.name == scenario }
        if let scenario, selected.isEmpty {
            throw ValidationError("no scenario is named \"\(scenario)\"; the project has \(check.scenarios.map(\.name).joined(separator: ", "))")
        }
        let runner = ScenarioRunner(project: project)
        let reports = selected.map { runner.run($0) }
        let failed = reports.filter { !$0.passed }.count
        if json {
            let result: JSONValue = ["passed": .number(Double(reports.count - failed)), "failed": .number(Double(failed)),
                                     "scenarios": .array(reports.map { .object(["name": .string($0.scenario), "passed": .bool($0.passed),
                                                                                "failures": .array($0.failures.map(JSONValue.string))]) })]
            print(result.serialized(pretty: true))
        } else {
            for report in reports {
                print("\(report.passed ? "✓" : "✗") \(report.scenario)")
                for failure in report.failures { print("    \(failure)") }
            }
            if reports.isEmpty { print("no scenarios in \(check.folder.path)/scenarios") }
            print("\(reports.count - failed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode.failure }
    }
}
