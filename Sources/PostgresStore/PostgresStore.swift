import FlowStageRuntime
import Foundation
import PostgresNIO

/// The shared store for several nodes: instances, flow runs and sessions in one PostgreSQL
/// database, so any node behind a load balancer can serve any request, and a node can stop
/// (a deploy, a crash) without losing what it answered.
///
/// Opening it connects once (so a wrong URL, password or database name stops `flowstage serve`
/// with a message rather than failing every request), brings the tables up to date, and starts
/// listening for other nodes' changes (`PostgresChangeFeed`). After that, lost connections are
/// reopened by themselves.
public final class PostgresStore: Sendable {
    public let url: PostgresURL
    let connections: PostgresConnections
    let feed: PostgresChangeFeed
    public let instances: PostgresRecordStore<Instance>
    public let flowRuns: PostgresRecordStore<FlowRun>
    public let sessions: PostgresRecordStore<Session>
    /// Uploaded files, bytes included: any node serves any file.
    public let uploads: PostgresUploadStore
    /// Analytics events of every node, in one table.
    public let analytics: PostgresAnalyticsSink
    /// Wrong `--password` guesses, counted by every node.
    public let passwordGuesses: PostgresPasswordGuesses

    /// Opens the database at `url` (`postgresql://user[:password]@host[:port]/database`) with
    /// at most `connections` connections besides the listener's (one per server thread is plenty).
    public convenience init(url: String, connections: Int = 8) throws(StoreError) {
        try self.init(url: PostgresURL(parsing: url), connections: connections, upTo: nil)
    }

    /// With `migration`, the tables stop at that migration: how tests make a database as an
    /// older FlowStage left it.
    init(url: PostgresURL, connections limit: Int, upTo migration: String?) throws(StoreError) {
        self.url = url
        connections = try PostgresConnections(url: url, limit: limit)
        try PostgresSchema.migrate(connections, upTo: migration)
        feed = PostgresChangeFeed(connections: connections)
        instances = PostgresRecordStore(connections: connections)
        flowRuns = PostgresRecordStore(connections: connections)
        sessions = PostgresRecordStore(connections: connections)
        uploads = PostgresUploadStore(connections: connections)
        analytics = PostgresAnalyticsSink(connections: connections)
        passwordGuesses = PostgresPasswordGuesses(connections: connections)
        feed.register(instances.cache)
        feed.register(flowRuns.cache)
        feed.register(sessions.cache)
        do throws(StoreError) { try feed.start() } catch {
            connections.close()
            throw error
        }
    }

    /// The value of the `--password` access cookie, the same on every node of this database:
    /// SHA-256 of a random secret made once per database (`flowstage_secrets`) and the
    /// password. A cookie from one node is then good on the others; changing the password
    /// changes it; without the database's secret no one can make it from the password.
    /// (One node alone uses a random value per start instead.)
    public func accessSecret(for password: String) throws(StoreError) -> String {
        var secret = PostgresBindings()
        secret.append(UUID().uuidString + UUID().uuidString)
        _ = try connections.query("cannot create the shared access secret",
                                  "INSERT INTO flowstage_secrets (name, value) VALUES ('access', $1) ON CONFLICT (name) DO NOTHING",
                                  secret)
        var binds = PostgresBindings()
        binds.append(password)
        let rows = try connections.query("cannot read the shared access secret", """
            SELECT encode(sha256(convert_to(value || $1, 'UTF8')), 'hex') FROM flowstage_secrets WHERE name = 'access'
            """, binds)
        guard let row = rows.first, let token = try? row.decode(String.self) else {
            throw .failed("cannot read the shared access secret in \(url): the flowstage_secrets table has no access row")
        }
        return token
    }

    /// Closes every connection; later calls fail with "the store is closed".
    public func close() {
        feed.close()
        connections.close()
    }
}
