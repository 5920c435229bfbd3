import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import PostgresStore
import Synchronization
import TestSupport
import Testing

/// A fresh folder under the temporary directory for one test, removed afterwards.
private func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

private func sampleInstance(id: String = UUID().uuidString.lowercased(), session: String = "s1",
                            createdAt: Date = Date(timeIntervalSinceReferenceDate: 800_000_000.123_456_7)) -> Instance {
    var instance = Instance(id: id, process: "loan_application", session: session,
                            data: ["client": ["name": "Ana", "age": 42.5, "tags": ["a", "b"]], "count": 0, "ok": true, "none": nil],
                            modal: false, now: createdAt)
    instance.tokens = [Token(id: 1, call: nil, node: "personal", from: "start", state: .task, history: ["start"])]
    instance.serial = 1
    instance.warnings = ["a warning"]
    instance.incident = Incident(node: "n", message: "m")
    return instance
}

/// What threads report back, gathered under a lock.
private final class Collected<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])
    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.withLock { $0 } }
}

private extension JSONValue {
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        var members = objectValue ?? [:]
        members[key] = value
        return .object(members)
    }
}

private extension Instance {
    var count: Int { Int(data["count"]?.numberValue ?? -1) }
    func incremented() -> Instance {
        var next = self
        next.data = data.setting("count", to: .number(Double(count + 1)))
        return next
    }
}

