/// Which screens of a project an exploration reached, and why the others were not: what
/// `flowstage audit` and `flowstage render` report beside their pages. Pure data, made by the
/// runtime's explorer and read by the audit's reports, like `ScreenState` between the runtime
/// and the renderer.
public struct Coverage: Sendable {
    /// A process or an app flow.
    public enum Owner: Sendable, Hashable, Comparable {
        case process(String)
        case flow(String)

        public var name: String {
            switch self { case .process(let name), .flow(let name): name }
        }

        /// `process` or `flow`: the key `--json` reports write the name under.
        public var word: String {
            switch self { case .process: "process"; case .flow: "flow" }
        }
    }

    public enum Kind: String, Sendable {
        /// A user task's screen.
        case userTask
        /// An end node: its end page, with its outcome and message.
        case end
        /// An app flow's state (a screen, or a process it starts).
        case flowState
    }

    public enum Status: String, Sendable {
        /// On a path the explorer took with data it filled in.
        case reached
        /// Only on paths where the explorer forced a gateway branch (or a flow event's target)
        /// whose condition no explored data satisfied: the page is real, the data may not fit it.
        case forced
        case unreached
    }

    public struct Item: Sendable {
        public let owner: Owner
        /// The node id, or the flow state id.
        public let node: String
        public let kind: Kind
        public var status: Status
        /// Why it was not reached (unreached), or how (forced).
        public var reason: String?
        /// What else a reviewer should know: a screen the explorer reached but could not pass.
        public var notes: [String]
        /// For an end node, its outcome.
        public var outcome: String?

        public init(owner: Owner, node: String, kind: Kind, status: Status, reason: String? = nil,
                    notes: [String] = [], outcome: String? = nil) {
            self.owner = owner; self.node = node; self.kind = kind; self.status = status
            self.reason = reason; self.notes = notes; self.outcome = outcome
        }

        /// `process “loan” node “offer”`, `flow “onboarding” state “goal”`.
        public var place: String {
            "\(owner.word) “\(owner.name)” \(owner.word == "flow" ? "state" : "node") “\(node)”"
        }
    }

    /// Every user task, end and flow state of the project, processes then flows, in definition order.
    public var items: [Item]
    /// Limits the exploration ran into, one sentence each (a budget that ran out).
    public var notes: [String]
    /// Actions and events the explorer posted, and the distinct states it met.
    public var actions: Int
    public var states: Int

    public init(items: [Item] = [], notes: [String] = [], actions: Int = 0, states: Int = 0) {
        self.items = items; self.notes = notes; self.actions = actions; self.states = states
    }

    public var reached: [Item] { items.filter { $0.status == .reached } }
    public var forced: [Item] { items.filter { $0.status == .forced } }
    public var unreached: [Item] { items.filter { $0.status == .unreached } }

    /// "14 of 15 screens and ends reached (2 only by forcing a branch)".
    public var summary: String {
        let reachedCount = items.count - unreached.count
        let forcedNote = forced.isEmpty ? "" : " (\(forced.count) only by forcing a branch)"
        return "coverage: \(reachedCount) of \(items.count) screens, ends and flow states reached\(forcedNote); \(actions) action\(actions == 1 ? "" : "s") explored"
    }
}
