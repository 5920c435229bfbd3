import GRDB

/// Asks SQLite for one row's `version`, and nothing else, on a connection of its own.
///
/// Why: showing a screen loads its instance, and the store keeps instances as last decoded
/// (`DecodedRecords`). Whether a kept record is still the stored one is a question only the
/// file can answer — another process or node may have saved it — so every load asks. Through
/// the store's `DatabasePool` that question cost more than rendering the page (measured on
/// `make bench`: about a third of the server's CPU went to taking a pooled reader, parsing the
/// statement, `BEGIN`/`COMMIT` around it and copying the JSON body). Here it is one cached
/// prepared statement on one connection, outside any explicit transaction: a single `SELECT`
/// is atomic on its own, and in WAL mode it sees every commit made before it started, by any
/// connection or process.
///
/// File stores only: an in-memory database is private to its own connection.
final class SQLiteVersionProbe: Sendable {
    private let connection: DatabaseQueue

    /// Opens a second connection to the file the store has already opened (and migrated).
    init(path: String, busyTimeout: Double) throws {
        var configuration = Configuration()
        configuration.label = "FlowStage version probe"
        configuration.busyMode = .timeout(busyTimeout)
        // Never writes; left read-write so it can open the WAL index whatever the file modes were.
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// The `version` column of the row `id` in the table that `sql` reads (`SELECT version FROM
    /// <table> WHERE id = ?`), or nil when there is no such row.
    func version(_ sql: String, id: String) throws -> Int? {
        try connection.inDatabase { db in
            try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [id])
        }
    }

    func close() throws {
        try connection.close()
    }
}
