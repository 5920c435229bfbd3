import Synchronization

/// The last analytics events of each instance, in memory, for the inspector. Bounded: 50
/// events per instance, 1,000 instances (the oldest-seen instance goes first).
///
/// With several nodes an instance's events are made by whichever node served each step, so
/// this node's memory holds only some of them: given a `shared` source (the PostgreSQL
/// analytics table), the inspector reads from there, and from memory only when it fails.
public final class RecentAnalytics: AnalyticsSink {
    public static let perInstance = 50
    public static let instances = 1_000
    private let events = Mutex<(byInstance: [String: [AnalyticsEvent]], order: [String])>(([:], []))
    /// Where every node's events are, when they are shared.
    public let shared: (any SharedRecentEvents)?

    public init(shared: (any SharedRecentEvents)? = nil) {
        self.shared = shared
    }

    public func record(_ new: [AnalyticsEvent]) {
        events.withLock { state in
            for event in new {
                if state.byInstance[event.instance] == nil {
                    state.order.append(event.instance)
                    if state.order.count > RecentAnalytics.instances {
                        state.byInstance[state.order.removeFirst()] = nil
                    }
                }
                state.byInstance[event.instance, default: []].append(event)
                if state.byInstance[event.instance]!.count > RecentAnalytics.perInstance {
                    state.byInstance[event.instance]!.removeFirst()
                }
            }
        }
    }

    /// The instance's events this node recorded, oldest first.
    public func events(of instance: String) -> [AnalyticsEvent] {
        events.withLock { $0.byInstance[instance] ?? [] }
    }

    /// The instance's last events as the inspector shows them (each event's JSON), oldest
    /// first: every node's from `shared`, or this node's when there is no shared source or it
    /// cannot be read (the inspector is a help, not worth a 503).
    public func eventJSON(of instance: String) -> [String] {
        if let shared, let texts = try? shared.recentEvents(of: instance, limit: Self.perInstance) { return texts }
        return events(of: instance).map { $0.json.serialized() }
    }
}

/// The analytics events of every node, readable per instance (`PostgresAnalyticsSink`).
public protocol SharedRecentEvents: Sendable {
    /// The instance's last `limit` events, oldest first, each as the JSON object of `AnalyticsEvent.json`.
    func recentEvents(of instance: String, limit: Int) throws(StoreError) -> [String]
}
