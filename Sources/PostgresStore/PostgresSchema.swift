import FlowStageRuntime
import PostgresNIO

/// The tables of the PostgreSQL store, as numbered migrations applied once per database, in
/// order, like `SQLiteSchema`'s: `flowstage_migrations` lists those applied, so a database set
/// up by an older FlowStage is brought up to date by the first node of a newer one.
///
/// The tables have the SQLite store's shape: `id`, owning `session`, `version` for
/// compare-and-swap, `created_at` / `updated_at` (Unix seconds), a few copied columns to query by,
/// and the record in `body` as the very JSON text SQLite holds (`SQLiteBody`). `body` is `text`,
/// not `jsonb`: jsonb would rewrite the text (key order, number spelling) and refuses a `\u0000`
/// escape that a typed string may hold; the body is only ever read whole.
///
/// Nodes starting together each run the migrations: a transaction-wide advisory lock makes them
/// take turns, and the second finds everything applied.
enum PostgresSchema {
    /// Name and statements, in order. Never edit one that has shipped: add another.
    static let migrations: [(name: String, sql: [String])] = [
        ("v1: instances, flow runs, sessions", [
            """
            CREATE TABLE instances (
                id         text             NOT NULL PRIMARY KEY,
                session    text             NOT NULL,
                process    text             NOT NULL,
                status     text             NOT NULL,
                version    bigint           NOT NULL,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                body       text             NOT NULL
            )
            """,
            "CREATE INDEX instances_by_session ON instances (session, created_at DESC, id DESC)",
            "CREATE INDEX instances_by_updated_at ON instances (updated_at)",
            """
            CREATE TABLE flow_runs (
                id         text             NOT NULL PRIMARY KEY,
                session    text             NOT NULL,
                flow       text             NOT NULL,
                status     text             NOT NULL,
                version    bigint           NOT NULL,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                body       text             NOT NULL
            )
            """,
            "CREATE INDEX flow_runs_by_session ON flow_runs (session, created_at DESC, id DESC)",
            "CREATE INDEX flow_runs_by_updated_at ON flow_runs (updated_at)",
            """
            CREATE TABLE sessions (
                id         text             NOT NULL PRIMARY KEY,
                session    text             NOT NULL,
                version    bigint           NOT NULL,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                body       text             NOT NULL
            )
            """,
            "CREATE INDEX sessions_by_session ON sessions (session)",
            "CREATE INDEX sessions_by_updated_at ON sessions (updated_at)",
        ]),
        ("v2: uploads", [
            // The file's bytes beside its metadata, so any node serves any upload (`PostgresUploadStore`).
            """
            CREATE TABLE uploads (
                id           text             NOT NULL PRIMARY KEY,
                session      text             NOT NULL,
                instance     text             NOT NULL,
                name         text             NOT NULL,
                size         bigint           NOT NULL,
                content_type text             NOT NULL,
                created_at   double precision NOT NULL,
                bytes        bytea            NOT NULL
            )
            """,
            "CREATE INDEX uploads_by_session ON uploads (session)",
            "CREATE INDEX uploads_by_instance ON uploads (instance)",
        ]),
        ("v3: secrets", [
            // Random values every node of the database shares (`PostgresStore.accessSecret(for:)`).
            "CREATE TABLE flowstage_secrets (name text NOT NULL PRIMARY KEY, value text NOT NULL)",
        ]),
        ("v4: analytics events", [
            // Every node's events in one place (`PostgresAnalyticsSink`); `event` is the JSON
            // object the JSON-lines log would hold, the columns are copied out of it to query by.
            """
            CREATE TABLE analytics_events (
                id       bigserial        NOT NULL PRIMARY KEY,
                time     double precision NOT NULL,
                kind     text             NOT NULL,
                instance text             NOT NULL,
                process  text             NOT NULL,
                session  text             NOT NULL,
                event    text             NOT NULL
            )
            """,
            "CREATE INDEX analytics_events_by_time ON analytics_events (time)",
        ]),
        ("v5: password guesses", [
            // Wrong `--password` guesses per client address, counted by every node (`PostgresPasswordGuesses`).
            """
            CREATE TABLE password_guesses (
                key           text             NOT NULL PRIMARY KEY,
                failures      integer          NOT NULL,
                first_failure double precision NOT NULL,
                blocked_until double precision
            )
            """,
        ]),
        ("v6: uploads in chunks", [
            // A file's bytes as numbered pieces of at most `PostgresUploadStore.chunkSize`, so
            // storing and serving one never binds or reads the whole file as one value. Rows of
            // v2 keep their bytes in `uploads.bytes` (and no chunks); new rows leave it NULL.
            // The key is deferred: the upload row is written last, once its size is counted.
            "ALTER TABLE uploads ALTER COLUMN bytes DROP NOT NULL",
            """
            CREATE TABLE upload_chunks (
                upload   text    NOT NULL REFERENCES uploads (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                sequence integer NOT NULL,
                bytes    bytea   NOT NULL,
                PRIMARY KEY (upload, sequence)
            )
            """,
            // Uploaded files are mostly compressed already (images, PDF): no second try at it.
            "ALTER TABLE upload_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL",
        ]),
        ("v7: analytics events by instance", [
            // The inspector's recent events of one instance, read from the shared table (`PostgresAnalyticsSink.recentEvents`).
            "CREATE INDEX analytics_events_by_instance ON analytics_events (instance, id)",
        ]),
    ]

    /// Any number; the same in every FlowStage, so all nodes of one database queue on it.
    static let advisoryLock: Int64 = 0x466c_6f77_5374_6167 // "FlowStag"

    /// Applies the missing migrations (all, or up to and including `last`), each in its own transaction.
    static func migrate(_ connections: PostgresConnections, upTo last: String? = nil) throws(StoreError) {
        try connections.withConnection("cannot prepare the tables") { connection in
            for migration in migrations {
                try connections.inTransaction(on: connection) {
                    var lock = PostgresBindings()
                    lock.append(advisoryLock)
                    _ = try connections.query("SELECT pg_advisory_xact_lock($1)", lock, on: connection)
                    // Inside the lock: two nodes creating it at once could otherwise collide.
                    _ = try connections.query("""
                        CREATE TABLE IF NOT EXISTS flowstage_migrations (
                            name       text        NOT NULL PRIMARY KEY,
                            applied_at timestamptz NOT NULL DEFAULT now()
                        )
                        """, on: connection)
                    var name = PostgresBindings()
                    name.append(migration.name)
                    let applied = try connections.query("SELECT 1 FROM flowstage_migrations WHERE name = $1", name, on: connection)
                    if applied.rows.isEmpty {
                        for statement in migration.sql { _ = try connections.query(statement, on: connection) }
                        _ = try connections.query("INSERT INTO flowstage_migrations (name) VALUES ($1)", name, on: connection)
                    }
                }
                if migration.name == last { break }
            }
        }
    }
}
