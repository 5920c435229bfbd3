import Synchronization

/// Where flow runs live: the same shape as `InstanceStore`, so one SQLite (or, later,
/// PostgreSQL) store can hold both and several nodes can share it.
///
/// `save` is compare-and-swap on `version`: two events on one run never interleave.
public protocol FlowRunStore: Sendable {
    func load(_ id: String) throws(StoreError) -> FlowRun?
    /// Stores a new run (version 0 becomes 1).
    func insert(_ run: FlowRun) throws(StoreError) -> FlowRun
    /// Stores `run` if the stored version is still `run.version`; returns it with the next version.
    func save(_ run: FlowRun) throws(StoreError) -> FlowRun
    /// The session's runs, newest first.
    func instances(session: String) throws(StoreError) -> [FlowRun]
    func delete(session: String) throws(StoreError)
}

/// An in-memory run store, for tests and `--store memory`.
public final class MemoryFlowRunStore: FlowRunStore {
    private let runs = Mutex<[String: FlowRun]>([:])

    public init() {}

    public func load(_ id: String) throws(StoreError) -> FlowRun? {
        runs.withLock { $0[id] }
    }

    public func insert(_ run: FlowRun) throws(StoreError) -> FlowRun {
        var stored = run
        stored.version = 1
        let inserted = runs.withLock { all -> Bool in
            guard all[run.id] == nil else { return false }
            all[run.id] = stored
            return true
        }
        guard inserted else { throw .conflict(id: run.id) }
        return stored
    }

    public func save(_ run: FlowRun) throws(StoreError) -> FlowRun {
        var stored = run
        stored.version = run.version + 1
        let saved = runs.withLock { all -> Bool in
            guard all[run.id]?.version == run.version else { return false }
            all[run.id] = stored
            return true
        }
        guard saved else { throw .conflict(id: run.id) }
        return stored
    }

    public func instances(session: String) throws(StoreError) -> [FlowRun] {
        runs.withLock { all in
            all.values.filter { $0.session == session }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
    }

    public func delete(session: String) throws(StoreError) {
        runs.withLock { all in all = all.filter { $0.value.session != session } }
    }
}
