import Synchronization

/// Where instances live. Everything that matters goes through this protocol so a shared
/// store (PostgreSQL for several nodes) can replace the embedded one without a rewrite.
///
/// `save` is compare-and-swap on `version`: two writers can never interleave actions on
/// one instance, even in different processes.
public protocol InstanceStore: Sendable {
    func load(_ id: String) throws(StoreError) -> Instance?
    /// Stores a new instance (version 0 becomes 1).
    func insert(_ instance: Instance) throws(StoreError) -> Instance
    /// Stores `instance` if the stored version is still `instance.version`; returns it with the next version.
    func save(_ instance: Instance) throws(StoreError) -> Instance
    /// The session's instances, newest first.
    func instances(session: String) throws(StoreError) -> [Instance]
    func delete(session: String) throws(StoreError)
}

public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Someone else saved the instance first; reload and try again.
    case conflict(id: String)
    case failed(String)

    public var description: String {
        switch self {
        case .conflict(let id): "instance \(id) was changed by another request"
        case .failed(let message): "the store failed: \(message)"
        }
    }
}

/// An in-memory store, for tests and `--store memory`.
public final class MemoryStore: InstanceStore {
    private let instances = Mutex<[String: Instance]>([:])

    public init() {}

    public func load(_ id: String) throws(StoreError) -> Instance? {
        instances.withLock { $0[id] }
    }

    public func insert(_ instance: Instance) throws(StoreError) -> Instance {
        var stored = instance
        stored.version = 1
        let inserted = instances.withLock { all -> Bool in
            guard all[instance.id] == nil else { return false }
            all[instance.id] = stored
            return true
        }
        guard inserted else { throw .conflict(id: instance.id) }
        return stored
    }

    public func save(_ instance: Instance) throws(StoreError) -> Instance {
        var stored = instance
        stored.version = instance.version + 1
        let saved = instances.withLock { all -> Bool in
            guard all[instance.id]?.version == instance.version else { return false }
            all[instance.id] = stored
            return true
        }
        guard saved else { throw .conflict(id: instance.id) }
        return stored
    }

    public func instances(session: String) throws(StoreError) -> [Instance] {
        instances.withLock { all in
            all.values.filter { $0.session == session }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        }
    }

    public func delete(session: String) throws(StoreError) {
        instances.withLock { all in all = all.filter { $0.value.session != session } }
    }
}
