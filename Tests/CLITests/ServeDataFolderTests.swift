import Foundation
import Testing
import TestSupport

/// `flowstage serve` writes nothing into the folder it serves: a Modeler folder under git gains
/// no files. What the server keeps goes to the user's data folder, one per project.
struct ServeDataFolderTests {
    @Test func servingAReadOnlyFolderWritesNothingIntoIt() throws {
        let models = try RepositoryPaths.fixture([:]).appendingPathComponent("models")
        try FileManager.default.copyItem(at: RepositoryPaths.examples.appendingPathComponent("camunda"), to: models)
        let dataHome = try RepositoryPaths.fixture([:])
        try setWritable(false, below: models)
        defer { try? setWritable(true, below: models) }
        let before = try snapshot(models)

        let server = try ServingProcess(arguments: [models.path], environment: ["XDG_DATA_HOME": dataHome.path])
        defer { server.stop() }
        let client = TestHTTPClient(port: server.port)
        #expect(try client.get("/healthz").text == "ok\n")
        let catalogue = try client.get("/")
        let start = try #require(catalogue.html.all("form").first { ($0["action"] ?? "").hasSuffix("/start") })
        let csrf = try #require(start.all("input").first { $0["name"] == "_csrf" }?["value"])
        let cookie = try #require(catalogue.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let started = try client.post(start["action"] ?? "", form: [("_csrf", csrf)], headers: [("Cookie", cookie)])
        #expect(started.status == 303)
        let screen = try client.get(URL(string: started.header("Location") ?? "/")?.path ?? "/", headers: [("Cookie", cookie)])
        #expect(screen.status == 200)
        #expect(screen.html.first("main") != nil)
        server.stop()

        #expect(try snapshot(models) == before)
        let kept = dataHome.appendingPathComponent("flowstage/projects")
        let projects = try FileManager.default.contentsOfDirectory(atPath: kept.path)
        #expect(projects.count == 1)
        #expect(projects.first?.hasPrefix("models-") == true)
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent(projects[0]).appendingPathComponent("flowstage.sqlite").path))
        #expect(server.output.contains("kept in the SQLite file \(kept.path)/models-"), "\(server.output)")
    }

    @Test func twoFoldersOfTheSameNameKeepTheirDataApart() throws {
        let dataHome = try RepositoryPaths.fixture([:])
        var folders: [String] = []
        for _ in 0..<2 {
            let models = try RepositoryPaths.fixture(["models/project.json": #"{"name": "Twin"}"#]).appendingPathComponent("models")
            let server = try ServingProcess(arguments: [models.path, "--store", "memory"], environment: ["XDG_DATA_HOME": dataHome.path])
            server.stop()
            folders.append(contentsOf: try FileManager.default.contentsOfDirectory(atPath: dataHome.appendingPathComponent("flowstage/projects").path))
        }
        #expect(Set(folders).count == 2, "\(folders)")
    }

    @Test func dataLeftInTheProjectByAnOlderVersionIsNamedNotRead() throws {
        let models = try RepositoryPaths.fixture(["project.json": #"{"name": "Old"}"#, ".flowstage/flowstage.sqlite": ""])
        let dataHome = try RepositoryPaths.fixture([:])
        let server = try ServingProcess(arguments: [models.path], environment: ["XDG_DATA_HOME": dataHome.path])
        server.stop()
        #expect(server.output.contains("An older FlowStage kept this project's data in \(models.standardizedFileURL.path)/.flowstage"), "\(server.output)")
        #expect(server.output.contains("pass --data \(models.standardizedFileURL.path)/.flowstage"))
    }

    @Test func dataGoesWhereTheDataOptionSays() throws {
        let models = try RepositoryPaths.fixture(["project.json": #"{"name": "Asked"}"#])
        let data = try RepositoryPaths.fixture([:]).appendingPathComponent("here")
        let server = try ServingProcess(arguments: [models.path, "--data", data.path], environment: ["XDG_DATA_HOME": "/nonexistent"])
        server.stop()
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("flowstage.sqlite").path), "\(server.output)")
    }

    @Test func aDataFolderThatCannotBeMadeSaysHowToChooseAnother() throws {
        let models = try RepositoryPaths.fixture(["project.json": #"{"name": "Nowhere"}"#])
        let notAFolder = try RepositoryPaths.fixture(["file": "not a folder"]).appendingPathComponent("file")
        let run = try FlowStageBinary.run(["serve", models.path, "--port", "0", "--no-watch"], environment: ["XDG_DATA_HOME": notAFolder.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("pass --data with a folder you can write to"), "\(run.errors)")
    }

    private func snapshot(_ folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [])
        while let url = walker?.nextObject() as? URL {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            entries[url.path] = "\(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
        return entries
    }

    private func setWritable(_ writable: Bool, below folder: URL) throws {
        var urls = [folder]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [])
        while let url = walker?.nextObject() as? URL { urls.append(url) }
        for url in urls {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let mode = (isFolder.boolValue ? 0o555 : 0o444) | (writable ? 0o200 : 0)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
    }
}

/// `flowstage serve … --port 0` as a person starts it: ready once it prints its address, stopped
/// by SIGTERM to its own PID.
final class ServingProcess: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let pipe: Pipe
    private(set) var output: String

    init(arguments: [String], environment: [String: String]) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flowstage")
        process = Process()
        process.executableURL = executable
        process.arguments = ["serve"] + arguments + ["--port", "0", "--no-watch"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var text = ""
        while !text.contains("Press Ctrl-C to stop.") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break } // the server ended before it listened
            text += String(decoding: chunk, as: UTF8.self)
        }
        output = text
        guard let match = text.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            process.waitUntilExit()
            throw FlowStageBinary.Missing(description: "flowstage serve did not start:\n\(text)")
        }
        self.port = port
    }

    /// SIGTERM, then the rest of what it printed; idempotent.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        output += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
    }
}