/// The rules every store keeps, run against SQLite and PostgreSQL alike (`StoreKind`): two
/// stores opened on one database stand for two processes or nodes.
@Suite struct RecordStoreRules {
    @Test(arguments: StoreKind.available) func aSavedInstanceLoadsBackEqual(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let inserted = try store.insert(sampleInstance())
            #expect(inserted.version == 1)
            #expect(try store.load(inserted.id) == inserted)

            var changed = inserted
            changed.status = .completed
            changed.tokens = []
            changed.endNode = "end"
            changed.data = changed.data.setting("count", to: .number(0.1 + 0.2))
            changed.updatedAt = Date(timeIntervalSinceReferenceDate: 800_000_001.987_654_3)
            let saved = try store.save(changed)
            #expect(saved.version == 2)
            #expect(try store.load(inserted.id) == saved)
            #expect(try store.load("no-such-id") == nil)
            // Read back by another store, not from a cache: the stored text itself is exact.
            #expect(try database.open().instanceRecords.load(inserted.id) == saved)
        }
    }

    @Test(arguments: StoreKind.available) func insertingAnExistingIDIsAConflict(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let first = try store.insert(sampleInstance(id: "same"))
            #expect(throws: StoreError.conflict(id: "same")) { try store.insert(sampleInstance(id: "same", session: "other")) }
            #expect(try store.load("same") == first)
        }
    }

    @Test(arguments: StoreKind.available) func savingAStaleVersionIsAConflictAndChangesNothing(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let inserted = try store.insert(sampleInstance())
            let current = try store.save(inserted.incremented())
            #expect(throws: StoreError.conflict(id: inserted.id)) { try store.save(inserted.incremented().incremented()) }
            #expect(try store.load(inserted.id) == current)
        }
    }

    @Test(arguments: StoreKind.available) func savingAnInstanceThatWasNeverInsertedIsAConflict(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let instance = sampleInstance(id: "missing")
            #expect(throws: StoreError.conflict(id: "missing")) { try store.save(instance) }
            #expect(try store.load("missing") == nil)
        }
    }

    /// Two stores on one database stand for two processes or nodes: the compare-and-swap is the
    /// database's, so in every round exactly one of them saves the version both loaded.
    @Test(arguments: StoreKind.available) func twoStoresOnOneDatabaseCannotBothSaveTheSameVersion(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let stores = [try database.open().instanceRecords, try database.open().instanceRecords]
            let inserted = try stores[0].insert(sampleInstance())
            let id = inserted.id
            let rounds = 20
            var current = inserted
            for round in 1...rounds {
                // Both start from the same version, as two nodes that loaded it at once would.
                let loaded = [current, current]
                let wins = Collected<Instance>(), failures = Collected<StoreError>()
                onThreads(2) { index in
                    do throws(StoreError) {
                        wins.append(try stores[index].save(loaded[index].incremented()))
                    } catch .conflict {
                    } catch {
                        failures.append(error)
                    }
                }
                #expect(failures.all == [])
                #expect(wins.all.count == 1, "round \(round)")
                current = try #require(wins.all.first)
            }
            let final = try #require(try database.open().instanceRecords.load(id))
            #expect(final.version == rounds + 1)
            #expect(final.count == rounds)
        }
    }

    @Test(arguments: StoreKind.available) func concurrentSavesOfOneInstanceSucceedOncePerVersionAndLoseNoUpdate(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let id = try store.insert(sampleInstance()).id
            let threads = 8, attemptsPerThread = 25
            let savedVersions = Collected<Int>(), failures = Collected<String>()
            onThreads(threads) { _ in
                for _ in 0..<attemptsPerThread {
                    do throws(StoreError) {
                        guard let current = try store.load(id) else { return failures.append("lost \(id)") }
                        savedVersions.append(try store.save(current.incremented()).version)
                    } catch .conflict {
                        // Someone else saved this version first; the next attempt reloads.
                    } catch {
                        failures.append(error.description)
                    }
                }
            }
            #expect(failures.all == [])
            let versions = savedVersions.all.sorted()
            #expect(!versions.isEmpty)
            #expect(versions == Array(2..<(versions.count + 2)), "exactly one save succeeded for each version")
            let final = try #require(try database.open().instanceRecords.load(id))
            #expect(final.version == versions.count + 1)
            #expect(final.count == versions.count, "every successful save built on the one before")
        }
    }

    @Test(arguments: StoreKind.available) func differentInstancesAreSavedInParallelWithoutConflicts(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let ids = try (0..<8).map { _ in try store.insert(sampleInstance()).id }
            let savesPerInstance = 10
            let failures = Collected<String>()
            onThreads(ids.count) { index in
                do {
                    var instance = try #require(try store.load(ids[index]))
                    for _ in 0..<savesPerInstance { instance = try store.save(instance.incremented()) }
                } catch {
                    failures.append("\(ids[index]): \(error)")
                }
            }
            #expect(failures.all == [])
            for id in ids {
                let final = try #require(try store.load(id))
                #expect(final.version == savesPerInstance + 1)
                #expect(final.count == savesPerInstance)
            }
        }
    }

    /// Nodes starting together each bring the tables up to date; none fails.
    @Test(arguments: StoreKind.available) func openingANewDatabaseFromSeveralStoresAtOnceSucceeds(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let failures = Collected<String>()
            onThreads(4) { index in
                do {
                    let store = try database.open().instanceRecords
                    _ = try store.insert(sampleInstance(id: "opened-by-\(index)"))
                } catch {
                    failures.append("\(error)")
                }
            }
            #expect(failures.all == [])
            let reopened = try database.open().instanceRecords
            #expect(try reopened.records(session: "s1").count == 4)
        }
    }

    @Test(arguments: StoreKind.available) func dataSurvivesClosingAndReopeningTheStore(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let saved: Instance
            do {
                let store = try database.open()
                saved = try store.instanceRecords.save(try store.instanceRecords.insert(sampleInstance()).incremented())
                try store.shutDown()
            }
            let reopened = try database.open().instanceRecords
            #expect(try reopened.load(saved.id) == saved)
            #expect(try reopened.save(saved.incremented()).version == 3)
        }
    }

    @Test(arguments: StoreKind.available) func instancesOfASessionAreOnlyItsOwnNewestFirst(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
            let old = try store.insert(sampleInstance(id: "b-old", createdAt: base))
            let newest = try store.insert(sampleInstance(id: "a-new", createdAt: base.addingTimeInterval(60)))
            let sameTimeLowID = try store.insert(sampleInstance(id: "c", createdAt: base.addingTimeInterval(30)))
            let sameTimeHighID = try store.insert(sampleInstance(id: "d", createdAt: base.addingTimeInterval(30)))
            _ = try store.insert(sampleInstance(id: "other", session: "s2", createdAt: base.addingTimeInterval(90)))

            let listed = try store.records(session: "s1")
            #expect(listed.map(\.id) == ["a-new", "d", "c", "b-old"])
            #expect(listed == [newest, sameTimeHighID, sameTimeLowID, old])

            let memory = MemoryStore<Instance>()
            for instance in [old, newest, sameTimeLowID, sameTimeHighID] { _ = try memory.insert(instance) }
            #expect(try memory.records(session: "s1") == listed, "the same order as the memory store")
            #expect(try store.records(session: "nobody") == [])
        }
    }

    @Test(arguments: StoreKind.available) func deletingASessionRemovesOnlyItsInstances(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            let mine = try store.insert(sampleInstance(session: "mine"))
            let theirs = try store.insert(sampleInstance(session: "theirs"))
            try store.delete(session: "mine")
            #expect(try store.load(mine.id) == nil)
            #expect(try store.records(session: "mine") == [])
            #expect(try store.load(theirs.id) == theirs)
            try store.delete(session: "nobody")
            #expect(try store.records(session: "theirs") == [theirs])
        }
    }

    @Test(arguments: StoreKind.available) func aNumberThatOverflowedIsStoredAsNull(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            var instance = sampleInstance()
            instance.data = instance.data.setting("huge", to: .number(.infinity))
            let inserted = try store.insert(instance)
            #expect(inserted.data["huge"] == .null)
            #expect(try store.load(inserted.id) == inserted)
        }
    }

    /// Text the body must carry unchanged: a NUL escape (which PostgreSQL's jsonb would refuse),
    /// quotes, slashes, characters outside the BMP.
    @Test(arguments: StoreKind.available) func anyTypedTextIsStoredExactly(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open().instanceRecords
            var instance = sampleInstance()
            let text = "nul \u{0} quote \" slash / back \\ emoji 🦊 \u{2028}"
            instance.data = instance.data.setting("note", to: .string(text))
            let inserted = try store.insert(instance)
            #expect(try database.open().instanceRecords.load(inserted.id)?.data["note"] == .string(text))
        }
    }

    @Test(arguments: StoreKind.available) func theEngineRunsTheExampleOnTheStore(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
            let started: Instance
            do {
                let engine = ProcessEngine(project: project, store: try database.open().instanceRecords)
                started = try engine.start(process: "loan_application", session: "s")
                #expect(started.current == "personal")
                let moved = try #require(try submit(engine, started, "continue", personal).applied)
                #expect(moved.current == "loan")
            }
            // A restart (or another node) resumes the instance where it was.
            let restarted = ProcessEngine(project: project, store: try database.open().instanceRecords)
            let resumed = try restarted.instance(started.id, session: "s")
            #expect(resumed.current == "loan")
            #expect(resumed.version == 2)
            #expect(resumed.data["client"]?["firstName"] == .string("Ana"))
            #expect(try restarted.instances(session: "s").map(\.id) == [started.id])
        }
    }

    @Test(arguments: StoreKind.available) func recordsUpdatedBeforeACutoffAreListedOldestFirst(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
            let stores: [any RecordStore<Session>] = [MemoryStore<Session>(), try database.open().sessionRecords]
            for store in stores {
                for (id, age) in [("c", 10.0), ("a", 30.0), ("b", 20.0), ("now", 0.0)] {
                    _ = try store.insert(Session(id: id, csrf: "c", language: "en", theme: "default", appearance: "auto",
                                                 now: base.addingTimeInterval(-age)))
                }
                #expect(try store.ids(updatedBefore: base.addingTimeInterval(-5), limit: 10) == ["a", "b", "c"])
                #expect(try store.ids(updatedBefore: base.addingTimeInterval(-5), limit: 2) == ["a", "b"])
                #expect(try store.ids(updatedBefore: base.addingTimeInterval(-30), limit: 10) == [], "strictly before")
            }
        }
    }

    @Test(arguments: StoreKind.available) func aStoreThatIsClosedFailsWithAMessageNamingTheDatabase(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open()
            let inserted = try store.instanceRecords.insert(sampleInstance())
            #expect(try store.instanceRecords.load(inserted.id) == inserted)
            try store.shutDown()
            let named = kind == .sqlite ? "flowstage.sqlite" : database.location
            #expect {
                _ = try store.instanceRecords.load(inserted.id)
            } throws: { error in
                (error as? StoreError).map { "\($0)".contains(named) } ?? false
            }
        }
    }
}

