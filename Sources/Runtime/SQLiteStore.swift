import Foundation
import GRDB

/// The embedded default store: one SQLite file that survives restarts.
///
/// `save` is a single `UPDATE … WHERE id = ? AND version = ?` in its own transaction, so the
/// compare-and-swap is done by SQLite and holds between processes sharing the file, not only
/// between threads. The file is in WAL mode, so reads never wait for a write, and a writer
/// that finds the file locked by another process waits up to `busyTimeout` instead of failing.
public final class SQLiteStore: InstanceStore {
    /// How long a write waits for another process's transaction before it fails.
    public static let busyTimeout: TimeInterval = 5

    /// The file, or a label for an in-memory database; named in every error message.
    public let path: String
    // A `DatabasePool` (one writer, concurrent readers) for files; a `DatabaseQueue` in memory.
    // Both are Sendable: GRDB serialises access to each connection itself.
    private let database: any DatabaseWriter

    /// Opens the store at `path`, creating the file and its folder if needed and bringing the
    /// tables up to date.
    public init(path: String) throws(StoreError) {
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
            database = try DatabasePool(path: file.path, configuration: Self.configuration(label: "FlowStage"))
        } catch {
            throw SQLiteFailure.failed("cannot open the database \(file.path)", database: file.path, error)
        }
        do { try SQLiteSchema.migrate(database) } catch {
            throw SQLiteFailure.failed("cannot prepare the tables in \(file.path)", database: file.path, error)
        }
    }

    private init(inMemory label: String) throws(StoreError) {
        path = label
        do {
            database = try DatabaseQueue(configuration: Self.configuration(label: label))
            try SQLiteSchema.migrate(database)
        } catch {
            throw SQLiteFailure.failed("cannot open an in-memory database", database: label, error)
        }
    }

    /// A private store in memory with the same SQL as the file store, for tests; gone when released.
    public static func inMemory() throws(StoreError) -> SQLiteStore {
        try SQLiteStore(inMemory: "an in-memory database")
    }

    private static func configuration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.label = label
        configuration.busyMode = .timeout(busyTimeout)
        return configuration
    }

    /// Closes the file now rather than when the store is released; later calls fail.
    ///
    /// First copies the write-ahead log into the main file, so the `.sqlite` file alone holds
    /// everything once the server has stopped (GRDB's close alone leaves that to the next open).
    /// Passive: it never waits for another process, and if it cannot finish, the next open does.
    public func close() throws(StoreError) {
        if database is DatabasePool {
            _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
        do { try database.close() } catch {
            throw SQLiteFailure.failed("cannot close the database \(path)", database: path, error)
        }
    }

    // MARK: - InstanceStore

    public func load(_ id: String) throws(StoreError) -> Instance? {
        let row: Row?
        do {
            row = try database.read { db in
                try Row.fetchOne(db, sql: "SELECT version, body FROM instances WHERE id = ?", arguments: [id])
            }
        } catch {
            throw SQLiteFailure.failed("cannot read instance \(id) from \(path)", database: path, error)
        }
        guard let row else { return nil }
        return try decode(row)
    }

    public func insert(_ instance: Instance) throws(StoreError) -> Instance {
        var stored = instance
        stored.version = 1
        let body = try encode(&stored)
        let inserted: Bool
        do {
            inserted = try database.write { db in
                // Portable (SQLite ≥ 3.24, PostgreSQL): an existing id changes nothing and is a conflict.
                try db.execute(sql: """
                    INSERT INTO instances (id, session, process, status, version, created_at, updated_at, body)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO NOTHING
                    """, arguments: [stored.id, stored.session, stored.process, stored.status.rawValue, stored.version,
                                     stored.createdAt.timeIntervalSince1970, stored.updatedAt.timeIntervalSince1970, body])
                return db.changesCount == 1
            }
        } catch {
            throw SQLiteFailure.failed("cannot store the new instance \(instance.id) in \(path)", database: path, error)
        }
        guard inserted else { throw .conflict(id: instance.id) }
        return stored
    }

    public func save(_ instance: Instance) throws(StoreError) -> Instance {
        var stored = instance
        stored.version = instance.version + 1
        let body = try encode(&stored)
        let saved: Bool
        do {
            saved = try database.write { db in
                try db.execute(sql: """
                    UPDATE instances
                    SET session = ?, process = ?, status = ?, created_at = ?, updated_at = ?, body = ?,
                        version = version + 1
                    WHERE id = ? AND version = ?
                    """, arguments: [stored.session, stored.process, stored.status.rawValue,
                                     stored.createdAt.timeIntervalSince1970, stored.updatedAt.timeIntervalSince1970, body,
                                     instance.id, instance.version])
                return db.changesCount == 1
            }
        } catch {
            throw SQLiteFailure.failed("cannot save instance \(instance.id) in \(path)", database: path, error)
        }
        guard saved else { throw .conflict(id: instance.id) }
        return stored
    }

    public func instances(session: String) throws(StoreError) -> [Instance] {
        let rows: [Row]
        do {
            rows = try database.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT version, body FROM instances WHERE session = ? ORDER BY created_at DESC, id DESC
                    """, arguments: [session])
            }
        } catch {
            throw SQLiteFailure.failed("cannot list the instances of a session in \(path)", database: path, error)
        }
        var instances: [Instance] = []
        instances.reserveCapacity(rows.count)
        for row in rows { instances.append(try decode(row)) }
        return instances
    }

    public func delete(session: String) throws(StoreError) {
        do {
            try database.write { db in
                try db.execute(sql: "DELETE FROM instances WHERE session = ?", arguments: [session])
            }
        } catch {
            throw SQLiteFailure.failed("cannot delete the instances of a session in \(path)", database: path, error)
        }
    }

    // MARK: - Body

    private func encode(_ instance: inout Instance) throws(StoreError) -> String {
        do { return try SQLiteBody.encode(&instance) } catch {
            throw .failed("cannot store instance \(instance.id): its data cannot be written as JSON (\(error)); "
                          + "this is a FlowStage bug, please report it")
        }
    }

    /// The body is the instance; the `version` column is the truth about its version.
    private func decode(_ row: Row) throws(StoreError) -> Instance {
        let body: String = row["body"]
        do {
            var instance = try SQLiteBody.decode(body)
            instance.version = row["version"]
            return instance
        } catch {
            throw .failed("cannot read an instance stored in \(path): \(error); the file may have been written by "
                          + "a newer FlowStage, or edited by hand; move it away to start with an empty store")
        }
    }
}
