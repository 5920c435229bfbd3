import Synchronization

/// Records as last decoded from the store, by id: what lets a page view skip decoding JSON.
///
/// Never the truth on its own: `SQLiteRecordStore` hands one out only after the file has
/// confirmed that the stored row still has the same `version`, so a save by another process,
/// node or store handle is always seen. Any entry may therefore be stale or missing without
/// harm, which is why the bound is kept crudely (full: start again) and concurrent
/// `remember`s may land in any order.
final class DecodedRecords<Record: StoredRecord>: Sendable {
    /// A record and the file's commit stamp read *before* the record was last confirmed
    /// current. While the file still shows that stamp, nothing has been committed since, so
    /// the record is still the stored one.
    struct Entry {
        let record: Record
        let checked: CommitStamp?
    }

    private let entries = Mutex<[String: Entry]>([:])
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func entry(_ id: String) -> Entry? {
        entries.withLock { $0[id] }
    }

    func record(_ id: String) -> Record? {
        entry(id)?.record
    }

    /// Keeps `record` as its id's last known state, confirmed at `checked` (nil: not since a
    /// stamp was read, e.g. just written); a full cache is emptied first.
    func remember(_ record: Record, checked: CommitStamp? = nil) {
        entries.withLock { all in
            if all.count >= limit, all[record.id] == nil { all.removeAll(keepingCapacity: true) }
            all[record.id] = Entry(record: record, checked: checked)
        }
    }

    /// Notes that the kept record of `id` was confirmed current at `stamp`, unless another
    /// thread has replaced it with a different version meanwhile.
    func confirm(_ id: String, version: Int, at stamp: CommitStamp) {
        entries.withLock { all in
            guard let entry = all[id], entry.record.version == version else { return }
            all[id] = Entry(record: entry.record, checked: stamp)
        }
    }

    func forget(_ id: String) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// Drops every record `session` owns (its rows are being deleted).
    func forget(session: String) {
        entries.withLock { all in all = all.filter { $0.value.record.session != session } }
    }

    var count: Int { entries.withLock { $0.count } }
}
