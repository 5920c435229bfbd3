@testable import FlowStageRuntime
import Foundation
import PostgresNIO
@testable import PostgresStore
import TestSupport
import Testing

private func instance(session: String = "s1") -> Instance {
    Instance(id: UUID().uuidString.lowercased(), process: "p", session: session, data: ["count": 0], modal: false,
             now: Date(timeIntervalSinceReferenceDate: 800_000_000))
}

private extension Instance {
    func counted(_ count: Int) -> Instance {
        var next = self
        next.data = ["count": .number(Double(count))]
        return next
    }
}

/// Polls `condition` until it holds, for at most `seconds`: a bounded wait for a notification
/// to arrive, never an assertion about how long it takes.
private func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return try condition()
}

/// `--database postgresql://…` is read here: every mistake says what to write instead.
@Suite struct PostgresURLs {
    @Test func aFullURLIsReadAndShownWithoutItsPassword() throws {
        let url = try PostgresURL(parsing: "postgresql://flow%40stage:s%3Acret@db.example:6543/previews?sslmode=require")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.user == "flow@stage")
        #expect(url.password == "s:cret")
        #expect(url.database == "previews")
        #expect(url.tls == .require)
        #expect(url.description == "postgresql://flow@stage@db.example:6543/previews")
        #expect(!url.description.contains("s:cret"))
    }

    @Test func thePortDefaultsTo5432AndPostgresIsAlsoAScheme() throws {
        let url = try PostgresURL(parsing: "postgres://me@127.0.0.1/db")
        #expect(url.port == 5432)
        #expect(url.tls == .disable)
        #expect(PostgresURL.isURL("postgres://me@127.0.0.1/db"))
        #expect(!PostgresURL.isURL("data/flowstage.sqlite"))
    }

    @Test(arguments: [
        ("postgresql://127.0.0.1/db", "names no user"),
        ("postgresql://me@127.0.0.1", "names no database"),
        ("postgresql://me@127.0.0.1/db?sslmode=maybe", "sslmode must be disable, prefer or require"),
        ("postgresql://me@127.0.0.1/db?pool=3", "unknown parameter pool"),
        ("mysql://me@127.0.0.1/db", "not of the form postgresql://"),
    ])
    func aWrongURLSaysWhatToWrite(_ text: String, _ said: String) {
        #expect {
            _ = try PostgresURL(parsing: text)
        } throws: { error in
            "\(error)".contains(said)
        }
    }

    /// No server on the port: the message names the host and port and what to check; no crash, no hang.
    @Test func aServerThatIsNotThereIsAClearFailureNamingHostAndPort() throws {
        let port = try Self.closedPort()
        do throws(StoreError) {
            _ = try PostgresStore(url: "postgresql://flowstage@127.0.0.1:\(port)/db")
            Issue.record("opening a store on a closed port should have failed")
        } catch .failed(let message) {
            #expect(message.contains("127.0.0.1:\(port)"))
            #expect(message.contains("check that PostgreSQL is running"))
        } catch {
            Issue.record("expected .failed, got \(error)")
        }
    }

    /// A port nothing listens on: bound, then released.
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(socket, raw, length) == 0, getsockname(socket, raw, &length) == 0 else {
                    throw CocoaError(.fileWriteUnknown)
                }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Caches across nodes: a node keeps what it read and wrote, serves it without a round trip,
/// and drops it when another node's change is announced (LISTEN/NOTIFY).
@Suite struct PostgresNodeCaches {
    @Test(arguments: StoreKind.postgresOnly) func anUnchangedRecordIsServedWithoutReadingTheRow(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let node = try #require(try database.open() as? PostgresStore)
            let inserted = try node.instances.insert(instance())
            for _ in 1...3 { #expect(try node.instances.load(inserted.id) == inserted) }
            #expect(node.instances.rowReads.load(ordering: .relaxed) == 0)
        }
    }

