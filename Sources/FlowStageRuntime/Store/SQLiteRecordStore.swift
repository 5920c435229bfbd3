import Foundation
import GRDB
import Synchronization

/// One table of the SQLite store: instances, flow runs or sessions, with the same SQL.
///
/// `save` is a single `UPDATE … WHERE id = ? AND version = ?` in its own transaction, so the
/// compare-and-swap is done by SQLite and holds between processes sharing the file, not only
/// between threads.
///
/// Loads are read-through with a check: the record as last decoded (`decoded`) is returned
/// only after the file has said that the row's `version` is still the one decoded: at no cost
/// when the file's commit stamp shows no commit at all since the record was last confirmed
/// (`CommitStamp`), else by `probe`'s one-row `SELECT`. So a save by another process, node or
/// store handle is seen by the next load, a row deleted elsewhere is gone, and no "this
/// process is the only writer" assumption is made; what is saved is decoding JSON and the
/// pooled read of the whole row. A miss is kept the same way (`absent`): while the stamp is
/// the one read before the query that found no row, the id is still missing.
public final class SQLiteRecordStore<Record: StoredRecord>: RecordStore {
    private let database: any DatabaseWriter
    /// The file, named in every error message.
    private let path: String
    private let decoded: DecodedRecords<Record>
    /// Ids found missing, by commit stamp; empty for an in-memory database (no stamp).
    private let absent: AbsentIDs
    /// Nil for an in-memory database (no second connection can see it): every load reads the row.
    private let probe: SQLiteVersionProbe?
    private let versionSQL: String
    /// Whole rows read by `load` (the slow path), so tests can tell a checked cache hit from a read.
    let rowReads = Atomic<Int>(0)
    /// Version checks that had to ask SQLite (the commit stamp could not answer), for tests.
    var versionQueries: Int { probe?.queries.load(ordering: .relaxed) ?? 0 }
    static var maxDecoded: Int { 10_000 }

    init(database: any DatabaseWriter, path: String, probe: SQLiteVersionProbe?) {
        self.database = database
        self.path = path
        self.probe = probe
        decoded = DecodedRecords(limit: Self.maxDecoded)
        absent = AbsentIDs(limit: Self.maxDecoded)
        versionSQL = "SELECT version FROM \(Record.table) WHERE id = ?"
    }

    private static var name: String { Record.recordName }
    private static var table: String { Record.table }

    /// Specialized for the records pages show: called through `any RecordStore`, the generic
    /// body otherwise looked up the metadata of `Record?` and of the kept entries on every
    /// load, half of the instance load of a page view. The body is apart (`loadRecord`): the
    /// unspecialized entry, which chooses the specialized one, sized the body's generic locals
    /// (two metadata look-ups) before it chose.
    @_specialize(where Record == Instance)
    @_specialize(where Record == FlowRun)
    public func load(_ id: String) throws(StoreError) -> Record? {
        try loadRecord(id)
    }

