import FlowStageRuntime
import Foundation
import PostgresNIO
import Synchronization

/// The node's ear on the database: one connection that `LISTEN`s to `flowstage_records`, on
/// which every committed insert, save and delete of any node announces "<table> <id> <version>"
/// (`PostgresRecordStore` sends it with `pg_notify` in the same statement, so it is delivered
/// exactly when the change commits, and never for a change rolled back).
///
/// While it listens, the tables' caches are trusted; when its connection is lost, every cache
/// is emptied and distrusted (what changed meanwhile was not heard), and a thread of its own
/// reconnects with a growing pause; once `LISTEN` is back, caches start again from empty. So a
/// node that lost its connection re-reads everything it had kept before serving it.
final class PostgresChangeFeed: Sendable {
    static let channel = "flowstage_records"

    private struct State {
        var tables: [String: @Sendable (String, Int?) -> Void] = [:]
        var resets: [@Sendable (Bool) -> Void] = []
        var listener: PostgresConnection?
        var listening = false
        var closed = false
    }
    private let state = Mutex(State())
    private let connections: PostgresConnections
    /// Connections the feed made, for tests: 1 after a start, one more per reconnect.
    let connects = Atomic<Int>(0)
    /// While set, a lost listener is not reconnected: how tests look at a node that cannot listen.
    let holdsReconnecting = Atomic<Bool>(false)

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    /// Routes the notifications of `table` to `cache`.
    func register<Record: StoredRecord>(_ cache: PostgresRecordCache<Record>) {
        state.withLock { state in
            state.tables[Record.table] = { id, version in cache.changed(id, version: version) }
            state.resets.append { trusted in cache.reset(trusted: trusted) }
        }
    }

    var isListening: Bool { state.withLock { $0.listening } }

    /// Listens once now (so a node that cannot hear changes says so at start, as an error), then
    /// keeps listening on a thread of its own.
    func start() throws(StoreError) {
        try listen()
        let thread = Thread { [self] in keepListening() }
        thread.name = "flowstage-postgres-listener"
        thread.start()
    }

    private func listen() throws(StoreError) {
        let connection = try connections.connect("cannot listen for changes made by other nodes")
        connects.add(1, ordering: .relaxed)
        let tables = state.withLock { $0.tables }
        connection.addListener(channel: Self.channel) { _, notification in
            let parts = notification.payload.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count >= 3, let version = Int(parts[parts.count - 1]) else { return }
            let id = parts[1..<(parts.count - 1)].joined(separator: " ")
            tables[String(parts[0])]?(id, version > 0 ? version : nil)
        }
        do {
            _ = try connections.query("LISTEN \(Self.channel)", on: connection)
        } catch {
            // Closed and waited for, not only started: PostgresNIO asserts (debug builds) when a
            // connection's last reference goes while it is still closing.
            connection.closeAndWait()
            throw PostgresFailure.failed("cannot listen for changes made by other nodes", at: connections.url, error)
        }
        let closed = state.withLock { state in
            if !state.closed { (state.listener, state.listening) = (connection, true) }
            return state.closed
        }
        if closed { connection.closeAndWait(); return }
        // Anything kept before this moment may have changed unheard: start from empty, trusted.
        for reset in state.withLock({ $0.resets }) { reset(true) }
    }

    private func keepListening() {
        var pause = 0.1
        while true {
            if let listener = state.withLock({ $0.listener }) {
                try? listener.closeFuture.wait()
                // Distrust the caches before saying so: whoever sees `isListening` false finds them empty.
                for reset in state.withLock({ $0.resets }) { reset(false) }
                state.withLock { state in (state.listener, state.listening) = (nil, false) }
                pause = 0.1
            }
            if state.withLock({ $0.closed }) { return }
            Thread.sleep(forTimeInterval: pause)
            if holdsReconnecting.load(ordering: .relaxed) { continue }
            pause = min(pause * 2, 5)
            if state.withLock({ $0.closed }) { return }
            try? listen()
        }
    }

    /// Stops listening; the caches are no longer trusted.
    func close() {
        let listener = state.withLock { state in
            state.closed = true
            return state.listener
        }
        listener?.closeAndWait()
        for reset in state.withLock({ $0.resets }) { reset(false) }
    }
}
