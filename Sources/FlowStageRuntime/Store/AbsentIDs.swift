import Synchronization

/// Ids that `SQLiteRecordStore.load` found no row for, each with the file's commit stamp read
/// *before* that query. While the file still shows the stamp, nothing has been committed since,
/// so the id is still absent and `load` answers nil without touching the database.
///
/// Why: `GET /instances/{id}` asks the instances table first also for a flow run's id, and a
/// miss cost a pooled read on every flow page (about a third of the server's time).
///
/// Like `DecodedRecords`, never the truth on its own: an entry answers only under an equal
/// stamp, so any entry may be stale or missing without harm, and the bound is crude (full:
/// start again).
final class AbsentIDs: Sendable {
    private let checked = Mutex<[String: CommitStamp]>([:])
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// True when `id` was found absent at `stamp`, the file's stamp now.
    func isAbsent(_ id: String, at stamp: CommitStamp) -> Bool {
        checked.withLock { $0[id] == stamp }
    }

    /// Notes that a query begun after `stamp` was read found no row `id`.
    func remember(_ id: String, at stamp: CommitStamp) {
        checked.withLock { all in
            if all.count >= limit, all[id] == nil { all.removeAll(keepingCapacity: true) }
            all[id] = stamp
        }
    }

    func forget(_ id: String) {
        _ = checked.withLock { $0.removeValue(forKey: id) }
    }

    var count: Int { checked.withLock { $0.count } }
}
