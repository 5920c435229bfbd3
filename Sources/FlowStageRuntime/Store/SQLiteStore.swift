import Foundation
import GRDB
import Synchronization

/// The embedded default store: one SQLite file that survives restarts, holding instances,
/// flow runs and sessions in a table each.
///
/// The file is in WAL mode, so reads never wait for a write, and a writer that finds the file
/// locked by another process waits up to `busyTimeout` instead of failing.
public final class SQLiteStore: Sendable {
    /// How long a write waits for another process's transaction before it fails.
    public static let busyTimeout: TimeInterval = 5

    /// The file, or a label for an in-memory database; named in every error message.
    public let path: String
    // A `DatabasePool` (one writer, concurrent readers) for files; a `DatabaseQueue` in memory.
    // Both are Sendable: GRDB serialises access to each connection itself.
    private let database: any DatabaseWriter
    /// Answers "is the kept record still the stored one?" for page views (file stores only).
    private let probe: SQLiteVersionProbe?
    public let instances: SQLiteRecordStore<Instance>
    public let flowRuns: SQLiteRecordStore<FlowRun>
    public let sessions: SQLiteRecordStore<Session>
    /// Set by the first `close`: a second one does nothing (checkpointing a closed pool crashed).
    private let closed = Atomic<Bool>(false)

    /// Opens the store at `path`, creating the file and its folder if needed and bringing the
    /// tables up to date.
    public convenience init(path: String) throws(StoreError) {
        try self.init(path: path, upTo: nil)
    }

    /// With `migration`, the tables stop at that migration: how tests make a file as an
    /// older FlowStage wrote it.
    init(path: String, upTo migration: String?) throws(StoreError) {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        self.path = file.path
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .failed("cannot create the folder \(folder.path) for the database \(file.path): "
                          + "\(SQLiteFailure.message(of: error)); check that the path names a folder you can write to, "
                          + "or choose another database path")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .failed("cannot open the database \(file.path): it is a folder; give the path of a file, "
                          + "or choose another database path")
        }
        do {
            database = try Self.openPool(path: file.path)
        } catch {
            throw SQLiteFailure.failed("cannot open the database \(file.path)", database: file.path, error)
        }
        do { try SQLiteSchema.migrate(database, upTo: migration) } catch {
            throw SQLiteFailure.failed("cannot prepare the tables in \(file.path)", database: file.path, error)
        }
        // Only an optimisation: without it every load reads and compares the whole row.
        probe = try? SQLiteVersionProbe(path: file.path, busyTimeout: Self.busyTimeout)
        instances = SQLiteRecordStore(database: database, path: self.path, probe: probe)
        flowRuns = SQLiteRecordStore(database: database, path: self.path, probe: probe)
        sessions = SQLiteRecordStore(database: database, path: self.path, probe: probe)
    }

    private init(inMemory label: String) throws(StoreError) {
        path = label
        do {
            database = try DatabaseQueue(configuration: Self.configuration(label: label))
            try SQLiteSchema.migrate(database)
        } catch {
            throw SQLiteFailure.failed("cannot open an in-memory database", database: label, error)
        }
        probe = nil
        instances = SQLiteRecordStore(database: database, path: label, probe: nil)
        flowRuns = SQLiteRecordStore(database: database, path: label, probe: nil)
        sessions = SQLiteRecordStore(database: database, path: label, probe: nil)
    }

    /// A private store in memory with the same SQL as the file store, for tests; gone when released.
    public static func inMemory() throws(StoreError) -> SQLiteStore {
        try SQLiteStore(inMemory: "an in-memory database")
    }

    /// Opens the file in WAL mode. While another connection is turning a new file to WAL,
    /// SQLite answers "database is locked" at once instead of waiting out the busy timeout;
    /// that state lasts milliseconds, so a few spaced retries always get through.
    private static func openPool(path: String) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration(label: "FlowStage"))
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 20 {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.005 * Double(attempt))
            }
        }
    }

    private static func configuration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(busyTimeout)
        // GRDB opens WAL files with `synchronous = NORMAL`: a commit syncs nothing until a
        // checkpoint; it survives the process being killed (the crash test kills it
        // mid-action) and the file is never corrupted; only a power cut may lose the last ones.
        return configuration
    }

    /// Closes the file now rather than when the store is released; later calls fail, a second close does nothing.
    ///
    /// First copies the write-ahead log into the main file, so the `.sqlite` file alone holds
    /// everything once the server has stopped (GRDB's close alone leaves that to the next open).
    /// Passive: it never waits for another process, and if it cannot finish, the next open does.
    public func close() throws(StoreError) {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        probe?.close()
        if database is DatabasePool {
            _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
        do { try database.close() } catch {
            throw SQLiteFailure.failed("cannot close the database \(path)", database: path, error)
        }
    }
}
