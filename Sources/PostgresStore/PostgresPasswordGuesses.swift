import FlowStageRuntime
import Foundation
import PostgresNIO

/// Wrong `--password` guesses per client address, in the `password_guesses` table, so every
/// node counts the same failures: with N nodes an address still gets `maxFailures` guesses per
/// `window`, not N times as many. The rule is `PasswordGuesses`'s (Preview), in SQL: after
/// `maxFailures` failures within `window`, the address waits `window` from the last one.
///
/// `failed` is one upsert, so two nodes counting at once both count; the row lock orders them.
/// The same statement deletes the other addresses' rows that no longer count (block over, or
/// window over without a block): such a row means what no row means, and without this the table
/// would keep every address that ever guessed wrong. Times are passed in (Unix seconds), so
/// tests move them by hand.
public final class PostgresPasswordGuesses: Sendable {
    private let connections: PostgresConnections

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    /// Seconds until `key` may try again; nil when it may try now.
    public func wait(for key: String, now: Date) throws(StoreError) -> Int? {
        var binds = PostgresBindings()
        binds.append(key)
        let rows = try connections.query("cannot read the wrong-password count",
                                         "SELECT blocked_until FROM password_guesses WHERE key = $1", binds)
        guard let row = rows.first, let until = try? row.decode(Double?.self) else { return nil }
        return Self.seconds(until: until, now: now)
    }

    /// Counts a failure of `key`; the seconds it must now wait, or nil while it has tries left.
    public func failed(for key: String, now: Date, maxFailures: Int, window: TimeInterval) throws(StoreError) -> Int? {
        var binds = PostgresBindings()
        binds.append(key)
        binds.append(now.timeIntervalSince1970)
        binds.append(max(1, maxFailures))
        binds.append(window)
        // A running block stays; a finished block or window starts a new count; else one more.
        let rows = try connections.query("cannot count a wrong password", """
            WITH expired AS (
                DELETE FROM password_guesses
                WHERE key <> $1 AND (blocked_until <= $2 OR (blocked_until IS NULL AND $2 - first_failure >= $4))
            )
            INSERT INTO password_guesses AS g (key, failures, first_failure, blocked_until)
            VALUES ($1, 1, $2, CASE WHEN $3 <= 1 THEN $2 + $4 END)
            ON CONFLICT (key) DO UPDATE SET
                failures = CASE WHEN g.blocked_until > $2 THEN g.failures
                                WHEN g.blocked_until IS NOT NULL OR $2 - g.first_failure >= $4 THEN 1
                                ELSE g.failures + 1 END,
                first_failure = CASE WHEN g.blocked_until > $2 THEN g.first_failure
                                     WHEN g.blocked_until IS NOT NULL OR $2 - g.first_failure >= $4 THEN $2
                                     ELSE g.first_failure END,
                blocked_until = CASE WHEN g.blocked_until > $2 THEN g.blocked_until
                                     WHEN g.blocked_until IS NOT NULL OR $2 - g.first_failure >= $4
                                         THEN CASE WHEN $3 <= 1 THEN $2 + $4 END
                                     WHEN g.failures + 1 >= $3 THEN $2 + $4
                                     ELSE NULL END
            RETURNING blocked_until
            """, binds)
        guard let row = rows.first, let until = try? row.decode(Double?.self) else { return nil }
        return Self.seconds(until: until, now: now)
    }

    private static func seconds(until: Double?, now: Date) -> Int? {
        guard let until, until > now.timeIntervalSince1970 else { return nil }
        return max(1, Int((until - now.timeIntervalSince1970).rounded(.up)))
    }
}
