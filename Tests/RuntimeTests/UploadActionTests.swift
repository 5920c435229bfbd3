import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import Synchronization
import TestSupport
import Testing

private let uploadProject: [String: String] = [
    "project.json": #"{ "name": "Fixture", "languages": ["en", "ro"] }"#,
    "processes/p.json": #"""
    { "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "t" },
      { "id": "t", "type": "userTask", "screen": [
          { "type": "fileUpload", "key": "doc", "label": "Document", "accept": "application/pdf, image/*", "maxSize": 100, "action": "up",
            "validators": [ { "type": "required" } ] } ],
        "actions": [ { "name": "up", "type": "upload", "key": "doc" }, { "name": "ok", "type": "submit", "next": "e" } ] },
      { "id": "e", "type": "end" } ] }
    """#,
]

private let pdf = Array("%PDF-1.4\n%%EOF\n".utf8)
private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

@Suite struct UploadActions {
    func engine(_ uploads: any UploadStore) throws -> ProcessEngine {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture(uploadProject)).get()
        return ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init(uploads: uploads))
    }

    func upload(_ engine: ProcessEngine, _ instance: Instance, _ name: String, _ bytes: [UInt8], language: String = "en") throws -> ActionResult {
        try engine.perform(action: "up", on: instance.id, session: instance.session,
                           form: PostedForm([("_screen", "t")], files: [PostedFile(fieldName: "doc", fileName: name, contentType: "x/y",
                                                                                   size: bytes.count, source: .bytes(bytes))]),
                           language: language)
    }

    @Test func anUploadWritesItsMetadataAtTheKeyAndStays() throws {
        let uploads = MemoryUploadStore()
        let engine = try engine(uploads)
        let instance = try engine.start(process: "p", session: "a")
        guard case .applied(let after) = try upload(engine, instance, "scan.png", png) else { Issue.record("refused"); return }
        #expect(after.current == "t")
        let doc = after.data.objectValue?["doc"]?.objectValue
        #expect(doc?["contentType"] == .string("image/png"))
        #expect(doc?["size"] == .number(Double(png.count)))
        #expect(uploads.upload(doc?["id"]?.stringValue ?? "", session: "a")?.bytes == png)
        #expect(uploads.upload(doc?["id"]?.stringValue ?? "", session: "b") == nil)
        // A second upload replaces the first, whose bytes go.
        guard case .applied(let replaced) = try upload(engine, after, "doc.pdf", pdf) else { Issue.record("refused"); return }
        #expect(replaced.data.objectValue?["doc"]?.objectValue?["name"] == .string("doc.pdf"))
        #expect(uploads.count == 1)
        // The required file is there: submit moves on.
        let done = try engine.perform(action: "ok", on: instance.id, session: "a", form: PostedForm([("_screen", "t")]), language: "en")
        guard case .applied(let ended) = done else { Issue.record("submit refused"); return }
        #expect(ended.status == .completed)
    }

    /// "Restart from here" posts a step's files again from the store: when the store cannot
    /// read them, the replay stops at that step and says why, rather than replay without them.
    @Test func aRestartWhoseFilesCannotBeReadStopsAtThatStepSayingWhy() throws {
        let uploads = UploadsThatCannotBeRead()
        let engine = try engine(uploads)
        let instance = try engine.start(process: "p", session: "a")
        guard case .applied(let first) = try upload(engine, instance, "scan.png", png),
              case .applied(let after) = try engine.perform(action: "ok", on: first.id, session: "a", form: PostedForm([("_screen", "t")]),
                                                            language: "en") else { Issue.record("refused"); return }
        // Restarting at step 2 replays step 1: the upload of scan.png, read back from the store.
        let replayed = try engine.restart(after.id, session: "a", at: 2, language: "en")
        #expect(replayed.stop == nil)
        #expect(replayed.instance.data.objectValue?["doc"]?.objectValue?["name"] == .string("scan.png"))
        uploads.failing.withLock { $0 = true }
        let stopped = try engine.restart(after.id, session: "a", at: 2, language: "en")
        #expect(stopped.stop?.step == 1)
        #expect(stopped.stop?.reason.contains("the database is restarting") == true)
        #expect(stopped.instance.data.objectValue?["doc"] == nil)
    }

    @Test func refusedUploadsAreWordedInThePageLanguageAndStoreNothing() throws {
        let uploads = MemoryUploadStore()
        let engine = try engine(uploads)
        let instance = try engine.start(process: "p", session: "a")
        guard case .invalid(let state) = try upload(engine, instance, "big.pdf", pdf + [UInt8](repeating: 32, count: 200), language: "ro") else {
            Issue.record("accepted"); return
        }
        #expect(state.errors.first?.message == "Fișierul big.pdf este mai mare de 100 B; alegeți un fișier de cel mult 100 B")
        guard case .invalid(let wrong) = try upload(engine, instance, "a.zip", [0x50, 0x4B, 3, 4]) else { Issue.record("accepted"); return }
        #expect(wrong.errors.first?.message == "The file a.zip must be PDF or image")
        #expect(uploads.count == 0)
        #expect(try engine.instance(instance.id, session: "a").data.objectValue?["doc"] == nil)
    }

    @Test func stoppingAnInstanceRemovesItsFiles() throws {
        let uploads = MemoryUploadStore()
        let engine = try engine(uploads)
        let instance = try engine.start(process: "p", session: "a")
        _ = try upload(engine, instance, "doc.pdf", pdf)
        #expect(uploads.count == 1)
        _ = try engine.stop(instance.id, session: "a")
        #expect(uploads.count == 0)
    }

    @Test func contentSniffingKnowsTheCommonTypes() {
        #expect(FileType.sniff(pdf) == .pdf)
        #expect(FileType.sniff(png) == .png)
        #expect(FileType.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(FileType.sniff(Array("GIF89a".utf8)) == .gif)
        #expect(FileType.sniff(Array("plain text".utf8)) == .text)
        #expect(FileType.sniff([0, 1, 2, 3]) == nil)
    }
}

@Suite struct ScenarioUploads {
    @Test func aScenarioWithAnUploadPasses() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenario = try #require(try ScenarioLoader.load(RepositoryPaths.examples, project: project).get().first { $0.name == "adviser" })
        #expect(scenario.steps.contains { !$0.uploads.isEmpty })
        let report = ScenarioRunner(project: project).run(scenario)
        #expect(report.passed, "\(report.failures)")
        let documents = report.screens.filter { $0.nodeID == "documents" }
        #expect(documents.last?.data.objectValue?["income"]?.objectValue?["proof"]?.objectValue?["name"] == .string("payslip.pdf"))
    }

    @Test func aScenarioUploadIsCheckedLikeTheBrowsersAndMayExpectItsError() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture(uploadProject)).get()
        let folder = try RepositoryPaths.fixture(["scenarios/s.json": #"""
            { "process": "p", "steps": [
              { "expect": "t", "action": "up", "uploads": { "doc": { "name": "scan.png", "content": "%PDF-1.4 not a png" } },
                "expectErrors": ["doc"] },
              { "expect": "t", "action": "up", "uploads": { "doc": { "name": "doc.pdf", "content": "%PDF-1.4" } } },
              { "expect": "t", "action": "ok" },
              { "expect": "end:completed" } ] }
            """#])
        let scenario = try #require(try ScenarioLoader.load(folder, project: project).get().first)
        let report = ScenarioRunner(project: project).run(scenario)
        #expect(report.passed, "\(report.failures)")
    }
}

/// Memory uploads whose reads fail while `failing` is set, as PostgreSQL's do while it restarts.
private final class UploadsThatCannotBeRead: UploadStore {
    let inner = MemoryUploadStore()
    let failing = Mutex(false)

    func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        try inner.put(file, contentType: contentType, session: session, instance: instance)
    }

    func upload(_ id: String, session: String) throws(StoreError) -> (upload: StoredUpload, bytes: [UInt8])? {
        if failing.withLock({ $0 }) { throw .failed("cannot read the uploaded file \(id): the database is restarting") }
        return inner.upload(id, session: session)
    }

    func delete(_ ids: [String]) { inner.delete(ids) }
    func deleteAll(instance: String) { inner.deleteAll(instance: instance) }
    func deleteAll(session: String) { inner.deleteAll(session: session) }
}
