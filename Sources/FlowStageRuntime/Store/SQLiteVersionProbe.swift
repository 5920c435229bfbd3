import GRDBSQLite
import Synchronization

/// Asks SQLite for one row's `version`, and nothing else, on a connection of its own.
///
/// Why: showing a screen loads its instance, and the store keeps instances as last decoded
/// (`DecodedRecords`). Whether a kept record is still the stored one is a question only the
/// file can answer — another process or node may have saved it — so every load asks. Through
/// the store's `DatabasePool` that question cost more than rendering the page (measured on
/// `make bench`: about a third of the server's CPU went to taking a pooled reader, parsing the
/// statement, `BEGIN`/`COMMIT` around it and copying the JSON body). Here it is one prepared
/// statement on one connection, outside any explicit transaction: a single `SELECT` is atomic
/// on its own, and in WAL mode it sees every commit made before it started, by any connection
/// or process.
///
/// The SQLite C API directly, not GRDB: through a GRDB `DatabaseQueue` the same probe spent
/// about 40 % of its time in GRDB and Dispatch (queue hop, statement cache, argument checks,
/// cursor), on the hottest path of the server. What is left is SQLite's own: taking and
/// releasing the WAL read lock (two `fcntl` calls) and the B-tree lookup.
///
/// Most page views do not get that far: when no transaction has been committed to the file
/// since the kept record was last confirmed, it is still current, and the wal-index header
/// (shared memory every connection to the file maps) says so without a lock or a statement
/// (`commitStamp()`).
///
/// File stores only: an in-memory database is private to its own connection.
final class SQLiteVersionProbe: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The connection and its prepared statements (one per SQL text, i.e. per table).
    /// Opened without SQLite's own mutex: this lock serialises every use.
    private struct Connection {
        var handle: OpaquePointer?
        var statements: [String: OpaquePointer] = [:]
        /// The first region of the file's wal-index, as SQLite mapped it for this connection;
        /// valid until the connection closes. Nil when it could not be had (not WAL mode, a
        /// VFS without shared memory): then every check asks SQLite.
        var walIndex: UnsafeRawPointer?
    }
    /// Statements run, so tests can tell a check answered by the wal-index from one that asked SQLite.
    let queries = Atomic<Int>(0)

    private let connection: Mutex<Connection>

    /// Opens a second connection to the file the store has already opened (and migrated).
    init(path: String, busyTimeout: Double) throws(Failure) {
        var handle: OpaquePointer?
        // Read-write although it never writes, so it can use the WAL index whatever the file modes were.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(path) for version checks: \(message)")
        }
        sqlite3_busy_timeout(handle, Int32(min(busyTimeout * 1000, Double(Int32.max))))
        connection = Mutex(Connection(handle: handle, walIndex: Self.mapWALIndex(handle)))
    }

    /// Maps the first 32 KiB region of the wal-index through the connection's own VFS
    /// (`xShmMap`, the public interface SQLite's WAL code uses), after a read has put the
    /// connection in WAL mode. While the connection is open it holds its shared locks on the
    /// file and the wal-index, so no other process can truncate the wal-index or take the file
    /// out of WAL mode under it.
    private static func mapWALIndex(_ handle: OpaquePointer) -> UnsafeRawPointer? {
        // A read opens the connection's WAL (the pager learns the mode from the file);
        // then the pragma reports it.
        guard Self.firstColumn(handle, "SELECT count(*) FROM sqlite_schema") != nil,
              Self.firstColumn(handle, "PRAGMA journal_mode") == "wal" else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
              let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
              let map = methods.pointee.xShmMap else { return nil }
        var region: UnsafeMutableRawPointer?
        guard map(file, 0, 32 * 1024, 0, &region) == SQLITE_OK, let region else { return nil }
        return UnsafeRawPointer(region)
    }

    private static func firstColumn(_ handle: OpaquePointer, _ sql: String) -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    /// The file's commit stamp now, or nil when only a statement can tell (see `CommitStamp`).
    func commitStamp() -> CommitStamp? {
        connection.withLock { connection in
            connection.walIndex.flatMap { CommitStamp(walIndex: $0) }
        }
    }

    deinit {
        close()
    }

    /// The `version` column of the row `id` in the table that `sql` reads (`SELECT version FROM
    /// <table> WHERE id = ?`), or nil when there is no such row.
    func version(_ sql: String, id: String) throws(Failure) -> Int? {
        queries.add(1, ordering: .relaxed)
        return try connection.withLock { connection throws(Failure) -> Int? in
            guard let handle = connection.handle else { throw Failure(description: "the version probe is closed") }
            let statement: OpaquePointer
            if let prepared = connection.statements[sql] {
                statement = prepared
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil) == SQLITE_OK,
                      let prepared else {
                    throw Failure(description: String(cString: sqlite3_errmsg(handle)))
                }
                connection.statements[sql] = prepared
                statement = prepared
            }
            // Bound without a copy (SQLITE_STATIC, a nil destructor): the text must outlive
            // every use, so the step, the read and the reset all happen inside.
            let (code, version) = id.withCString { text -> (Int32, Int64) in
                sqlite3_bind_text(statement, 1, text, -1, nil)
                let code = sqlite3_step(statement)
                let version = code == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : 0
                sqlite3_reset(statement) // ends the read transaction: the WAL can be checkpointed past it
                sqlite3_clear_bindings(statement)
                return (code, version)
            }
            switch code {
            case SQLITE_ROW: return Int(version)
            case SQLITE_DONE: return nil
            default: throw Failure(description: String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    /// Finalizes the statements and closes the connection; later calls fail (and the store
    /// falls back to its own read, which fails with its own message).
    func close() {
        connection.withLock { connection in
            for statement in connection.statements.values { sqlite3_finalize(statement) }
            connection.statements = [:]
            connection.walIndex = nil
            if let handle = connection.handle { sqlite3_close_v2(handle) }
            connection.handle = nil
        }
    }
}