/// Flow runs live beside instances, in their own table, with the same rules.
@Suite struct FlowRunStoreRules {
    @Test(arguments: StoreKind.available) func aSavedFlowRunLoadsBackEqualAndSavesAreCompareAndSwap(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try database.open()
            var run = FlowRun(id: "r", flow: "onboarding", session: "s", data: ["user": ["returning": false]],
                              now: Date(timeIntervalSinceReferenceDate: 800_000_000.5))
            run.backStack = ["welcome"]
            let inserted = try store.flowRunRecords.insert(run)
            #expect(try store.flowRunRecords.load("r") == inserted)
            #expect(try store.instanceRecords.load("r") == nil, "instances and flow runs are separate tables")

            var moved = inserted
            moved.backStack.append("register")
            let saved = try store.flowRunRecords.save(moved)
            #expect(saved.version == 2)
            #expect(throws: StoreError.conflict(id: "r")) { try store.flowRunRecords.save(moved) }
            #expect(throws: StoreError.conflict(id: "r")) { try store.flowRunRecords.insert(run) }
            #expect(try store.flowRunRecords.load("r") == saved)
            #expect(try store.flowRunRecords.records(session: "s") == [saved])
            try store.flowRunRecords.delete(session: "s")
            #expect(try store.flowRunRecords.load("r") == nil)
        }
    }

    @Test(arguments: StoreKind.available) func aFlowRunResumesWhereItWasAfterARestart(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
            func engines() throws -> FlowEngine {
                let store = try database.open()
                return FlowEngine(processes: ProcessEngine(project: project, store: store.instanceRecords), store: store.flowRunRecords)
            }
            let started: FlowRun
            do {
                let flows = try engines()
                started = try flows.start(flow: "onboarding", session: "s")
                let moved = try #require(try fire(flows, started, "next").applied)
                #expect(moved.backStack == ["welcome", "register"])
            }
            let restarted = try engines()
            let resumed = try restarted.run(started.id, session: "s")
            #expect(resumed.backStack == ["welcome", "register"])
            #expect(resumed.version == 2)
            #expect(try restarted.runs(session: "s").map(\.id) == [started.id])
            let back = try #require(try restarted.back(started.id, session: "s", language: "en").applied)
            #expect(back.currentState == "welcome")
        }
    }
}