    private func loadRecord(_ id: String) throws(StoreError) -> Record? {
        // Read before anything is asked of the file: a record found current after this
        // moment is current for as long as the file shows this stamp.
        let stamp = probe?.commitStamp()
        // A kept record and a kept miss are never of the same id: a found record's page asks
        // for no miss (one lock fewer per page view).
        if let probe, let kept = decoded.entry(id) {
            if let stamp, kept.checked == stamp { return kept.record }
            // A probe that fails (busy past the timeout, closed) falls through to the full
            // read, which fails with the store's own message if the file is really unusable.
            switch Result(catching: { try probe.version(versionSQL, id: id) }) {
            case .success(nil):
                decoded.forget(id) // deleted by another handle
                if let stamp { absent.remember(id, at: stamp) }
                return nil
            case .success(kept.record.version):
                if let stamp { decoded.confirm(id, version: kept.record.version, at: stamp) }
                return kept.record
            case .success, .failure:
                break
            }
        } else if let stamp, absent.isAbsent(id, at: stamp) {
            return nil
        }
        rowReads.add(1, ordering: .relaxed)
        let row: Row?
        do {
            row = try database.read { db in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT id, version, body FROM \(Self.table) WHERE id = ?"),
                                 arguments: [id])
            }
        } catch {
            throw SQLiteFailure.failed("cannot read \(Self.name) \(id) from \(path)", database: path, error)
        }
        guard let row else {
            if let stamp { absent.remember(id, at: stamp) }
            return nil
        }
        absent.forget(id) // an entry at an older stamp, if any: it can never answer again
        let record = try decode(row)
        if let stamp { decoded.confirm(id, version: record.version, at: stamp) }
        return record
    }

    public func insert(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = 1
        let body = try encode(&stored)
        let columns = (["id", "session"] + Record.columns + ["version", "created_at", "updated_at", "body"])
        let values: [any DatabaseValueConvertible] = [stored.id, stored.session] + stored.columnValues
            + [stored.version, stored.createdAt.timeIntervalSince1970, stored.updatedAt.timeIntervalSince1970, body]
        let inserted: Bool
        do {
            inserted = try database.write { db in
                // Portable (SQLite ≥ 3.24, PostgreSQL): an existing id changes nothing and is a conflict.
                try db.execute(sql: """
                    INSERT INTO \(Self.table) (\(columns.joined(separator: ", ")))
                    VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
                    ON CONFLICT (id) DO NOTHING
                    """, arguments: StatementArguments(values))
                return db.changesCount == 1
            }
        } catch {
            throw SQLiteFailure.failed("cannot store the new \(Self.name) \(record.id) in \(path)", database: path, error)
        }
        guard inserted else { throw .conflict(id: record.id) }
        absent.forget(stored.id)
        remember(stored)
        return stored
    }

    public func save(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = record.version + 1
        let body = try encode(&stored)
        let assignments = (["session"] + Record.columns + ["created_at", "updated_at", "body"]).map { "\($0) = ?" }
        let values: [any DatabaseValueConvertible] = [stored.session] + stored.columnValues
            + [stored.createdAt.timeIntervalSince1970, stored.updatedAt.timeIntervalSince1970, body, record.id, record.version]
        let saved: Bool
        do {
            saved = try database.write { db in
                try db.execute(sql: """
                    UPDATE \(Self.table) SET \(assignments.joined(separator: ", ")), version = version + 1
                    WHERE id = ? AND version = ?
                    """, arguments: StatementArguments(values))
                return db.changesCount == 1
            }
        } catch {
            throw SQLiteFailure.failed("cannot save \(Self.name) \(record.id) in \(path)", database: path, error)
        }
        guard saved else { throw .conflict(id: record.id) }
        remember(stored)
        return stored
    }

    public func records(session: String) throws(StoreError) -> [Record] {
        let rows: [Row]
        do {
            rows = try database.read { db in
                try Row.fetchAll(db.cachedStatement(sql: """
                    SELECT id, version, body FROM \(Self.table) WHERE session = ? ORDER BY created_at DESC, id DESC
                    """), arguments: [session])
            }
        } catch {
            throw SQLiteFailure.failed("cannot list the \(Self.name)s of a session in \(path)", database: path, error)
        }
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        for row in rows { records.append(try decode(row)) }
        return records
    }

    public func delete(session: String) throws(StoreError) {
        decoded.forget(session: session)
        do {
            try database.write { db in
                try db.execute(sql: "DELETE FROM \(Self.table) WHERE session = ?", arguments: [session])
            }
        } catch {
            throw SQLiteFailure.failed("cannot delete the \(Self.name)s of a session in \(path)", database: path, error)
        }
    }

    public func ids(updatedBefore cutoff: Date, limit: Int) throws(StoreError) -> [String] {
        do {
            return try database.read { db in
                try String.fetchAll(db, sql: """
                    SELECT id FROM \(Self.table) WHERE updated_at < ? ORDER BY updated_at, id LIMIT ?
                    """, arguments: [cutoff.timeIntervalSince1970, max(0, limit)])
            }
        } catch {
            throw SQLiteFailure.failed("cannot list the \(Self.name)s last updated before \(cutoff) in \(path)", database: path, error)
        }
    }

    // MARK: - Body

    private func encode(_ record: inout Record) throws(StoreError) -> String {
        do { return try SQLiteBody.encode(&record) } catch {
            throw .failed("cannot store \(Self.name) \(record.id): its data cannot be written as JSON (\(error)); "
                          + "this is a FlowStage bug, please report it")
        }
    }

    private func remember(_ record: Record) {
        decoded.remember(record)
    }

    /// The body is the record; the `version` column is the truth about its version.
    private func decode(_ row: Row) throws(StoreError) -> Record {
        let version: Int = row["version"]
        let id: String? = row["id"]
        if let id, let cached = decoded.record(id), cached.version == version { return cached }
        let record = try decodeBody(row)
        remember(record)
        return record
    }

    private func decodeBody(_ row: Row) throws(StoreError) -> Record {
        let body: String = row["body"]
        do {
            var record: Record = try SQLiteBody.decode(body)
            record.version = row["version"]
            return record
        } catch {
            throw .failed("cannot read a \(Self.name) stored in \(path): \(error); the file may have been written by "
                          + "a newer FlowStage, or edited by hand; move it away to start with an empty store")
        }
    }
}