    @Test(arguments: StoreKind.postgresOnly) func aSaveOnAnotherNodeReplacesTheKeptCopyOnceAnnounced(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try mine.instances.insert(instance())
            let changed = try theirs.instances.save(inserted.counted(1))
            #expect(try eventually { try mine.instances.load(inserted.id) == changed })
            // Kept again, now at the new version.
            let reads = mine.instances.rowReads.load(ordering: .relaxed)
            #expect(try mine.instances.load(inserted.id) == changed)
            #expect(mine.instances.rowReads.load(ordering: .relaxed) == reads)
        }
    }

    /// The window before an announcement arrives can serve the older copy, but nothing built on
    /// it is ever saved: the compare-and-swap refuses it, and the refusal drops the copy.
    @Test(arguments: StoreKind.postgresOnly) func aSaveBuiltOnAStaleCopyIsAConflictAndTheNextLoadIsCurrent(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try mine.instances.insert(instance())
            let changed = try theirs.instances.save(inserted.counted(1))
            #expect(throws: StoreError.conflict(id: inserted.id)) { try mine.instances.save(inserted.counted(2)) }
            #expect(try mine.instances.load(inserted.id) == changed)
        }
    }

    /// The page after a 303 names the version the change made (`?v=`): a node asked for at least
    /// that version reads the row at once instead of waiting for the announcement.
    @Test(arguments: StoreKind.postgresOnly) func aLoadOfAtLeastTheNewVersionNeverServesTheOlderCopy(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try mine.instances.insert(instance())
            let changed = try theirs.instances.save(inserted.counted(1))
            #expect(try mine.instances.load(inserted.id, atLeast: changed.version) == changed)
            // Once read, the new copy is kept: asking again costs no read.
            let reads = mine.instances.rowReads.load(ordering: .relaxed)
            #expect(try mine.instances.load(inserted.id, atLeast: changed.version) == changed)
            #expect(mine.instances.rowReads.load(ordering: .relaxed) == reads)
        }
    }

    @Test(arguments: StoreKind.postgresOnly) func aSessionDeletedOnAnotherNodeIsGoneOnceAnnounced(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try mine.instances.insert(instance(session: "gone"))
            #expect(try mine.instances.load(inserted.id) == inserted)
            try theirs.instances.delete(session: "gone")
            #expect(try eventually { try mine.instances.load(inserted.id) == nil })
        }
    }

    /// A miss is kept like a record (a flow run's page asks the instances table first): node B
    /// reads a missing id once; node A's insert announces itself, and B then finds the record.
    @Test(arguments: StoreKind.postgresOnly) func aKeptMissIsDroppedOnceAnotherNodesInsertIsAnnounced(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (nodeA, nodeB) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let record = instance()
            for _ in 1...3 { #expect(try nodeB.instances.load(record.id) == nil) }
            #expect(nodeB.instances.rowReads.load(ordering: .relaxed) == 1)
            let inserted = try nodeA.instances.insert(record)
            #expect(try eventually { try nodeB.instances.load(record.id) == inserted })
            // Kept now as a record: asking again costs no read.
            let reads = nodeB.instances.rowReads.load(ordering: .relaxed)
            #expect(try nodeB.instances.load(record.id) == inserted)
            #expect(nodeB.instances.rowReads.load(ordering: .relaxed) == reads)
        }
    }

    /// A page after a 303 (`?v=1`) knows the record exists: a kept miss is not served to it.
    @Test(arguments: StoreKind.postgresOnly) func aLoadOfAtLeastAVersionReadsTheRowDespiteAKeptMiss(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (nodeA, nodeB) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let record = instance()
            #expect(try nodeB.instances.load(record.id) == nil)
            let inserted = try nodeA.instances.insert(record)
            #expect(try nodeB.instances.load(record.id, atLeast: inserted.version) == inserted)
        }
    }

    /// A node whose listening connection is cut cannot know what changed meanwhile: it reads every
    /// record again until it listens again, then keeps them as before.
    @Test(arguments: StoreKind.postgresOnly) func aNodeThatLostItsListenerReadsAgainUntilItListensAgain(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try mine.instances.insert(instance())
            #expect(try mine.instances.load(inserted.id) == inserted)
            let connects = mine.feed.connects.load(ordering: .relaxed)
            mine.feed.holdsReconnecting.store(true, ordering: .relaxed)
            // Cut every listener of this database, as a restart of PostgreSQL or a network fault would.
            let admin = try #require(StoreKind.postgresURL)
            try TestDatabase.administer(admin, """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = '\(mine.url.database)' AND query LIKE 'LISTEN%'
                """)
            #expect(eventually { !mine.feed.isListening })
            // Changed while this node hears nothing: the very next load must not serve the old copy.
            let changed = try theirs.instances.save(inserted.counted(1))
            #expect(try mine.instances.load(inserted.id) == changed)
            #expect(try mine.instances.load(inserted.id) == changed)
            mine.feed.holdsReconnecting.store(false, ordering: .relaxed)
            #expect(eventually { mine.feed.isListening && mine.feed.connects.load(ordering: .relaxed) > connects })
            #expect(try mine.instances.load(inserted.id) == changed)
            let reads = mine.instances.rowReads.load(ordering: .relaxed)
            #expect(try mine.instances.load(inserted.id) == changed)
            #expect(mine.instances.rowReads.load(ordering: .relaxed) == reads, "kept again once listening")
        }
    }

    /// Many saves from one node while another keeps loading: once the last announcement has
    /// arrived, the loading node has the last version, whatever the interleaving.
    @Test(arguments: StoreKind.postgresOnly) func afterAStormOfSavesEveryNodeEndsOnTheLastVersion(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (reader, writer) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let inserted = try writer.instances.insert(instance())
            let done = Collected<Instance>()
            let stale = Collected<String>()
            onThreads(2) { index in
                if index == 0 {
                    var current = inserted
                    for count in 1...100 { current = (try? writer.instances.save(current.counted(count))) ?? current }
                    done.append(current)
                } else {
                    var last = 0
                    while done.all.isEmpty {
                        guard let loaded = try? reader.instances.load(inserted.id) else { continue }
                        // Never older than what this thread saw before: versions only move forward.
                        if loaded.version < last { stale.append("\(loaded.version) after \(last)") }
                        last = loaded.version
                    }
                }
            }
            #expect(stale.all == [])
            #expect(done.all.first?.version == 101)
            #expect(try eventually { try reader.instances.load(inserted.id)?.version == 101 })
        }
    }
}