/// What only the SQLite store has to say: file paths in errors.
@Suite struct SQLiteStoreRules {
    @Test func anUnwritablePathIsAClearFailureNamingThePath() throws {
        try withTemporaryFolder { folder in
            // A regular file where a folder should be: unwritable for every user, root included.
            let blocker = folder.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let path = blocker.appendingPathComponent("flowstage.sqlite").path
            do throws(StoreError) {
                _ = try SQLiteStore(path: path)
                Issue.record("opening \(path) should have failed")
            } catch .failed(let message) {
                #expect(message.contains(blocker.path))
                #expect(message.contains("choose another database path"))
            } catch {
                Issue.record("expected .failed, got \(error)")
            }
        }
    }

    @Test func aDirectoryInPlaceOfTheFileIsAClearFailureNamingThePath() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("flowstage.sqlite")
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            do throws(StoreError) {
                _ = try SQLiteStore(path: path.path)
                Issue.record("opening \(path.path) should have failed")
            } catch .failed(let message) {
                #expect(message.contains("cannot open the database \(path.path): it is a folder"))
            } catch {
                Issue.record("expected .failed, got \(error)")
            }
        }
    }

    @Test func theInMemoryStoreKeepsTheSameRules() throws {
        let store = try SQLiteStore.inMemory().instances
        let inserted = try store.insert(sampleInstance(session: "gone"))
        #expect(throws: StoreError.conflict(id: inserted.id)) { try store.insert(inserted) }
        try store.delete(session: "gone")
        #expect(try store.load(inserted.id) == nil)
    }
}

