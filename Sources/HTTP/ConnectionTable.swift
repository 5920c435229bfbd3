import Glibc
import Synchronization

/// The connections open now: how many each address holds (`maxConnectionsPerAddress`) and
/// when each must have sent its request headers (`headerTimeoutSeconds`).
///
/// One lock over the counts and the open connections, taken when a connection opens and
/// closes, per request only for requests through a trusted proxy, and once per sweep; never
/// while a handler runs. Deadlines live in each `ConnectionRecord` as an atomic, so the two
/// updates every request makes take no lock. Counting happens when libmicrohttpd reports a
/// connection started and closed, which it always pairs; the accept policy only reads the
/// count, so workers accepting from one address at the same moment can each let one more in
/// (at most one per worker over the limit), and nothing is ever counted twice or forgotten.
final class ConnectionTable: Sendable {
    /// Most connections (and requests through a trusted proxy) per address; nil: no limit.
    let perAddressLimit: Int?
    /// From accept to the end of the first request's headers; nil: no deadline.
    let headerTimeout: Duration?
    /// From the end of one request to the end of the next one's headers on a keep-alive
    /// connection: the idle time libmicrohttpd allows, then the header timeout. nil when
    /// either is off.
    let nextRequestTimeout: Duration?
    /// Deadlines are stored as nanoseconds since this instant ("ticks"), which fit an atomic.
    private let epoch = ContinuousClock.now

    private struct State {
        var counts: [AddressGroup: Int] = [:]
        var open: [ObjectIdentifier: ConnectionRecord] = [:]
    }

    private let state = Mutex(State())

    init(perAddressLimit: Int?, headerTimeout: Duration?, idleTimeout: Duration?) {
        self.perAddressLimit = perAddressLimit.map { max(1, $0) }
        self.headerTimeout = headerTimeout
        nextRequestTimeout = if let headerTimeout, let idleTimeout { idleTimeout + headerTimeout } else { nil }
    }

    /// Whether a new connection from `group` may open (the accept policy).
    func admits(_ group: AddressGroup) -> Bool {
        guard let perAddressLimit else { return true }
        return state.withLock { ($0.counts[group] ?? 0) < perAddressLimit }
    }

    func opened(_ record: ConnectionRecord, at now: ContinuousClock.Instant = .now) {
        if let headerTimeout { record.deadline.store(ticks(now + headerTimeout), ordering: .relaxed) }
        let counted = perAddressLimit == nil ? nil : record.group
        state.withLock { state in
            if let counted { state.counts[counted, default: 0] += 1 }
            state.open[ObjectIdentifier(record)] = record
        }
    }

    /// Called before libmicrohttpd closes the socket, so the sweeper never touches a closed
    /// (and perhaps reused) descriptor.
    func closed(_ record: ConnectionRecord) {
        let counted = perAddressLimit == nil ? nil : record.group
        state.withLock { state in
            if let counted { Self.release(counted, in: &state) }
            state.open[ObjectIdentifier(record)] = nil
        }
    }

    /// The request's headers are complete: no deadline while its body arrives (the body rate
    /// floor and the idle timeout watch that) and while it is answered.
    func headersArrived(_ record: ConnectionRecord) {
        guard headerTimeout != nil else { return }
        record.deadline.store(0, ordering: .relaxed)
    }

    /// The request is answered: the next one on this connection must have its headers in by
    /// `nextRequestTimeout` from now.
    func requestFinished(_ record: ConnectionRecord, at now: ContinuousClock.Instant = .now) {
        guard headerTimeout != nil else { return }
        record.deadline.store(nextRequestTimeout.map { ticks(now + $0) } ?? 0, ordering: .relaxed)
    }

    /// A request arriving through a trusted proxy counts against its client until it is done;
    /// false (nothing counted) when that client is at its limit.
    func startRequest(from group: AddressGroup) -> Bool {
        guard let perAddressLimit else { return true }
        return state.withLock { state in
            let count = state.counts[group] ?? 0
            guard count < perAddressLimit else { return false }
            state.counts[group] = count + 1
            return true
        }
    }

    /// Ends what a successful `startRequest` counted.
    func endRequest(from group: AddressGroup) {
        guard perAddressLimit != nil else { return }
        state.withLock { Self.release(group, in: &$0) }
    }

    /// Shuts down every connection past its header deadline; returns how many. `shutdown`,
    /// never `close`: libmicrohttpd still owns the descriptor, sees the stream end on its own
    /// thread and closes the connection as if the client had left. Under the lock, so no
    /// connection in the table can close meanwhile.
    @discardableResult
    func closeOverdue(at now: ContinuousClock.Instant = .now) -> Int {
        let current = ticks(now)
        return state.withLock { state in
            var count = 0
            for record in state.open.values {
                let deadline = record.deadline.load(ordering: .relaxed)
                guard deadline != 0, deadline <= current else { continue }
                shutdown(record.socket, Int32(SHUT_RDWR))
                record.deadline.store(0, ordering: .relaxed)
                count += 1
            }
            return count
        }
    }

    /// Nanoseconds since `epoch`; never 0, which means "no deadline".
    private func ticks(_ instant: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - epoch).components
        return max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Connections and proxied requests `group` holds now (for tests).
    func count(of group: AddressGroup) -> Int { state.withLock { $0.counts[group] ?? 0 } }

    /// Connections open now (for tests).
    var openConnections: Int { state.withLock { $0.open.count } }

    private static func release(_ group: AddressGroup, in state: inout State) {
        guard let count = state.counts[group] else { return }
        state.counts[group] = count > 1 ? count - 1 : nil
    }
}