/// What threads report back, gathered under a lock.
private final class Collected<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    func append(_ item: Element) { lock.withLock { items.append(item) } }
    var all: [Element] { lock.withLock { items } }
}

/// `--password` behind a load balancer: the access cookie one node gives must open the others.
@Suite struct PostgresAccessToken {
    @Test(arguments: StoreKind.postgresOnly) func everyNodeOfADatabaseAgreesOnTheTokenOfAPassword(_ kind: StoreKind) throws {
        let (first, second) = try withDatabase(kind) { database in
            let (a, b) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let token = try a.accessSecret(for: "open sesame")
            #expect(try b.accessSecret(for: "open sesame") == token)
            #expect(try b.accessSecret(for: "another") != token, "a new password makes old cookies useless")
            #expect(!token.contains("open sesame") && token.count == 64)
            return (token, try a.accessSecret(for: "another"))
        }
        // Another database has another secret: its tokens differ for the same password.
        try withDatabase(kind) { database in
            let other = try #require(try database.open() as? PostgresStore)
            #expect(try other.accessSecret(for: "open sesame") != first)
            #expect(try other.accessSecret(for: "another") != second)
        }
    }
}

/// Uploaded files in PostgreSQL: stored whole by one node, served by another, only to their session.
@Suite struct PostgresUploads {
    @Test(arguments: StoreKind.postgresOnly) func aFileStoredThroughOneNodeIsServedByAnotherToItsSessionOnly(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let bytes: [UInt8] = Array(0...255) + Array("%PDF-1.7 ✓".utf8)
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-upload-\(UUID().uuidString)")
            try Data(bytes).write(to: temporary)
            let file = PostedFile(fieldName: "doc", fileName: "report.pdf", contentType: "application/pdf", size: bytes.count,
                                  source: .temporaryFile(temporary))
            let stored = try mine.uploads.put(file, contentType: "application/pdf", session: "s", instance: "i")
            #expect(stored.size == bytes.count)
            #expect(!FileManager.default.fileExists(atPath: temporary.path), "the temporary file is consumed")
            let served = try #require(try theirs.uploads.upload(stored.id, session: "s"))
            #expect(served.upload == stored)
            #expect(served.bytes == bytes)
            #expect(try theirs.uploads.upload(stored.id, session: "other") == nil, "a foreign session sees nothing")
            #expect(try theirs.uploads.upload("../etc/passwd", session: "s") == nil)
        }
    }

    @Test(arguments: StoreKind.postgresOnly) func deletingByIdInstanceOrSessionRemovesOnlyThoseFiles(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try #require(try database.open() as? PostgresStore).uploads
            func put(_ session: String, _ instance: String) throws -> String {
                try store.put(PostedFile(fieldName: "f", fileName: "a.txt", contentType: "text/plain", size: 1, source: .bytes([65])),
                              contentType: "text/plain", session: session, instance: instance).id
            }
            let (a, b, c, d) = (try put("s1", "i1"), try put("s1", "i2"), try put("s2", "i3"), try put("s2", "i4"))
            store.delete([a])
            store.deleteAll(instance: "i2")
            #expect(try store.upload(a, session: "s1") == nil)
            #expect(try store.upload(b, session: "s1") == nil)
            #expect(try store.upload(c, session: "s2") != nil)
            store.deleteAll(session: "s2")
            #expect(try store.upload(c, session: "s2") == nil)
            #expect(try store.upload(d, session: "s2") == nil)
            #expect(try database.count("upload_chunks") == 0, "the chunks go with their files")
        }
    }

    /// Bigger than one chunk: stored as numbered chunks of at most `chunkSize` (the upload row
    /// holds no bytes), served whole and in order by another node.
    @Test(arguments: StoreKind.postgresOnly) func aFileLargerThanAChunkIsStoredInChunksAndServedWhole(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (mine, theirs) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let size = 2 * PostgresUploadStore.chunkSize + 1_000
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-upload-\(UUID().uuidString)")
            try Data(bytes).write(to: temporary)
            defer { try? FileManager.default.removeItem(at: temporary) }
            let file = PostedFile(fieldName: "doc", fileName: "scan.pdf", contentType: "application/pdf", size: size,
                                  source: .temporaryFile(temporary))
            let stored = try mine.uploads.put(file, contentType: "application/pdf", session: "s", instance: "i")
            #expect(stored.size == size)
            let chunks = try mine.connections.query("read", """
                SELECT sequence, length(bytes) FROM upload_chunks WHERE upload = '\(stored.id)' ORDER BY sequence
                """).map { try $0.decode((Int, Int).self) }
            #expect(chunks.map(\.0) == [0, 1, 2])
            #expect(chunks.map(\.1) == [PostgresUploadStore.chunkSize, PostgresUploadStore.chunkSize, 1_000])
            #expect(try database.count("uploads WHERE bytes IS NULL") == 1)
            let served = try #require(try theirs.uploads.upload(stored.id, session: "s"))
            #expect(served.bytes == bytes)
            // Inline bytes (a scenario's file) are cut the same way.
            let inline = try mine.uploads.put(PostedFile(fieldName: "doc", fileName: "b.bin", contentType: "application/pdf",
                                                         size: size, source: .bytes(bytes)),
                                              contentType: "application/pdf", session: "s", instance: "i")
            #expect(try theirs.uploads.upload(inline.id, session: "s")?.bytes == bytes)
            // An empty file has no chunk and is served empty.
            let empty = try mine.uploads.put(PostedFile(fieldName: "doc", fileName: "e.txt", contentType: "text/plain", size: 0, source: .bytes([])),
                                             contentType: "text/plain", session: "s", instance: "i")
            #expect(try theirs.uploads.upload(empty.id, session: "s")?.bytes == [])
        }
    }

    /// All chunks and the row in one transaction: the database failing on the third chunk
    /// (a trigger stands in for a full disk) leaves no upload row and no chunk, and says why.
    @Test(arguments: StoreKind.postgresOnly) func aFileThatFailsHalfWayLeavesNoUploadAndNoChunks(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try #require(try database.open() as? PostgresStore)
            _ = try store.connections.query("trigger", """
                CREATE FUNCTION refuse_third_chunk() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.sequence = 2 THEN RAISE EXCEPTION 'could not extend file: No space left on device'; END IF; RETURN NEW; END $$
                """)
            _ = try store.connections.query("trigger", """
                CREATE TRIGGER refuse_third_chunk BEFORE INSERT ON upload_chunks FOR EACH ROW EXECUTE FUNCTION refuse_third_chunk()
                """)
            let bytes = [UInt8](repeating: 7, count: 3 * PostgresUploadStore.chunkSize)
            #expect {
                _ = try store.uploads.put(PostedFile(fieldName: "doc", fileName: "big.pdf", contentType: "application/pdf",
                                                     size: bytes.count, source: .bytes(bytes)),
                                          contentType: "application/pdf", session: "s", instance: "i")
            } throws: { error in
                "\(error)".contains("No space left on device") && "\(error)".contains("big.pdf")
            }
            #expect(try database.count("uploads") == 0)
            #expect(try database.count("upload_chunks") == 0)
        }
    }

    /// A database whose uploads were stored whole in their row (before migration v6) keeps
    /// serving them once a newer node has migrated it.
    @Test(arguments: StoreKind.postgresOnly) func aFileStoredBeforeChunksStaysReadable(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let old = try #require(try database.open(upTo: "v5: password guesses") as? PostgresStore)
            let bytes: [UInt8] = Array("%PDF-1.4 stored whole".utf8)
            let id = UUID().uuidString.lowercased()
            var binds = PostgresBindings()
            binds.append(id)
            binds.append(ByteBuffer(bytes: bytes))
            _ = try old.connections.query("old row", """
                INSERT INTO uploads (id, session, instance, name, size, content_type, created_at, bytes)
                VALUES ($1, 's', 'i', 'old.pdf', \(bytes.count), 'application/pdf', 0, $2)
                """, binds)
            let new = try #require(try database.open() as? PostgresStore)
            let served = try #require(try new.uploads.upload(id, session: "s"))
            #expect(served.bytes == bytes)
            #expect(served.upload.name == "old.pdf")
            new.uploads.delete([id])
            #expect(try new.uploads.upload(id, session: "s") == nil)
        }
    }

    /// A read that fails is an error, not "no such file": the download answers 503, not 404.
    @Test(arguments: StoreKind.postgresOnly) func aReadThatFailsIsAnErrorNotAMissingFile(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try #require(try database.open() as? PostgresStore)
            let stored = try store.uploads.put(PostedFile(fieldName: "f", fileName: "a.txt", contentType: "text/plain", size: 1, source: .bytes([65])),
                                               contentType: "text/plain", session: "s", instance: "i")
            store.close()
            #expect(throws: StoreError.self) { try store.uploads.upload(stored.id, session: "s") }
        }
    }
}