/// The decoded-record cache never hides a save made through another store on the same file.
@Suite struct SQLiteDecodedCache {
    @Test func aSaveByAnotherStoreOnTheFileIsSeenAtOnce() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (mine, theirs) = (try SQLiteStore(path: path).instances, try SQLiteStore(path: path).instances)
        let inserted = try mine.insert(sampleInstance())
        #expect(try mine.load(inserted.id) == inserted)
        let changed = try theirs.save(inserted.incremented())
        #expect(try mine.load(inserted.id) == changed)
        #expect(try mine.records(session: inserted.session) == [changed])
    }

    @Test func anUnchangedRecordIsServedFromTheCacheAfterOnlyAVersionCheck() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (mine, theirs) = (try SQLiteStore(path: path).instances, try SQLiteStore(path: path).instances)
        let inserted = try mine.insert(sampleInstance())
        for _ in 1...3 { #expect(try mine.load(inserted.id) == inserted) }
        #expect(mine.rowReads.load(ordering: .relaxed) == 0)
        let changed = try theirs.save(inserted.incremented())
        #expect(try mine.load(inserted.id) == changed)
        #expect(try mine.load(inserted.id) == changed)
        #expect(mine.rowReads.load(ordering: .relaxed) == 1)
    }

    /// The wal-index's commit stamp answers for a record confirmed since the last commit.
    @Test func whileNothingIsCommittedALoadAsksSQLiteNothing() throws {
        let folder = try RepositoryPaths.fixture([:])
        let mine = try SQLiteStore(path: folder.appendingPathComponent("flowstage.sqlite").path).instances
        let inserted = try mine.insert(sampleInstance())
        #expect(try mine.load(inserted.id) == inserted) // just written: confirmed by a query
        let asked = mine.versionQueries
        #expect(asked == 1)
        for _ in 1...3 { #expect(try mine.load(inserted.id) == inserted) }
        #expect(mine.versionQueries == asked)
        #expect(mine.rowReads.load(ordering: .relaxed) == 0)
    }

    /// A commit anywhere in the file, even to another row or table, is a reason to ask again;
    /// the answer then keeps the record, without reading the row.
    @Test func anyCommitToTheFileMakesTheNextLoadAskAgain() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (mine, theirs) = (try SQLiteStore(path: path), try SQLiteStore(path: path))
        let kept = try mine.instances.insert(sampleInstance())
        _ = try mine.instances.load(kept.id)
        let asked = mine.instances.versionQueries
        _ = try theirs.instances.insert(sampleInstance())
        #expect(try mine.instances.load(kept.id) == kept)
        #expect(mine.instances.versionQueries == asked + 1)
        _ = try theirs.sessions.insert(Session(id: "other", csrf: "c", language: "en", theme: "default",
                                               appearance: "auto", now: Date()))
        #expect(try mine.instances.load(kept.id) == kept)
        #expect(mine.instances.versionQueries == asked + 2)
        #expect(try mine.instances.load(kept.id) == kept)
        #expect(mine.instances.versionQueries == asked + 2)
        #expect(mine.instances.rowReads.load(ordering: .relaxed) == 0)
    }

    @Test func aRecordDeletedThroughAnotherStoreOnTheFileIsGoneAtOnce() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (mine, theirs) = (try SQLiteStore(path: path).instances, try SQLiteStore(path: path).instances)
        let inserted = try mine.insert(sampleInstance(session: "gone"))
        #expect(try mine.load(inserted.id) == inserted)
        try theirs.delete(session: "gone")
        #expect(try mine.load(inserted.id) == nil)
    }

    /// A miss is kept at the commit stamp read before its query (`AbsentIDs`): a flow run's
    /// page asks the instances table first, and that must not cost a read each time.
    @Test func whileNothingIsCommittedAMissingIDIsNotReadAgain() throws {
        let folder = try RepositoryPaths.fixture([:])
        let mine = try SQLiteStore(path: folder.appendingPathComponent("flowstage.sqlite").path).instances
        _ = try mine.insert(sampleInstance()) // the file has a commit, so a stamp
        let missing = UUID().uuidString.lowercased()
        #expect(try mine.load(missing) == nil)
        #expect(mine.rowReads.load(ordering: .relaxed) == 1)
        let asked = mine.versionQueries
        for _ in 1...3 { #expect(try mine.load(missing) == nil) }
        #expect(mine.rowReads.load(ordering: .relaxed) == 1)
        #expect(mine.versionQueries == asked)
    }

    /// Any commit to the file makes a kept miss unknown again: read once, then kept again.
    @Test func anIDInsertedThroughAnotherStoreOnTheFileIsFoundAfterAMiss() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (mine, theirs) = (try SQLiteStore(path: path).instances, try SQLiteStore(path: path).instances)
        _ = try theirs.insert(sampleInstance())
        let id = UUID().uuidString.lowercased()
        #expect(try mine.load(id) == nil)
        #expect(try mine.load(id) == nil)
        #expect(mine.rowReads.load(ordering: .relaxed) == 1)
        let inserted = try theirs.insert(sampleInstance(id: id))
        #expect(try mine.load(id) == inserted)
        #expect(mine.rowReads.load(ordering: .relaxed) == 2)
    }

    @Test func anIDThisStoreInsertsIsFoundAfterAMiss() throws {
        let folder = try RepositoryPaths.fixture([:])
        let mine = try SQLiteStore(path: folder.appendingPathComponent("flowstage.sqlite").path).instances
        _ = try mine.insert(sampleInstance())
        let id = UUID().uuidString.lowercased()
        #expect(try mine.load(id) == nil)
        let inserted = try mine.insert(sampleInstance(id: id))
        #expect(try mine.load(id) == inserted)
    }

    /// No second connection can see an in-memory database, so there is no stamp: every miss is read.
    @Test func theInMemoryStoreReadsEveryMiss() throws {
        let store = try SQLiteStore.inMemory().instances
        for _ in 1...2 { #expect(try store.load("missing") == nil) }
        #expect(store.rowReads.load(ordering: .relaxed) == 2)
    }

    /// One thread saves through one store while another loads through a second store on the
    /// same file: a load never returns a version older than the last save finished before it began.
    @Test func aLoadIsNeverOlderThanASaveThatFinishedBeforeIt() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let (reader, writer) = (try SQLiteStore(path: path).instances, try SQLiteStore(path: path).instances)
        let inserted = try writer.insert(sampleInstance())
        _ = try reader.load(inserted.id)
        let saves = 200
        let lastSaved = Atomic<Int>(inserted.version)
        let stale = Collected<String>(), failures = Collected<String>()
        onThreads(2) { index in
            if index == 0 {
                var current = inserted
                for _ in 1...saves {
                    do { current = try writer.save(current.incremented()) } catch {
                        failures.append("\(error)")
                        lastSaved.store(.max, ordering: .sequentiallyConsistent) // lets the reader stop
                        return
                    }
                    lastSaved.store(current.version, ordering: .sequentiallyConsistent)
                }
            } else {
                while lastSaved.load(ordering: .sequentiallyConsistent) < inserted.version + saves {
                    let before = lastSaved.load(ordering: .sequentiallyConsistent)
                    do {
                        guard let loaded = try reader.load(inserted.id) else { failures.append("missing"); return }
                        if loaded.version < before || loaded.count != loaded.version - 1 {
                            stale.append("loaded version \(loaded.version) after save \(before)")
                            return
                        }
                    } catch { failures.append("\(error)"); return }
                }
            }
        }
        #expect(failures.all == [])
        #expect(stale.all == [])
        #expect(try reader.load(inserted.id)?.version == inserted.version + saves)
    }
}

