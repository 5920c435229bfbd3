@testable import FlowStageRuntime
import Foundation
import PostgresNIO
@testable import PostgresStore
import TestSupport
import Testing

/// The stores the store-contract tests run against: every such test takes a `StoreKind`
/// argument and runs once per store, so SQLite and PostgreSQL keep one set of rules.
///
/// PostgreSQL needs `FLOWSTAGE_TEST_POSTGRES_URL` (set by `Tools/postgres.sh`, which `make test`
/// runs): without it the PostgreSQL cases are left out on a developer's machine, and fail under
/// CI=true (`TestDatabase.init`), so a CI that lost its database cannot pass quietly.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static let postgresURL = ProcessInfo.processInfo.environment["FLOWSTAGE_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// SQLite always; PostgreSQL when there is one, or when CI demands it.
    static var available: [StoreKind] { postgresURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite] }
    /// Only PostgreSQL, for tests of what only it does; empty (the test is not run) without a database.
    static var postgresOnly: [StoreKind] { postgresURL != nil || isCI ? [.postgres] : [] }

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

/// What a test asks of a store, whichever it is: its three tables and a way to close it.
protocol TestStore: Sendable {
    var instanceRecords: any RecordStore<Instance> { get }
    var flowRunRecords: any RecordStore<FlowRun> { get }
    var sessionRecords: any RecordStore<Session> { get }
    func shutDown() throws
}

extension SQLiteStore: TestStore {
    var instanceRecords: any RecordStore<Instance> { instances }
    var flowRunRecords: any RecordStore<FlowRun> { flowRuns }
    var sessionRecords: any RecordStore<Session> { sessions }
    func shutDown() throws { try close() }
}

extension PostgresStore: TestStore {
    var instanceRecords: any RecordStore<Instance> { instances }
    var flowRunRecords: any RecordStore<FlowRun> { flowRuns }
    var sessionRecords: any RecordStore<Session> { sessions }
    func shutDown() throws { close() }
}

/// One empty database for one test — a SQLite file in a fresh folder, or a fresh PostgreSQL
/// database (`CREATE DATABASE`) in the test cluster — that any number of stores can open, as
/// several processes or nodes would. `remove()` closes them and deletes the database.
final class TestDatabase: @unchecked Sendable {
    let kind: StoreKind
    /// The SQLite file, or the PostgreSQL URL: what a child process is given.
    let location: String
    private var opened: [any TestStore] = []
    private let lock = NSLock()

    init(_ kind: StoreKind) throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            location = try RepositoryPaths.fixture([:]).appendingPathComponent("data/flowstage.sqlite").path
        case .postgres:
            guard let admin = StoreKind.postgresURL else {
                // Only reached under CI=true (see `StoreKind.available`).
                throw TestDatabaseMissing()
            }
            let name = "flowstage_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
            try Self.administer(admin, "CREATE DATABASE \(name)")
            var url = try PostgresURL(parsing: admin)
            url.database = name
            location = url.description
        }
    }

    /// A new store on this database (another "node"); closed by `remove()`.
    func open() throws -> any TestStore {
        let store: any TestStore = switch kind {
        case .sqlite: try SQLiteStore(path: location)
        case .postgres: try PostgresStore(url: location)
        }
        lock.withLock { opened.append(store) }
        return store
    }

    /// An older store: the tables stop at migration `last` (its name in the store's own schema).
    func open(upTo last: String) throws -> any TestStore {
        let store: any TestStore = switch kind {
        case .sqlite: try SQLiteStore(path: location, upTo: last)
        case .postgres: try PostgresStore(url: PostgresURL(parsing: location), connections: 4, upTo: last)
        }
        lock.withLock { opened.append(store) }
        return store
    }

    func remove() {
        for store in lock.withLock({ opened }) { try? store.shutDown() }
        if kind == .postgres, let admin = StoreKind.postgresURL, let url = try? PostgresURL(parsing: location) {
            try? Self.administer(admin, "DROP DATABASE IF EXISTS \(url.database) WITH (FORCE)")
        }
    }

    /// How many rows `table` (with an optional `WHERE …`) holds in this PostgreSQL database.
    func count(_ table: String) throws -> Int {
        let connections = try PostgresConnections(url: PostgresURL(parsing: location), limit: 1)
        defer { connections.close() }
        return try connections.query("cannot count \(table)", "SELECT count(*) FROM \(table)").first?.decode(Int.self) ?? -1
    }

    /// Runs one statement on the cluster's own database (creating or dropping a test database).
    static func administer(_ admin: String, _ sql: String) throws {
        let connections = try PostgresConnections(url: PostgresURL(parsing: admin), limit: 1)
        defer { connections.close() }
        _ = try connections.query("cannot \(sql)", sql)
    }
}

struct TestDatabaseMissing: Error, CustomStringConvertible {
    var description: String {
        "FLOWSTAGE_TEST_POSTGRES_URL is not set, and CI=true requires the PostgreSQL store tests: "
            + "run them through `make test` or `Tools/postgres.sh run -- swift test`"
    }
}

/// Runs `body` with an empty database of `kind`, removed afterwards.
func withDatabase<T>(_ kind: StoreKind, _ body: (TestDatabase) throws -> T) throws -> T {
    let database = try TestDatabase(kind)
    defer { database.remove() }
    return try body(database)
}
