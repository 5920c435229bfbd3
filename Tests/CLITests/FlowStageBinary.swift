import Foundation

/// The `flowstage` binary `swift build` puts beside the test bundle, run as a user runs it.
enum FlowStageBinary {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    struct Missing: Error, CustomStringConvertible { let description: String }

    /// Runs `flowstage` with `arguments`, `input` on its standard input (closed after it).
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> Run {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = folder.appendingPathComponent("flowstage")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Missing(description: "no flowstage binary at \(executable.path); run `swift build` first")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                   errors: String(decoding: err, as: UTF8.self))
    }
}
