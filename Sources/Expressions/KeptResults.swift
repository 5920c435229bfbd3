import Synchronization

/// Results kept by the values they were computed from (`ReadValues` in their keys), shared by
/// every request: a bounded table, emptied when full (keys come from people's data), and the
/// last result found, which is compared before anything is hashed. A page viewed again reads
/// the same stored values, so the comparison stops at each list's and object's storage (`==`
/// of the same storage is true at once), where hashing walked every value (2.8k instructions
/// for a list of three accounts).
public final class KeptResults<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Kept {
        var latest: (key: Key, value: Value)?
        var table: [Key: Value] = [:]
    }

    private let kept = Mutex(Kept())
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    /// The result kept for `key`, if any.
    public func value(for key: Key) -> Value? {
        kept.withLock { kept in
            if let latest = kept.latest, latest.key == key { return latest.value }
            guard let value = kept.table[key] else { return nil }
            kept.latest = (key, value)
            return value
        }
    }

    public func keep(_ value: Value, for key: Key) {
        kept.withLock { kept in
            if kept.table.count >= limit { kept.table.removeAll() }
            kept.table[key] = value
            kept.latest = (key, value)
        }
    }
}
