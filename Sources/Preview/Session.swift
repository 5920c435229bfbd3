import FlowStageRuntime
import Foundation
import Synchronization

/// Sessions: a bounded cache in memory in front of the store, so a page view costs no database
/// read, and a restart keeps every session that did something.
///
/// A new session lives only in memory until its first accepted POST (`keep`): a client that
/// never posts — a crawler, a health check without cookies — never writes a row, so the table
/// grows only with deliberate use, like instances do.
///
/// Sessions expire: one not seen for `idleTimeout` is unknown from then on (the browser gets a
/// fresh one), and `expired` hands the stored ones to the sweep, which deletes them with
/// everything they started. The time a session was last seen is kept in memory on every
/// request and written to the store (`Session.updatedAt`) at most every `touchInterval`, so a
/// page view still writes nothing most of the time.
public final class SessionStore: Sendable {
    public static let maxCached = 10_000
    /// The idle timeout of `flowstage serve` unless `--session-timeout` says otherwise.
    public static let defaultIdleTimeout: TimeInterval = 7 * 24 * 60 * 60
    private struct Entry {
        var session: Session
        var stored: Bool
        var touched: UInt64
        /// The last request that used it (the stored `updatedAt` may be up to `touchInterval` older).
        var seen: Date
        /// A request is writing `seen` to the store: no other starts the same write.
        var writing = false

        /// Marks the entry as seen now; nil when it has expired. `due` as `SessionStore.use` says.
        mutating func use(by store: SessionStore, now: Date, tick: UInt64) -> (Session, due: Bool)? {
            guard !store.hasExpired(lastSeen: seen, now: now) else { return nil }
            touched = tick
            seen = max(seen, now)
            let due = stored && !writing && now.timeIntervalSince(session.updatedAt) >= store.touchInterval
            if due { writing = true }
            return (session, due)
        }
    }
    private let records: any RecordStore<Session>
    private let cache = Mutex<[String: Entry]>([:])
    private let clock = Atomic<UInt64>(0)
    private let now: @Sendable () -> Date
    /// How long a session may go unseen; nil keeps sessions forever.
    public let idleTimeout: TimeInterval?
    /// How stale the stored last-seen time may become while the session is in use: five
    /// minutes, or a quarter of a shorter timeout; never written without a timeout.
    public let touchInterval: TimeInterval

    /// The store is shared with other nodes (PostgreSQL): a new session is stored at once (not
    /// at its first POST), and a cached session is checked against
    /// `records.load` on each use, so settings changed or a session ended on another node are
    /// seen. That load is itself answered from the PostgreSQL store's node cache, which other
    /// nodes' changes invalidate, so it costs no round trip when nothing changed.
    let shared: Bool

    public init(records: any RecordStore<Session> = MemoryStore<Session>(), now: @escaping @Sendable () -> Date = Date.init,
                idleTimeout: TimeInterval? = SessionStore.defaultIdleTimeout, shared: Bool = false) {
        self.records = records
        self.shared = shared
        self.now = now
        self.idleTimeout = idleTimeout.flatMap { $0 > 0 ? $0 : nil }
        // Without a timeout the last-seen time matters to no one, so it is never written.
        self.touchInterval = self.idleTimeout.map { min(5 * 60, $0 / 4) } ?? .infinity
    }

    /// The session with this cookie value, from the cache or else the store; nil when unknown
    /// or expired.
    public func session(_ id: String) -> Session? {
        let now = self.now()
        let tick = clock.add(1, ordering: .relaxed).newValue
        if shared, let kept = cache.withLock({ $0[id] }), kept.stored {
            switch Result(catching: { () throws(StoreError) in try records.load(id) }) {
            case .success(nil): // ended on another node
                cache.withLock { all in if all[id]?.stored == true { all[id] = nil } }
                return nil
            case .success(let current?) where current.version > kept.session.version:
                cache.withLock { all in
                    if let entry = all[id], entry.session.version < current.version { all[id]?.session = current }
                }
            case .success, .failure: // unchanged; or the store is failing, and the kept copy is the best there is
                break
            }
        }
        if let (cached, due) = cache.withLock({ all in self.use(id, in: &all, now: now, tick: tick) }) {
            return due ? written(cached, seen: now) : cached
        }
        // Only a well-formed id is worth a read: a forged cookie costs nothing. A cached copy
        // that looked expired is read again too: another node may have seen it since.
        guard Secret.isWellFormed(id), let loaded = try? records.load(id), !hasExpired(lastSeen: loaded.updatedAt, now: now)
        else { return nil }
        remember(Entry(session: loaded, stored: true, touched: tick, seen: loaded.updatedAt))
        guard let (cached, due) = cache.withLock({ all in self.use(id, in: &all, now: now, tick: tick) })
        else { return nil }
        return due ? written(cached, seen: now) : cached
    }

