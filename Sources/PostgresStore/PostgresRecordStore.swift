import FlowStageRuntime
import Foundation
import PostgresNIO
import Synchronization

/// One table of the PostgreSQL store: instances, flow runs or sessions, with the SQLite
/// store's rules and the same JSON bodies (`SQLiteBody`).
///
/// Every operation is one statement, so one implicit transaction: `save` is
/// `UPDATE … WHERE id = $1 AND version = $2` (no row: someone saved first, a conflict),
/// `insert` is `INSERT … ON CONFLICT (id) DO NOTHING` (no row: the id exists, a conflict).
/// Inserts, saves and deletes announce themselves with `pg_notify` in the same statement, which
/// PostgreSQL delivers to every listening node when, and only if, the statement commits
/// (inserts too, so another node's kept miss of that id is dropped).
///
/// `load` answers from `cache`, a kept record or a kept miss, while the node's change feed
/// listens (see `PostgresRecordCache` for what that guarantees), else reads the row.
public final class PostgresRecordStore<Record: StoredRecord>: RecordStore {
    private let connections: PostgresConnections
    let cache: PostgresRecordCache<Record>
    /// Whole rows read by `load`, so tests can tell a cache hit from a read.
    let rowReads = Atomic<Int>(0)
    static var maxCached: Int { 10_000 }

    private let loadSQL, insertSQL, saveSQL, listSQL, deleteSQL, idsSQL: String

    init(connections: PostgresConnections) {
        self.connections = connections
        cache = PostgresRecordCache(limit: Self.maxCached)
        let table = Record.table
        let columns = ["id", "session"] + Record.columns + ["version", "created_at", "updated_at", "body"]
        let assigned = ["session"] + Record.columns + ["created_at", "updated_at", "body"]
        // $1 id, $2 expected version, then the assigned columns in order.
        let assignments = assigned.enumerated().map { "\($0.element) = $\($0.offset + 3)" }
        let notify = "pg_notify('\(PostgresChangeFeed.channel)', '\(table) ' || changed.id || ' ' || changed.version)"
        loadSQL = "SELECT version, body FROM \(table) WHERE id = $1"
        insertSQL = """
            WITH changed AS (
                INSERT INTO \(table) (\(columns.joined(separator: ", ")))
                VALUES (\((1...columns.count).map { "$\($0)" }.joined(separator: ", ")))
                ON CONFLICT (id) DO NOTHING RETURNING id, version)
            SELECT \(notify) FROM changed
            """
        saveSQL = """
            WITH changed AS (
                UPDATE \(table) SET \(assignments.joined(separator: ", ")), version = version + 1
                WHERE id = $1 AND version = $2 RETURNING id, version)
            SELECT \(notify) FROM changed
            """
        listSQL = "SELECT version, body FROM \(table) WHERE session = $1 ORDER BY created_at DESC, id DESC"
        deleteSQL = """
            WITH changed AS (DELETE FROM \(table) WHERE session = $1 RETURNING id, 0 AS version)
            SELECT \(notify) FROM changed
            """
        idsSQL = "SELECT id FROM \(table) WHERE updated_at < $1 ORDER BY updated_at, id LIMIT $2"
    }

    private static var name: String { Record.recordName }

    public func load(_ id: String) throws(StoreError) -> Record? {
        try load(id, atLeast: 0)
    }

    /// A kept copy older than `version` is not served: the change it lacks was committed (and
    /// answered) by another node whose announcement has not arrived yet.
    public func load(_ id: String, atLeast version: Int) throws(StoreError) -> Record? {
        if let kept = cache.record(id), kept.version >= version { return kept }
        // A caller that names a version knows the record exists: the miss may predate it.
        if version <= 0, cache.isAbsent(id) { return nil }
        let generation = cache.generation
        rowReads.add(1, ordering: .relaxed)
        var binds = PostgresBindings()
        binds.append(id)
        let rows = try connections.query("cannot read \(Self.name) \(id)", loadSQL, binds)
        guard let row = rows.first else {
            cache.rememberAbsent(id, readIn: generation)
            return nil
        }
        let record = try decode(row)
        cache.remember(record, readIn: generation)
        return record
    }

