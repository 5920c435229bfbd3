import GRDB

/// The tables of the SQLite store, as GRDB migrations: each migration runs once per file,
/// in order, so a file written by an older FlowStage is brought up to date when opened.
///
/// Every stored thing has the same shape — `id`, owning `session`, `version` for
/// compare-and-swap, `created_at` / `updated_at` (Unix seconds), and the whole value as
/// JSON in `body` — plus a few copied columns to query by (`StoredRecord.columns`). The body
/// is the truth; the columns are for indexes and for people reading the file. Upload metadata
/// will be a new table of this shape (a new migration), and a PostgreSQL store
/// can use the same columns (`body` as `jsonb`, `version` as `bigint`).
enum SQLiteSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: instances") { db in
            try db.execute(sql: """
                CREATE TABLE instances (
                    id         TEXT    NOT NULL PRIMARY KEY,
                    session    TEXT    NOT NULL,
                    process    TEXT    NOT NULL,
                    status     TEXT    NOT NULL,
                    version    INTEGER NOT NULL,
                    created_at REAL    NOT NULL,
                    updated_at REAL    NOT NULL,
                    body       TEXT    NOT NULL
                );
                CREATE INDEX instances_by_session ON instances (session, created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v2: flow runs") { db in
            try db.execute(sql: """
                CREATE TABLE flow_runs (
                    id         TEXT    NOT NULL PRIMARY KEY,
                    session    TEXT    NOT NULL,
                    flow       TEXT    NOT NULL,
                    status     TEXT    NOT NULL,
                    version    INTEGER NOT NULL,
                    created_at REAL    NOT NULL,
                    updated_at REAL    NOT NULL,
                    body       TEXT    NOT NULL
                );
                CREATE INDEX flow_runs_by_session ON flow_runs (session, created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v3: sessions") { db in
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id         TEXT    NOT NULL PRIMARY KEY,
                    session    TEXT    NOT NULL,
                    version    INTEGER NOT NULL,
                    created_at REAL    NOT NULL,
                    updated_at REAL    NOT NULL,
                    body       TEXT    NOT NULL
                );
                CREATE INDEX sessions_by_session ON sessions (session);
                """)
        }
        migrator.registerMigration("v4: sessions expire") { db in
            // A session's `updated_at` is now the last time it was seen, and sessions idle for
            // longer than the timeout are deleted. Before, it only changed with the settings, so a
            // session in daily use could look weeks old: bring it up to the last change of its
            // instances and flow runs (body and column alike; the body stores seconds since 2001).
            try db.execute(sql: """
                UPDATE sessions
                SET updated_at = activity.seen,
                    body = json_set(body, '$.updatedAt', activity.seen - 978307200.0)
                FROM (SELECT session, MAX(updated_at) AS seen
                      FROM (SELECT session, updated_at FROM instances
                            UNION ALL SELECT session, updated_at FROM flow_runs)
                      GROUP BY session) AS activity
                WHERE activity.session = sessions.id AND activity.seen > sessions.updated_at;
                CREATE INDEX sessions_by_updated_at ON sessions (updated_at);
                """)
        }
        return migrator
    }()

    /// Brings the file up to date. Stores opening a new file at once can each see a
    /// migration as missing; the loser's transaction fails and rolls back whole, and the next
    /// try finds it applied. Each migration can be lost once at most, so as many tries as
    /// there are migrations, plus one, always finish.
    static func migrate(_ writer: any DatabaseWriter, upTo last: String? = nil) throws {
        var tries = migrator.migrations.count + 1
        while true {
            do {
                if let last { return try migrator.migrate(writer, upTo: last) }
                return try migrator.migrate(writer)
            } catch {
                tries -= 1
                if tries == 0 { throw error }
            }
        }
    }
}
