import Synchronization

/// Page plans by key, each made from the first page of its key (`ScreenPlans`,
/// `FixedPagePlans`). Bounded: keys come from the definitions, so there are few, but a full
/// table (a few MB of page text at most) is emptied rather than grown.
final class PlanTable<Key: Hashable & Sendable, Plan: Sendable>: Sendable {
    static var limit: Int { 256 }
    /// nil for a key whose page could not be planned (it keeps the general path).
    private let plans = Mutex<[Key: Plan?]>([:])

    /// `.some(nil)`: tried, cannot be planned; nil: not tried yet.
    func plan(for key: Key) -> Plan?? {
        plans.withLock { $0[key] }
    }

    func store(_ plan: Plan?, for key: Key) {
        plans.withLock { plans in
            if plans.count >= Self.limit { plans.removeAll() }
            plans[key] = .some(plan)
        }
    }
}
