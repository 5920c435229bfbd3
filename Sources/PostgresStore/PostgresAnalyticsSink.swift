import FlowStageRuntime
import Foundation
import PostgresNIO

/// Analytics events of every node in the `analytics_events` table: one row per event, `event`
/// holding the JSON object `JSONLinesAnalyticsSink` would write as a line, so one
/// `SELECT event FROM analytics_events ORDER BY id` gives the log of the whole preview.
///
/// A batch (the events of one action) is one `INSERT … SELECT FROM unnest(…)`. Like the file
/// log, a failure to write loses the events and never fails the action that made them.
///
/// It is also where the inspector reads an instance's recent events (`SharedRecentEvents`), so
/// a node shows the steps other nodes served too.
public final class PostgresAnalyticsSink: AnalyticsSink, SharedRecentEvents {
    private let connections: PostgresConnections

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    public func record(_ events: [AnalyticsEvent]) {
        guard !events.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(events.map { $0.time.timeIntervalSince1970 })
        binds.append(events.map(\.kind.rawValue))
        binds.append(events.map(\.instance))
        binds.append(events.map(\.process))
        binds.append(events.map(\.session))
        binds.append(events.map { $0.json.serialized() })
        _ = try? connections.query("cannot record analytics events", """
            INSERT INTO analytics_events (time, kind, instance, process, session, event)
            SELECT * FROM unnest($1::float8[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
            """, binds)
    }

    public func recentEvents(of instance: String, limit: Int) throws(StoreError) -> [String] {
        var binds = PostgresBindings()
        binds.append(instance)
        binds.append(max(0, limit))
        let rows = try connections.query("cannot read the recent analytics events of \(instance)", """
            SELECT event FROM (SELECT id, event FROM analytics_events WHERE instance = $1 ORDER BY id DESC LIMIT $2) AS last
            ORDER BY id
            """, binds)
        do {
            return try rows.map { try $0.decode(String.self) }
        } catch {
            throw .failed("cannot read the recent analytics events of \(instance): \(error)")
        }
    }
}