    /// Marks a cached session as seen now; nil when it is not cached or has expired (then it
    /// leaves the cache). `due`: its stored last-seen time is old enough to be written, and
    /// this request is the one to write it.
    ///
    /// Changed in place, under the cache's lock on every request: the id is hashed once, and
    /// the entry is neither copied out nor written back.
    private func use(_ id: String, in all: inout [String: Entry], now: Date, tick: UInt64) -> (Session, due: Bool)? {
        guard let index = all.index(forKey: id) else { return nil }
        guard let used = all.values[index].use(by: self, now: now, tick: tick) else {
            all.remove(at: index)
            return nil
        }
        return used
    }

    /// Writes the time a stored session was last seen. On a conflict the stored session is
    /// taken (another request changed it) and written once more if it is still older; a
    /// session that has left the store meanwhile (ended on another node) leaves the cache too.
    /// A failing store is left for a later request.
    private func written(_ session: Session, seen: Date) -> Session {
        var touched = session
        touched.updatedAt = seen
        var result: Session?
        var gone = false
        do { result = try records.save(touched) } catch .conflict {
            do {
                if var latest = try records.load(session.id) {
                    if latest.updatedAt < seen { latest.updatedAt = seen; result = (try? records.save(latest)) ?? latest } else { result = latest }
                } else {
                    gone = true
                }
            } catch {}
        } catch {}
        cache.withLock { all in
            if gone { all[session.id] = nil; return }
            all[session.id]?.writing = false
            if let result, let cached = all[session.id]?.session, cached.version <= result.version { all[session.id]?.session = result }
        }
        return result ?? session
    }

    func hasExpired(lastSeen: Date, now: Date) -> Bool {
        guard let idleTimeout else { return false }
        return now.timeIntervalSince(lastSeen) > idleTimeout
    }

    /// A new session with fresh random ids, in memory until `keep`.
    public func create(language: String, theme: String, appearance: String) -> Session {
        let created = now()
        let session = Session(id: Secret.random(), csrf: Secret.random(), language: language, theme: theme,
                              appearance: appearance, now: created)
        remember(Entry(session: session, stored: false, touched: clock.add(1, ordering: .relaxed).newValue, seen: created))
        // Several nodes: the next request (its first POST, with the CSRF token) may reach
        // another node, which knows only what is stored. So a new session is stored at once;
        // if that fails, `keep` tries again before the first change.
        if shared { try? keep(session) }
        return session
    }

    /// Writes the session to the store if it is not there yet: called before a POST changes anything.
    public func keep(_ session: Session) throws(StoreError) {
        guard cache.withLock({ $0[session.id]?.stored }) != true else { return }
        var stored = session
        stored.updatedAt = now()
        do { stored = try records.insert(stored) } catch .conflict {
            // Another thread kept it first: it is stored all the same.
            stored = (try records.load(session.id)) ?? stored
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
        current.showsMap = session.showsMap
        current.chosen = session.chosen
        current.updatedAt = now()
        let saved: Session
        do { saved = try records.save(current) } catch .conflict {
            // Another node changed it; take its version and write ours over it.
            guard var latest = try records.load(session.id) else { return }
            latest.language = current.language; latest.theme = current.theme; latest.appearance = current.appearance
            latest.device = current.device; latest.showsMap = current.showsMap; latest.chosen = current.chosen; latest.updatedAt = current.updatedAt
            saved = try records.save(latest)
        }
        cache.withLock { all in all[session.id]?.session = saved }
    }

    /// Forgets the session everywhere.
    public func remove(_ id: String) throws(StoreError) {
        _ = cache.withLock { $0.removeValue(forKey: id) }
        try records.delete(session: id)
    }

    /// Stored sessions not seen for longer than the idle timeout, oldest first, at most
    /// `limit`: each leaves the cache, so no request finds it again, and the caller deletes it
    /// with everything it started (`PreviewApp.sweepExpiredSessions`), then calls `remove`.
    ///
    /// The store is asked for sessions idle for the timeout plus `touchInterval`, the most its
    /// last-seen time can lag behind the truth on any node; a candidate this node has seen
    /// since is written back instead of returned.
    public func expired(limit: Int = 500) throws(StoreError) -> [String] {
        guard let idleTimeout else { return [] }
        let now = self.now()
        let candidates = try records.ids(updatedBefore: now.addingTimeInterval(-(idleTimeout + touchInterval)), limit: limit)
        var expired: [String] = []
        var seenSince: [(Session, Date)] = []
        cache.withLock { all in
            for id in candidates {
                if let entry = all[id], !hasExpired(lastSeen: entry.seen, now: now) {
                    seenSince.append((entry.session, entry.seen))
                } else {
                    all[id] = nil
                    expired.append(id)
                }
            }
        }
        for (session, seen) in seenSince { _ = written(session, seen: seen) }
        return expired
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