/// Sessions expire (issue #6): the store lists the records idle since a time, and a file from
/// before expiry dates each session by its last activity.
@Suite struct StoredLastSeenTimes {
    private static func session(_ id: String, seen: Date) -> Session {
        Session(id: id, csrf: "c", language: "en", theme: "default", appearance: "auto", now: seen)
    }

    @Test func openingAFileFromBeforeExpiryDatesEachSessionByItsLastActivity() throws {
        let folder = try RepositoryPaths.fixture([:])
        let path = folder.appendingPathComponent("flowstage.sqlite").path
        let created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let worked = created.addingTimeInterval(20 * 86_400)
        do {
            let old = try SQLiteStore(path: path, upTo: "v3: sessions")
            _ = try old.sessions.insert(Self.session("busy", seen: created))
            _ = try old.sessions.insert(Self.session("idle", seen: created))
            var instance = sampleInstance(session: "busy", createdAt: created)
            instance.updatedAt = worked.addingTimeInterval(-60)
            _ = try old.instances.insert(instance)
            var run = FlowRun(id: "run", flow: "onboarding", session: "busy", data: [:], now: created)
            run.updatedAt = worked
            _ = try old.flowRuns.insert(run)
            try old.close()
        }
        let store = try SQLiteStore(path: path)
        #expect(try store.sessions.load("busy")?.updatedAt.timeIntervalSince(worked).magnitude ?? 1 < 0.001,
                "the last change of its instances and flow runs")
        #expect(try store.sessions.load("idle")?.updatedAt == created, "no activity: unchanged")
        #expect(try store.sessions.ids(updatedBefore: worked.addingTimeInterval(-1), limit: 10) == ["idle"])
        #expect(try store.sessions.load("busy")?.csrf == "c", "the rest of the body is kept")
    }
}
