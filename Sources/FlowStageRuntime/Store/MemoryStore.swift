import Foundation
import Synchronization

/// An in-memory store, for tests and `--store memory`: the same rules as the SQLite store,
/// gone when the server stops.
public final class MemoryStore<Record: StoredRecord>: RecordStore {
    private let records = Mutex<[String: Record]>([:])

    public init() {}

    public func load(_ id: String) throws(StoreError) -> Record? {
        records.withLock { $0[id] }
    }

    public func insert(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = 1
        let inserted = records.withLock { all -> Bool in
            guard all[record.id] == nil else { return false }
            all[record.id] = stored
            return true
        }
        guard inserted else { throw .conflict(id: record.id) }
        return stored
    }

    public func save(_ record: Record) throws(StoreError) -> Record {
        var stored = record
        stored.version = record.version + 1
        let saved = records.withLock { all -> Bool in
            guard all[record.id]?.version == record.version else { return false }
            all[record.id] = stored
            return true
        }
        guard saved else { throw .conflict(id: record.id) }
        return stored
    }

    public func records(session: String) throws(StoreError) -> [Record] {
        records.withLock { all in
            all.values.filter { $0.session == session }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
    }

    public func delete(session: String) throws(StoreError) {
        records.withLock { all in all = all.filter { $0.value.session != session } }
    }

    public func ids(updatedBefore cutoff: Date, limit: Int) throws(StoreError) -> [String] {
        records.withLock { all in
            all.values.filter { $0.updatedAt < cutoff }.sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
                .prefix(max(0, limit)).map(\.id)
        }
    }
}
