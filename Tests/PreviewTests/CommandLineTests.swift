import Definitions
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

private enum FlowStageExecutable {
    struct Output {
        let status: Int32
        let standardOutput: String
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: run `swift build` first" }
    }

    static func run(_ arguments: [String]) throws -> Output {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = folder.appendingPathComponent("flowstage")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw Missing(path: executable.path) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self))
    }
}
