import Foundation
import Runtime
import Synchronization

/// Sessions: a bounded cache in memory in front of the store, so a page view costs no database
/// read, and a restart keeps every session that did something.
///
/// A new session lives only in memory until its first accepted POST (`keep`): a client that
/// never posts — a crawler, a health check without cookies — never writes a row, so the table
/// grows only with deliberate use, like instances do.
public final class SessionStore: Sendable {
    public static let maxCached = 10_000
    private struct Entry {
        var session: Session
        var stored: Bool
        var touched: UInt64
    }
    private let records: any RecordStore<Session>
    private let cache = Mutex<[String: Entry]>([:])
    private let clock = Atomic<UInt64>(0)
    private let now: @Sendable () -> Date

    public init(records: any RecordStore<Session> = MemoryStore<Session>(), now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.now = now
    }

    /// The session with this cookie value, from the cache or else the store.
    public func session(_ id: String) -> Session? {
        let tick = clock.add(1, ordering: .relaxed).newValue
        if let cached = cache.withLock({ all -> Session? in
            all[id]?.touched = tick
            return all[id]?.session
        }) { return cached }
        // Only a well-formed id is worth a read: a forged cookie costs nothing.
        guard Token.isWellFormed(id), let loaded = try? records.load(id) else { return nil }
        remember(Entry(session: loaded, stored: true, touched: tick))
        return loaded
    }

    /// A new session with fresh random ids, in memory until `keep`.
    public func create(language: String, theme: String, appearance: String) -> Session {
        let session = Session(id: Token.random(), csrf: Token.random(), language: language, theme: theme,
                              appearance: appearance, now: now())
        remember(Entry(session: session, stored: false, touched: clock.add(1, ordering: .relaxed).newValue))
        return session
    }

    /// Writes the session to the store if it is not there yet: called before a POST changes anything.
    public func keep(_ session: Session) throws(StoreError) {
        guard cache.withLock({ $0[session.id]?.stored }) != true else { return }
        var stored = session
        do { stored = try records.insert(session) } catch .conflict {
            // Another thread kept it first: it is stored all the same.
            stored = (try records.load(session.id)) ?? session
        }
        cache.withLock { all in
            all[session.id]?.session = stored
            all[session.id]?.stored = true
        }
    }

    /// Replaces a session's settings (last writer wins); a session that has gone meanwhile stays gone.
    public func update(_ session: Session) throws(StoreError) {
        guard var current = self.session(session.id) else { return }
        current.language = session.language
        current.theme = session.theme
        current.appearance = session.appearance
        current.device = session.device
        current.updatedAt = now()
        let saved: Session
        do { saved = try records.save(current) } catch .conflict {
            // Another node changed it; take its version and write ours over it.
            guard var latest = try records.load(session.id) else { return }
            latest.language = current.language; latest.theme = current.theme; latest.appearance = current.appearance
            latest.device = current.device
            saved = try records.save(latest)
        }
        cache.withLock { all in all[session.id]?.session = saved }
    }

    /// Forgets the session everywhere.
    public func remove(_ id: String) throws(StoreError) {
        _ = cache.withLock { $0.removeValue(forKey: id) }
        try records.delete(session: id)
    }

    /// Adds to the cache; when full, the least recently used entry goes (it stays in the store).
    private func remember(_ entry: Entry) {
        cache.withLock { all in
            if all[entry.session.id] == nil, all.count >= SessionStore.maxCached,
               let oldest = all.min(by: { $0.value.touched < $1.value.touched }) {
                all[oldest.key] = nil
            }
            all[entry.session.id] = entry
        }
    }
}

/// Random 128-bit identifiers as hex, from the system's secure generator.
enum Token {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return String(format: "%016llx%016llx", high, low)
    }

    /// 32 lowercase hex digits, as `random` makes them.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Compares without an early exit, so timing says nothing about the token.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
