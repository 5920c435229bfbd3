import Synchronization

/// The last analytics events of each instance, in memory, for the inspector. Bounded: 50
/// events per instance, 1,000 instances (the oldest-seen instance goes first).
public final class RecentAnalytics: AnalyticsSink {
    public static let perInstance = 50
    public static let instances = 1_000
    private let events = Mutex<(byInstance: [String: [AnalyticsEvent]], order: [String])>(([:], []))

    public init() {}

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

    /// The instance's events, oldest first.
    public func events(of instance: String) -> [AnalyticsEvent] {
        events.withLock { $0.byInstance[instance] ?? [] }
    }
}