/// Analytics with several nodes: every node's events in one table, as the JSON-lines log would hold them.
@Suite struct PostgresAnalytics {
    @Test(arguments: StoreKind.postgresOnly) func theEventsOfEveryNodeLandInOneTableAsTheirJSON(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (a, b) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let time = Date(timeIntervalSince1970: 1_800_000_000)
            let first = AnalyticsEvent(kind: .start, time: time, instance: "i1", process: "loan", session: "s", value: "loan",
                                       screen: nil, component: nil, label: nil, customPayload: nil)
            let second = AnalyticsEvent(kind: .action, time: time.addingTimeInterval(1), instance: "i1", process: "loan", session: "s",
                                        value: "next", screen: "personal", component: nil, label: "Next", customPayload: ["x": 1])
            a.analytics.record([first])
            b.analytics.record([second])
            b.analytics.record([])
            let rows = try a.connections.query("read", "SELECT kind, instance, event FROM analytics_events ORDER BY id")
            let read = try rows.map { try $0.decode((String, String, String).self) }
            #expect(read.map(\.0) == ["start", "action"])
            #expect(read.map(\.1) == ["i1", "i1"])
            #expect(read.map(\.2) == [first.json.serialized(), second.json.serialized()])
        }
    }

    /// The inspector of any node shows an instance's events from every node, the last
    /// `RecentAnalytics.perInstance` of them, oldest first.
    @Test(arguments: StoreKind.postgresOnly) func theInspectorsRecentEventsComeFromTheSharedTable(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (a, b) = (try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore))
            let time = Date(timeIntervalSince1970: 1_800_000_000)
            let events = (0..<60).map { index in
                AnalyticsEvent(kind: .action, time: time.addingTimeInterval(Double(index)), instance: "i1", process: "loan", session: "s",
                               value: "step \(index)", screen: "s\(index)", component: nil, label: nil, customPayload: nil)
            }
            a.analytics.record(Array(events[..<30]))
            b.analytics.record(Array(events[30...]))
            a.analytics.record([AnalyticsEvent(kind: .start, time: time, instance: "other", process: "loan", session: "s",
                                               value: "loan", screen: nil, component: nil, label: nil, customPayload: nil)])
            let inspector = RecentAnalytics(shared: a.analytics)
            #expect(inspector.eventJSON(of: "i1") == events.suffix(RecentAnalytics.perInstance).map { $0.json.serialized() })
            #expect(inspector.events(of: "i1").isEmpty, "none of them were recorded in this node's memory")
        }
    }
}

