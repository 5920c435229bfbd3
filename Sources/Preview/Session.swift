import Foundation
import Synchronization

/// A browser session: who owns which instances, the CSRF token its forms carry, and its
/// display settings.
public struct Session: Sendable, Equatable {
    public let id: String
    public let csrf: String
    public var language: String
    public var theme: String
    public var appearance: String
}

/// Sessions kept in memory, bounded. (Sessions move into the `Store` with the persistent
/// store, so they survive a restart; until then a restart starts new sessions.)
public final class SessionStore: Sendable {
    public static let maxSessions = 10_000
    private let sessions = Mutex<[String: (session: Session, touched: UInt64)]>([:])
    private let clock = Atomic<UInt64>(0)

    public init() {}

    public func session(_ id: String) -> Session? {
        let tick = clock.add(1, ordering: .relaxed).newValue
        return sessions.withLock { all in
            guard let entry = all[id] else { return nil }
            all[id] = (entry.session, tick)
            return entry.session
        }
    }

    /// A new session with fresh random ids; the least recently used one goes when full.
    public func create(language: String, theme: String, appearance: String) -> Session {
        let session = Session(id: Token.random(), csrf: Token.random(), language: language, theme: theme, appearance: appearance)
        let tick = clock.add(1, ordering: .relaxed).newValue
        sessions.withLock { all in
            if all.count >= SessionStore.maxSessions, let oldest = all.min(by: { $0.value.touched < $1.value.touched }) {
                all[oldest.key] = nil
            }
            all[session.id] = (session, tick)
        }
        return session
    }

    /// Replaces a session's settings; a session that has gone meanwhile stays gone.
    public func update(_ session: Session) {
        sessions.withLock { all in
            guard let entry = all[session.id] else { return }
            all[session.id] = (session, entry.touched)
        }
    }

    public func remove(_ id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }
}

/// Random 128-bit identifiers as hex, from the system's secure generator.
enum Token {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return String(format: "%016llx%016llx", high, low)
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
