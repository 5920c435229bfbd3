import FlowStageRuntime
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// A few PostgreSQL connections shared by the request threads, behind a blocking interface.
///
/// Why blocking: requests run on libmicrohttpd's worker threads, not on an event loop, and the
/// stores' protocol is synchronous (`RecordStore`). A thread takes an idle connection (or
/// opens one, up to `limit`; else waits up to `checkoutTimeout`), runs its statement through
/// PostgresNIO's EventLoopFuture API and waits for the answer. NIO futures, not Swift tasks:
/// blocking a thread on a Task would take a thread of the cooperative pool, which deadlocks
/// under load (and in tests, which run on that pool); blocking on a future only waits for the
/// event loop, whose threads never block.
///
/// A connection that failed is dropped and the next use opens a new one, so PostgreSQL
/// restarting makes requests fail (the store's errors, 503 pages) and then recover by themselves.
final class PostgresConnections: Sendable {
    let url: PostgresURL
    let limit: Int
    /// How long one statement (or opening a connection) may take before it fails and its connection is closed.
    static let queryTimeout: TimeAmount = .seconds(30)
    static let connectTimeout: TimeAmount = .seconds(5)
    static let checkoutTimeout: TimeInterval = 30

    private let configuration: PostgresConnection.Configuration
    private let group: any EventLoopGroup
    private let logger: Logger
    private let state: State
    private let nextID = AtomicCounter()

    /// The pool's mutable part, guarded by its condition (which also wakes waiting threads).
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var idle: [PostgresConnection] = []
        var open = 0
        var closed = false
    }

    init(url: PostgresURL, limit: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) throws(StoreError) {
        self.url = url
        self.limit = max(1, limit)
        self.group = group
        self.state = State()
        var logger = Logger(label: "flowstage.postgres")
        logger.logLevel = .critical // PostgresNIO logs every connection at debug; failures reach the user as StoreErrors.
        self.logger = logger
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch url.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw .failed("cannot set up TLS for \(url): \(error); use sslmode=disable on a private network")
        }
        var configuration = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user,
                                                             password: url.password, database: url.database, tls: tls)
        configuration.options.connectTimeout = Self.connectTimeout
        // The server gives up on a statement before the client does, so a slow one fails cleanly.
        configuration.options.additionalStartupParameters = [("statement_timeout", "20000"),
                                                            ("application_name", "flowstage")]
        self.configuration = configuration
    }

    /// Runs `body` with a connection of the pool; `what` names the operation in errors.
    func withConnection<T>(_ what: String, _ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        let connection = try checkOut(what)
        do {
            let result = try body(connection)
            checkIn(connection)
            return result
        } catch let error as StoreError {
            checkIn(connection)
            throw error
        } catch {
            checkIn(connection)
            throw PostgresFailure.failed(what, at: url, error)
        }
    }

    /// Runs one statement and returns its rows; the connection is closed if it takes too long.
    func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings(), on connection: PostgresConnection) throws -> PostgresQueryResult {
        let timeout = connection.eventLoop.scheduleTask(in: Self.queryTimeout) { connection.closeSoon() }
        defer { timeout.cancel() }
        do {
            return try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).wait()
        } catch let error as PSQLError where error.code == .clientClosedConnection {
            throw PostgresTimeout(seconds: Self.queryTimeout.nanoseconds / 1_000_000_000)
        }
    }

    /// `body` between BEGIN and COMMIT on `connection`, ROLLBACK on any error (which is
    /// rethrown); with `snapshot`, a read-only one that sees a single commit throughout.
    func inTransaction<T>(on connection: PostgresConnection, snapshot: Bool = false, _ body: () throws -> T) throws -> T {
        _ = try query(snapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", on: connection)
        do {
            let result = try body()
            _ = try query("COMMIT", on: connection)
            return result
        } catch {
            _ = try? query("ROLLBACK", on: connection)
            throw error
        }
    }

    /// One statement on a pooled connection.
    func query(_ what: String, _ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws(StoreError) -> PostgresQueryResult {
        try withConnection(what) { connection in try query(sql, binds, on: connection) }
    }

    /// Opens a connection outside the pool (the listener's), or fails with a message naming the server.
    func connect(_ what: String) throws(StoreError) -> PostgresConnection {
        do {
            return try PostgresConnection.connect(on: group.any(), configuration: configuration,
                                                  id: nextID.next(), logger: logger).wait()
        } catch {
            throw PostgresFailure.failed(what, at: url, error)
        }
    }

    private func checkOut(_ what: String) throws(StoreError) -> PostgresConnection {
        let deadline = Date().addingTimeInterval(Self.checkoutTimeout)
        state.condition.lock()
        while true {
            if state.closed {
                state.condition.unlock()
                throw .failed("\(what) (\(url)): the store is closed")
            }
            if let connection = state.idle.popLast() {
                if connection.isClosed { state.open -= 1; continue }
                state.condition.unlock()
                return connection
            }
            if state.open < limit { break }
            if !state.condition.wait(until: deadline) {
                state.condition.unlock()
                throw .failed("\(what) (\(url)): all \(limit) connections stayed busy for \(Int(Self.checkoutTimeout)) s; "
                              + "check for slow queries or locks on the server, or lower the number of server threads")
            }
        }
        state.open += 1
        state.condition.unlock()
        do {
            return try connect(what)
        } catch {
            state.condition.lock()
            state.open -= 1
            state.condition.signal()
            state.condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        state.condition.lock()
        let drop = connection.isClosed || state.closed
        if drop {
            state.open -= 1
        } else {
            state.idle.append(connection)
        }
        state.condition.signal()
        state.condition.unlock()
        // Waited for, outside the lock: PostgresNIO asserts (debug builds) when a connection's
        // last reference goes while it is still closing (after a timeout, or the pool closed).
        if drop { connection.closeAndWait() }
    }

    /// Closes the idle connections; those in use close when checked in. Later uses fail.
    func close() {
        state.condition.lock()
        state.closed = true
        let idle = state.idle
        state.open -= idle.count
        state.idle = []
        state.condition.broadcast()
        state.condition.unlock()
        for connection in idle { connection.closeAndWait() }
    }
}

/// Connection ids for PostgresNIO's log metadata.
private final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}

extension PostgresConnection {
    /// Starts closing (the EventLoopFuture `close`, not the async one of the same name).
    func closeSoon() {
        let _: EventLoopFuture<Void> = close()
    }

    /// Closes and waits until it is closed; never from an event loop thread.
    func closeAndWait() {
        let closing: EventLoopFuture<Void> = close()
        try? closing.wait()
    }
}