    public func insert(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = 1
        let body = try encode(&stored)
        var binds = PostgresBindings()
        binds.append(stored.id)
        binds.append(stored.session)
        for value in stored.columnValues { binds.append(value) }
        binds.append(stored.version)
        binds.append(stored.createdAt.timeIntervalSince1970)
        binds.append(stored.updatedAt.timeIntervalSince1970)
        binds.append(body)
        let generation = cache.generation
        let result = try connections.query("cannot store the new \(Self.name) \(record.id)", insertSQL, binds)
        guard result.rows.count == 1 else { throw .conflict(id: record.id) }
        cache.remember(stored, readIn: generation)
        return stored
    }

    public func save(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = record.version + 1
        let body = try encode(&stored)
        var binds = PostgresBindings()
        binds.append(record.id)
        binds.append(record.version)
        binds.append(stored.session)
        for value in stored.columnValues { binds.append(value) }
        binds.append(stored.createdAt.timeIntervalSince1970)
        binds.append(stored.updatedAt.timeIntervalSince1970)
        binds.append(body)
        let generation = cache.generation
        let result = try connections.query("cannot save \(Self.name) \(record.id)", saveSQL, binds)
        guard result.rows.count == 1 else {
            // The kept copy may be the stale one this save was built on.
            cache.forget(record.id)
            throw .conflict(id: record.id)
        }
        cache.remember(stored, readIn: generation)
        return stored
    }

    public func records(session: String) throws(StoreError) -> [Record] {
        var binds = PostgresBindings()
        binds.append(session)
        let generation = cache.generation
        let rows = try connections.query("cannot list the \(Self.name)s of a session", listSQL, binds)
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        for row in rows {
            let record = try decode(row)
            cache.remember(record, readIn: generation)
            records.append(record)
        }
        return records
    }

    public func delete(session: String) throws(StoreError) {
        var binds = PostgresBindings()
        binds.append(session)
        _ = try connections.query("cannot delete the \(Self.name)s of a session", deleteSQL, binds)
        // Our own notifications say the same a moment later; do not serve the rows meanwhile.
        cache.forget(session: session)
    }

    public func ids(updatedBefore cutoff: Date, limit: Int) throws(StoreError) -> [String] {
        var binds = PostgresBindings()
        binds.append(cutoff.timeIntervalSince1970)
        binds.append(max(0, limit))
        let rows = try connections.query("cannot list the \(Self.name)s last updated before \(cutoff)", idsSQL, binds)
        var ids: [String] = []
        for row in rows {
            do { ids.append(try row.decode(String.self)) } catch {
                throw .failed("cannot read the id of a \(Self.name) in \(connections.url): \(PostgresFailure.said(error))")
            }
        }
        return ids
    }

    // MARK: - Body

    private func encode(_ record: inout Record) throws(StoreError) -> String {
        do { return try SQLiteBody.encode(&record) } catch {
            throw .failed("cannot store \(Self.name) \(record.id): its data cannot be written as JSON (\(error)); "
                          + "this is a FlowStage bug, please report it")
        }
    }

    /// The body is the record; the `version` column is the truth about its version.
    private func decode(_ row: PostgresRow) throws(StoreError) -> Record {
        let version: Int, body: String
        do { (version, body) = try row.decode((Int, String).self) } catch {
            throw .failed("cannot read a \(Self.name) stored in \(connections.url): \(PostgresFailure.said(error)); "
                          + "the tables may have been changed by hand or by a newer FlowStage")
        }
        do {
            var record: Record = try SQLiteBody.decode(body)
            record.version = version
            return record
        } catch {
            throw .failed("cannot read a \(Self.name) stored in \(connections.url): \(error); it may have been written by "
                          + "a newer FlowStage, or edited by hand")
        }
    }
}