/// Wrong `--password` guesses counted by every node: the rule of Preview's `PasswordGuesses`
/// (after `maxFailures` within `window`, wait `window`), with times given by hand.
@Suite struct PostgresPasswordGuessCounts {
    @Test(arguments: StoreKind.postgresOnly) func failuresOnAnyNodeCountTowardsOneLimit(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let (a, b) = (try #require(try database.open() as? PostgresStore).passwordGuesses,
                          try #require(try database.open() as? PostgresStore).passwordGuesses)
            let t0 = Date(timeIntervalSince1970: 1_800_000_000)
            func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }
            #expect(try a.failed(for: "10.0.0.1", now: at(0), maxFailures: 3, window: 900) == nil)
            #expect(try b.failed(for: "10.0.0.1", now: at(1), maxFailures: 3, window: 900) == nil)
            #expect(try a.wait(for: "10.0.0.1", now: at(1)) == nil, "tries left")
            #expect(try a.failed(for: "10.0.0.1", now: at(2), maxFailures: 3, window: 900) == 900)
            #expect(try b.wait(for: "10.0.0.1", now: at(3)) == 899, "the other node makes it wait too")
            #expect(try b.failed(for: "10.0.0.1", now: at(4), maxFailures: 3, window: 900) == 898, "a blocked address stays blocked")
            #expect(try b.wait(for: "10.0.0.2", now: at(4)) == nil, "only that address")
            #expect(try a.wait(for: "10.0.0.1", now: at(902)) == nil, "the wait is over")
            #expect(try a.failed(for: "10.0.0.1", now: at(903), maxFailures: 3, window: 900) == nil, "a new count starts")
            // Failures older than the window no longer count.
            #expect(try a.failed(for: "10.0.0.3", now: at(0), maxFailures: 3, window: 900) == nil)
            #expect(try a.failed(for: "10.0.0.3", now: at(1), maxFailures: 3, window: 900) == nil)
            #expect(try b.failed(for: "10.0.0.3", now: at(901), maxFailures: 3, window: 900) == nil)
            #expect(try b.failed(for: "10.0.0.3", now: at(902), maxFailures: 3, window: 900) == nil)
            #expect(try b.failed(for: "10.0.0.3", now: at(903), maxFailures: 3, window: 900) == 900)
        }
    }

    /// Rows that no longer count are deleted when a guess is counted, so the table holds the
    /// addresses of the last window, not every address that ever guessed wrong.
    @Test(arguments: StoreKind.postgresOnly) func expiredWrongGuessRowsAreDeletedWhenANewGuessIsCounted(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let store = try #require(try database.open() as? PostgresStore)
            let guesses = store.passwordGuesses
            let t0 = Date(timeIntervalSince1970: 1_800_000_000)
            func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }
            func keys() throws -> [String] {
                try store.connections.query("read", "SELECT key FROM password_guesses ORDER BY key").map { try $0.decode(String.self) }
            }
            _ = try guesses.failed(for: "10.0.0.1", now: at(0), maxFailures: 3, window: 900)   // its window ends at 900
            _ = try guesses.failed(for: "10.0.0.2", now: at(100), maxFailures: 1, window: 900) // blocked until 1000
            _ = try guesses.failed(for: "10.0.0.3", now: at(500), maxFailures: 3, window: 900) // counts until 1400
            #expect(try keys() == ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
            _ = try guesses.failed(for: "10.0.0.4", now: at(950), maxFailures: 3, window: 900)
            #expect(try keys() == ["10.0.0.2", "10.0.0.3", "10.0.0.4"], "the window of .1 is over; .2 is still blocked")
            #expect(try guesses.wait(for: "10.0.0.2", now: at(950)) == 50)
            _ = try guesses.failed(for: "10.0.0.4", now: at(1000), maxFailures: 3, window: 900)
            #expect(try keys() == ["10.0.0.3", "10.0.0.4"], "the block of .2 is over")
        }
    }

    @Test(arguments: StoreKind.postgresOnly) func failuresCountedAtOnceByTwoNodesAreAllCounted(_ kind: StoreKind) throws {
        try withDatabase(kind) { database in
            let nodes = [try #require(try database.open() as? PostgresStore), try #require(try database.open() as? PostgresStore)]
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let failures = Collected<String>()
            onThreads(8) { index in
                for _ in 0..<5 {
                    do { _ = try nodes[index % 2].passwordGuesses.failed(for: "10.9.9.9", now: now, maxFailures: 100, window: 900) } catch {
                        failures.append("\(error)")
                    }
                }
            }
            #expect(failures.all == [])
            let counted = try nodes[0].connections.query("read", "SELECT failures FROM password_guesses WHERE key = '10.9.9.9'")
            #expect(try counted.first?.decode(Int.self) == 40)
        }
    }
}
