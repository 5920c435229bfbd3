import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import PostgresStore

// The child process of the crash test (Tests/RuntimeTests/CrashRecoveryTests.swift): it applies
// an endless stream of actions to the instances of one database (a SQLite file or a PostgreSQL
// URL) and says on standard output
// after each one that it was saved, until the test kills it with SIGKILL.
//
//   flowstage-crash-worker PROJECT DATABASE INSTANCES
//
// On a file with no instances yet it starts INSTANCES of them ("started ID" each); then it
// saves them round robin for ever ("saved ID VERSION" after each save is committed).

/// Writes a line straight to the pipe: a report must never wait in a buffer the kill would lose.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments
guard arguments.count == 4, let wanted = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: flowstage-crash-worker PROJECT DATABASE INSTANCES\n".utf8))
    exit(2)
}
do {
    let project = try ProjectLoader(builtInThemes: nil).load(URL(fileURLWithPath: arguments[1])).get()
    // DATABASE is a SQLite file, or a postgresql:// URL (then the worker is a node of that database).
    let store: InstanceStore = PostgresURL.isURL(arguments[2])
        ? try PostgresStore(url: arguments[2], connections: 2).instances
        : try SQLiteStore(path: arguments[2]).instances
    let engine = ProcessEngine(project: project, store: store)
    var instances = try engine.instances(session: "crash").map(\.id)
    while instances.count < wanted {
        let instance = try engine.start(process: "counter", session: "crash")
        instances.append(instance.id)
        say("started \(instance.id)")
    }
    var round = 0
    while true {
        let id = instances[round % instances.count]
        round += 1
        let result = try engine.perform(action: "save", on: id, session: "crash",
                                        form: PostedForm([("note", "save \(round)")]), language: "en")
        guard case .applied(let saved) = result else {
            FileHandle.standardError.write(Data("save of \(id) was not applied: \(result)\n".utf8))
            exit(1)
        }
        say("saved \(id) \(saved.version)")
    }
} catch {
    FileHandle.standardError.write(Data("crash worker: \(error)\n".utf8))
    exit(1)
}
