import Synchronization

/// Results kept by what they were computed from, shared by every request: a bounded table,
/// emptied when full rather than grown (its keys come from people's data or the definitions).
///
/// With `latestFirst`, the last result found is compared before anything is hashed: a page
/// viewed again reads the same stored values (`ReadValues` in the key), so the comparison
/// stops at each list's and object's storage (`==` of the same storage is true at once),
/// where hashing walked every value (2.8k instructions for a list of three accounts). The
/// slot takes the asker's key when equal: a key made from another copy of the same data (the
/// record read back from the store, as after a restart) compared whole on every view
/// (3.8 % of the server's time on a list of accounts under load). Keys
/// that hash cheaply but compare whole (page plans, stepper headers) skip that slot: copying
/// it out and comparing cost them more than the hash saved.
public final class KeptResults<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Kept {
        var latest: (key: Key, value: Value)?
        var table: [Key: Value] = [:]
    }

    private let kept = Mutex(Kept())
    public let limit: Int
    public let latestFirst: Bool

    public init(limit: Int, latestFirst: Bool = true) {
        self.limit = limit
        self.latestFirst = latestFirst
    }

    /// The result kept for `key`, if any.
    public func value(for key: Key) -> Value? {
        kept.withLock { kept in
            guard latestFirst else { return kept.table[key] }
            if let latest = kept.latest, latest.key == key {
                kept.latest = (key, latest.value)
                return latest.value
            }
            guard let value = kept.table[key] else { return nil }
            kept.latest = (key, value)
            return value
        }
    }

    public func keep(_ value: Value, for key: Key) {
        kept.withLock { kept in
            if kept.table.count >= limit { kept.table.removeAll() }
            kept.table[key] = value
            if latestFirst { kept.latest = (key, value) }
        }
    }

    /// The result kept for `key`, or `make`'s, kept for the next asker. Two first askers may
    /// both make it; the results are equal, and the second is kept.
    public func value(for key: Key, orMake make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        keep(value, for: key)
        return value
    }
}
