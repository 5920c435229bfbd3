import Synchronization

/// Records as last decoded from the store, by id: what lets a page view skip decoding JSON.
///
/// Never the truth on its own: `SQLiteRecordStore` hands one out only after the file has
/// confirmed that the stored row still has the same `version`, so a save by another process,
/// node or store handle is always seen. Any entry may therefore be stale or missing without
/// harm, which is why the bound is kept crudely (full: start again) and concurrent
/// `remember`s may land in any order.
final class DecodedRecords<Record: StoredRecord>: Sendable {
    private let records = Mutex<[String: Record]>([:])
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func record(_ id: String) -> Record? {
        records.withLock { $0[id] }
    }

    /// Keeps `record` as its id's last known state; a full cache is emptied first.
    func remember(_ record: Record) {
        records.withLock { all in
            if all.count >= limit, all[record.id] == nil { all.removeAll(keepingCapacity: true) }
            all[record.id] = record
        }
    }

    func forget(_ id: String) {
        _ = records.withLock { $0.removeValue(forKey: id) }
    }

    /// Drops every record `session` owns (its rows are being deleted).
    func forget(session: String) {
        records.withLock { all in all = all.filter { $0.value.session != session } }
    }

    var count: Int { records.withLock { $0.count } }
}
