import FlowStageRuntime
import Synchronization

/// Records of one table as last read or written by this node, so a page view costs no database
/// round trip when nothing changed.
///
/// Trusted only while the node hears every change (`PostgresChangeFeed` is listening): every
/// committed insert, save or delete, by any node, sends a notification with the record's id and
/// new version, and the entry of an older version is dropped. Ids read and found missing are
/// kept too (`absent`: a flow run's page asks the instances table first), until any notification
/// for the id. Two races are closed here:
/// - a read that started before a change and ends after its notification arrived would cache
///   the old version: `notified` keeps the newest version heard of per id, and an older one is
///   not kept, and a miss is not kept once anything was heard of the id;
/// - a read that started before the feed lost its connection (or before the cache was emptied)
///   would cache what nobody checks any more: `generation` changes on every reset, and a read
///   that began in another generation keeps nothing.
/// What remains is the time a notification takes to arrive: a node can serve the version before
/// a change for that long (milliseconds on one network). A save built on such a copy is a
/// compare-and-swap conflict, never a lost update, and the conflict drops the copy.
final class PostgresRecordCache<Record: StoredRecord>: Sendable {
    struct State {
        var records: [String: Record] = [:]
        /// Ids read in this generation and found missing, with nothing heard of them since.
        var absent: Set<String> = []
        /// The newest version notified per id; `Int.max` once deleted.
        var notified: [String: Int] = [:]
        var generation: UInt64 = 0
        var trusted = false
    }
    private let state = Mutex(State())
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The kept record, when the cache may be trusted.
    func record(_ id: String) -> Record? {
        state.withLock { $0.trusted ? $0.records[id] : nil }
    }

    /// True when `id` is known missing and the cache may be trusted.
    func isAbsent(_ id: String) -> Bool {
        state.withLock { $0.trusted && $0.absent.contains(id) }
    }

    /// The generation a read starts in; pass it back to `remember`.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps `record` as read (or written) in `generation`, unless something newer was heard of since.
    func remember(_ record: Record, readIn generation: UInt64) {
        state.withLock { state in
            state.absent.remove(record.id)
            guard state.trusted, state.generation == generation else { return }
            if let newest = state.notified[record.id], newest > record.version { return }
            if state.records.count >= limit, state.records[record.id] == nil { Self.reset(&state) }
            state.records[record.id] = record
        }
    }

    /// Keeps that a read begun in `generation` found no row `id`, unless anything was heard of
    /// `id` since (an insert that committed while the read ran); a full set is emptied first.
    func rememberAbsent(_ id: String, readIn generation: UInt64) {
        state.withLock { state in
            guard state.trusted, state.generation == generation, state.notified[id] == nil else { return }
            if state.absent.count >= limit, !state.absent.contains(id) { state.absent.removeAll(keepingCapacity: true) }
            state.absent.insert(id)
        }
    }

    /// Another node (or this one) committed `version` of `id`; nil: deleted.
    func changed(_ id: String, version: Int?) {
        let version = version ?? .max
        state.withLock { state in
            if state.notified.count >= limit, state.notified[id] == nil { Self.reset(&state) }
            state.notified[id] = max(version, state.notified[id] ?? 0)
            state.absent.remove(id)
            if let kept = state.records[id], kept.version < version { state.records[id] = nil }
        }
    }

    func forget(_ id: String) {
        state.withLock { state in
            state.records[id] = nil
            state.absent.remove(id)
        }
    }

    /// Drops every record `session` owns (its rows are being deleted).
    func forget(session: String) {
        state.withLock { state in state.records = state.records.filter { $0.value.session != session } }
    }

    /// Empties the cache; from now on it is used only if `trusted`.
    func reset(trusted: Bool) {
        state.withLock { state in
            Self.reset(&state)
            state.trusted = trusted
        }
    }

    private static func reset(_ state: inout State) {
        state.records.removeAll(keepingCapacity: true)
        state.absent.removeAll(keepingCapacity: true)
        state.notified.removeAll(keepingCapacity: true)
        state.generation &+= 1
    }

    var count: Int { state.withLock { $0.records.count } }
}
