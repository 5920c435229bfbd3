import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// The store's promise under the worst failure: a process killed with SIGKILL in the middle of
/// an action. A child process (Tests/CrashWorker) saves instances of one database round robin
/// and reports each committed save; the test kills it after a random number of reports, reopens
/// the file and checks every instance. Kill points are chosen by count of reports, not by time.
@Suite struct CrashRecovery {
    static let instances = 8
    static let rounds = 5

    static func counterProject() throws -> URL {
        try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Crash test", "languages": ["en"] }"#,
            "processes/counter.json": """
            { "name": "counter", "data": { "count": 0, "double": 0 },
              "nodes": [ { "id": "start", "type": "start", "next": "ask" },
                         { "id": "ask", "type": "userTask", "screen": [ { "type": "input", "key": "note", "label": "Note" } ],
                           "actions": [ { "name": "save", "type": "save",
                                          "params": { "count": "count + 1", "double": "double + 2" } } ] } ] }
            """,
        ])
    }

    /// On PostgreSQL the worker is a node killed mid-action: what it answered is in the database.
    @Test(arguments: StoreKind.available) func afterSIGKILLEveryInstanceLoadsAndIsExactlyBeforeOrAfterEachAction(_ kind: StoreKind) throws {
        let project = try Self.counterProject()
        let testDatabase = try TestDatabase(kind)
        defer { testDatabase.remove() }
        let database = testDatabase.location
        var generator = SystemRandomNumberGenerator()
        /// The newest version each instance was reported saved at.
        var confirmed: [String: Int] = [:]

        for round in 1...Self.rounds {
            let killAfter = Int.random(in: 1...150, using: &generator)
            let worker = try CrashWorker.launch(project: project, database: database, instances: Self.instances)
            var saves = 0
            /// Takes in one line of the worker: every line is a save already committed.
            func read(_ line: String) throws {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "started": confirmed[words[1]] = 1
                case "saved":
                    let version = try #require(Int(words[2]), "the worker printed \(line)")
                    #expect(version == (confirmed[words[1]] ?? 0) + 1, "saves of \(words[1]) are in order")
                    confirmed[words[1]] = version
                    saves += 1
                default: Issue.record("the worker printed an unexpected line: \(line)")
                }
            }
            while saves < killAfter, let line = worker.readLine() { try read(line) }
            #expect(saves == killAfter, "round \(round): the worker stopped by itself: \(worker.standardError)")
            worker.kill()
            // The worker may have gone on while we read; what it reported before dying is committed.
            while let line = worker.readLine() { try read(line) }

            let store = try testDatabase.open()
            let stored = try store.instanceRecords.records(session: "crash")
            #expect(stored.count == Self.instances, "round \(round): every started instance is in the file")
            var ahead = 0
            for instance in stored {
                let version = try #require(confirmed[instance.id], "an instance the worker never reported: \(instance.id)")
                // The one action in flight when the kill came is either wholly in the file or not at all.
                #expect(instance.version == version || instance.version == version + 1,
                        "round \(round): \(instance.id) is at version \(instance.version), last confirmed \(version)")
                if instance.version == version + 1 { ahead += 1 }
                #expect(instance.data["count"] == .number(Double(instance.version - 1)),
                        "round \(round): the data changed together with the version")
                #expect(instance.data["double"] == .number(Double(2 * (instance.version - 1))),
                        "round \(round): both fields of one action were applied together")
                confirmed[instance.id] = instance.version
            }
            #expect(ahead <= 1, "only one action was in flight")
            try store.shutDown()
        }
    }
}

/// The kept records of one process never hide what another process saved: the worker saves,
/// and after each save it reports, a load here returns that version or a newer one.
@Suite struct SavesByAnotherProcess {
    @Test func aSaveReportedByAnotherProcessIsSeenByTheNextLoad() throws {
        let project = try CrashRecovery.counterProject()
        let database = project.appendingPathComponent("data/flowstage.sqlite").path
        let store = try SQLiteStore(path: database)
        defer { try? store.close() }
        let worker = try CrashWorker.launch(project: project, database: database, instances: 2)
        defer { worker.kill() }
        var seen = 0
        while seen < 200, let line = worker.readLine() {
            let words = line.split(separator: " ").map(String.init)
            let id = try #require(words.count >= 2 ? words[1] : nil, "the worker printed \(line)")
            let reported = words.first == "saved" ? try #require(Int(words[2])) : 1
            let loaded = try #require(try store.instances.load(id), "\(id) is in the file")
            #expect(loaded.version >= reported, "\(id): loaded version \(loaded.version) after the worker saved \(reported)")
            #expect(loaded.data["count"] == .number(Double(loaded.version - 1)))
            seen += 1
        }
        #expect(seen == 200, "the worker stopped by itself: \(worker.standardError)")
        #expect(store.instances.rowReads.load(ordering: .relaxed) > 0)
    }
}

/// The worker process and its output, read a line at a time.
private final class CrashWorker {
    let process: Process
    private let output: FileHandle
    private let errors: Pipe
    private var buffer: [UInt8] = []

    static func launch(project: URL, database: String, instances: Int) throws -> CrashWorker {
        // `swift build` puts the worker beside the test bundle.
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let executable = folder.appendingPathComponent("flowstage-crash-worker")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw WorkerMissing(path: executable.path)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [project.path, database, String(instances)]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return CrashWorker(process: process, output: output.fileHandleForReading, errors: errors)
    }

    private init(process: Process, output: FileHandle, errors: Pipe) {
        self.process = process
        self.output = output
        self.errors = errors
    }

    /// The next line the worker printed, or nil once it has exited.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = output.availableData
            if chunk.isEmpty { return nil }
            buffer.append(contentsOf: chunk)
        }
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var standardError: String {
        kill()
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

private struct WorkerMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "the crash worker is not built at \(path); run `swift build --build-tests` first" }
}
