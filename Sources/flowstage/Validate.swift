import ArgumentParser
import Definitions
import Expressions
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check every file of a preview project and print every problem at once.",
        discussion: """
            Errors (file, JSON pointer, what is wrong) come first, then warnings: unreachable
            nodes, missing tags, components that are not supported yet. Exits 1 on any error.

            Example:
              flowstage validate Examples
              flowstage validate my-project --json
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @Flag(help: "Print the result as JSON on standard output.")
    var json = false

    func run() throws {
        let check = try ProjectCheck(directory)
        if json {
            let result: JSONValue = ["valid": .bool(check.errors.isEmpty),
                                     "errors": ProjectCheck.json(check.errors), "warnings": ProjectCheck.json(check.warnings),
                                     "imports": summaries(check.project?.imports ?? []),
                                     "decisions": summaries(check.project.map { $0.decisions.summaries(callers: $0.processes) } ?? [])]
            print(result.serialized(pretty: true))
        } else {
            check.report()
            // What each model became: tasks and forms, stand-ins, conditions and choices; then
            // each DMN file's decisions and the tasks that call them.
            let decisions = check.project.map { $0.decisions.summaries(callers: $0.processes) } ?? []
            for summary in (check.project?.imports ?? []) + decisions {
                print(summary.file)
                for line in summary.lines { print("  " + line) }
            }
            if let project = check.project, check.errors.isEmpty {
                print("\(project.name): \(count(project.processes.count, "process", "processes")), \(count(check.scenarios.count, "scenario", "scenarios"))\(testCases(check)), no errors, \(count(check.warnings.count, "warning", "warnings"))")
            } else {
                Terminal.error("\(count(check.errors.count, "error", "errors")) in \(check.folder.path)")
            }
        }
        if !check.errors.isEmpty { throw ExitCode.failure }
    }

    private func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    private func testCases(_ check: ProjectCheck) -> String {
        let cases = check.camundaTests.reduce(0) { $0 + $1.cases.count }
        return cases == 0 ? "" : ", " + count(cases, "Camunda test case", "Camunda test cases")
    }

    private func summaries(_ list: [ImportSummary]) -> JSONValue {
        .array(list.map { ["file": .string($0.file), "lines": .array($0.lines.map { .string($0) })] })
    }
}
