import Definitions
import Expressions
import Foundation
import Testing

/// `flowstage --version` and `--help`, from the executable `swift build` puts beside the tests.
@Suite struct CommandLineVersionAndHelp {
    @Test func versionPrintsTheOneVersionConstant() throws {
        let output = try FlowStageExecutable.run(["--version"])
        #expect(output.status == 0)
        #expect(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == FlowStageVersion.current)
    }

    @Test func helpPointsToTheReference() throws {
        let output = try FlowStageExecutable.run(["--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("docs/reference/README.md"), "\(output.standardOutput)")
    }
}

/// `flowstage feel`: the server's FEEL engine on the command line, and JSON lines for tools.
@Suite struct CommandLineFEEL {
    @Test func anExpressionPrintsItsValueAndFEELType() throws {
        let output = try FlowStageExecutable.run(["feel", "amount * 2 > 0.3", "--context", #"{"amount": 0.2}"#])
        #expect(output.status == 0)
        #expect(output.standardOutput == "true  (boolean)\n")
    }

    @Test func anExpressionThatDoesNotParseFails() throws {
        #expect(try FlowStageExecutable.run(["feel", "1 +"]).status != 0)
    }

    @Test func jsonLinesAnswerEachLineWithItsTypeAndValueOrItsError() throws {
        let lines = [
            #"{"expression": "d + duration(\"P1M\")", "contextExpression": "{d: date(\"2024-01-31\")}"}"#,
            #"{"expression": "[a, b]", "context": {"a": 1, "b": "x"}}"#,
            #"{"expression": "1 +"}"#,
            #"{"expression": "a", "context": [1]}"#,
        ]
        let output = try FlowStageExecutable.run(["feel", "--jsonl"], input: lines.joined(separator: "\n") + "\n")
        let answers = output.standardOutput.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
        #expect(answers.count == 4)
        #expect(answers[0] == ["type": "date", "value": "2024-02-29"])
        #expect(answers[1] == ["type": "list<Any>", "value": [1, "x"]])
        #expect(answers[2] == ["error": "expected a value but found the end of the expression", "column": 4])
        #expect(answers[3]?["error"]?.stringValue?.hasPrefix("line 4: \"context\" must be a JSON object") == true)
    }
}

private enum FlowStageExecutable {
    struct Output {
        let status: Int32
        let standardOutput: String
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: run `swift build` first" }
    }

    static func run(_ arguments: [String], input: String? = nil) throws -> Output {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = folder.appendingPathComponent("flowstage")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw Missing(path: executable.path) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let standardInput = Pipe()
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self))
    }
}
