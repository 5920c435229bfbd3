import Definitions
import Expressions
import Foundation

/// One running (or finished) process instance: all the state a screen is made from.
///
/// A value: the engine loads it, applies one action to a copy and saves it back only if
/// `version` is unchanged, so an action is applied entirely or not at all. Called processes
/// (`calls`) and parallel branches (`tokens`) live inside it for the same reason: one action
/// is still one compare-and-swap on one record.
public struct Instance: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        case running, completed, failed, cancelled
    }

    public internal(set) var id: String
    public let process: String
    /// The session that owns the instance; no other session can see it.
    public let session: String
    public var status: Status
    /// The data of the instance's own process; each call keeps its own in `calls`.
    public var data: JSONValue
    /// Where the process stands: one token per branch, each waiting at a user task, at a
    /// join or on a call, in the order they were created.
    public var tokens: [Token]
    /// Processes started by call activities and not yet ended, outermost first.
    public var calls: [Call]
    /// The ends reached so far by tokens of the instance's own process.
    public var ending: Ending?
    /// The last token or call number handed out.
    public var serial: Int
    /// The end node that finished the instance.
    public var endNode: String?
    public var incident: Incident?
    /// Expression problems met while running, newest last (bounded), for the inspector.
    public var warnings: [String]
    public var modal: Bool
    /// The instance whose `startProcess` action started this one: the browser returns there
    /// when this one ends.
    public var parent: String?
    /// The secret of the instance's read-only share link while it is shared (`share`); nil otherwise.
    public var shareSecret: String? = nil
    /// The data the instance started with (before its first automatic steps): where a restart begins.
    public var startData: JSONValue? = nil
    /// The steps taken, oldest first (bounded by `maxSteps`); `stepsDropped` once some fell off.
    public var steps: [InstanceStep] = []
    public var stepsDropped = false
    /// Every flow taken, oldest first (bounded by `maxTrail`): the path on the process map.
    public var trail: [Passage] = []
    /// The decisions business rule tasks evaluated, oldest first (bounded by `maxDecisions`).
    public var decisions: [DecisionRecord] = []
    /// How each stand-in answered, oldest first (bounded by `maxAnswers`).
    public var answers: [StandInAnswer] = []
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, process: String, session: String, data: JSONValue, modal: Bool, now: Date) {
        self.id = id; self.process = process; self.session = session; self.status = .running
        self.data = data; self.tokens = []; self.calls = []; self.ending = nil; self.serial = 0
        self.endNode = nil; self.incident = nil
        self.warnings = []; self.modal = modal; self.version = 0; self.createdAt = now; self.updatedAt = now
    }

    static let maxWarnings = 50
    static let maxDecisions = 20

    mutating func record(_ decision: DecisionRecord) {
        decisions.append(decision)
        if decisions.count > Instance.maxDecisions { decisions.removeFirst(decisions.count - Instance.maxDecisions) }
    }

    mutating func warn(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        for message in messages where !warnings.contains(message) { warnings.append(message) }
        if warnings.count > Instance.maxWarnings { warnings.removeFirst(warnings.count - Instance.maxWarnings) }
    }

    // MARK: - Waiting user tasks

    /// The task keys (`TaskKey`) of every user task waiting for the browser, oldest branch
    /// first. Navigation (`wizard`, `tabs`, `single`) decides how they are shown.
    public var waiting: [String] {
        var keys: [String] = []   // one pass: asked for on every page and every save
        for token in tokens where token.state == .task { keys.append(key(token)) }
        return keys
    }

    /// The first waiting user task: the page a wizard shows.
    public var current: String? { firstTaskToken.map(key) }

    /// The token of `current`, found without building `waiting` (asked on every page view).
    var firstTaskToken: Token? { tokens.first { $0.state == .task } }

    /// User tasks shown before the current one on its token, oldest first: what `back` returns to.
    public var history: [String] {
        guard let token = tokens.first(where: { $0.state == .task }) else { return [] }
        let prefix = self.prefix(of: token.call)
        return token.history.map { prefix + $0 }
    }

    /// The task key of a token's node.
    func key(_ token: Token) -> String {
        guard token.call != nil else { return token.node }
        return prefix(of: token.call) + token.node
    }

    func prefix(of call: Int?) -> String {
        call.flatMap { id in calls.first { $0.id == id }?.prefix } ?? ""
    }

    /// The token waiting at the user task `key`.
    func taskToken(_ key: String) -> Token? {
        tokens.first { $0.state == .task && self.key($0) == key }
    }
}

/// One branch of an instance: where it is and how it got there.
public struct Token: Sendable, Codable, Equatable {
    public enum State: String, Sendable, Codable {
        /// On its way through automatic nodes (only during an action).
        case moving
        /// Waiting for the browser at a user task.
        case task
        /// Waiting at a parallel gateway for the other incoming flows.
        case join
        /// Waiting at a call activity for the called process to end.
        case call
    }

    public let id: Int
    /// The call the token runs in; nil for the instance's own process.
    public let call: Int?
    public var node: String
    /// The node it came from: the incoming flow a join counts it for.
    public var from: String?
    public var state: State
    /// User tasks this token showed before, oldest first (node ids of its own process).
    public var history: [String]
    /// The local data of the task the token is at (its input mappings), an object; nil when it
    /// has none (decision 0037).
    public var locals: JSONValue? = nil

    public init(id: Int, call: Int?, node: String, from: String?, state: State = .moving, history: [String] = []) {
        self.id = id; self.call = call; self.node = node; self.from = from; self.state = state; self.history = history
    }
}

/// A process started by a call activity, running inside the caller's instance.
public struct Call: Sendable, Codable, Equatable {
    public let id: Int
    public let process: String
    /// The token waiting at the call activity.
    public let caller: Int
    /// The call activity's node id in the caller's process.
    public let node: String
    /// Prepended to node ids of this call to make task keys: `review/`.
    public let prefix: String
    /// 1 for a call from the instance's own process, 2 for a call from that call, …
    public let depth: Int
    public var data: JSONValue
    /// The ends reached so far by this call's tokens.
    public var ending: Ending?
}

/// How the tokens of one process have ended so far. The process ends when its last token
/// does; its outcome is the worst one reached (failed, then cancelled, then completed).
public struct Ending: Sendable, Codable, Equatable {
    public var outcome: Outcome
    /// The end node that decided the outcome (the last one reached among equals).
    public var node: String

    func adding(_ outcome: Outcome, at node: String) -> Ending {
        Ending.rank(outcome) >= Ending.rank(self.outcome) ? Ending(outcome: outcome, node: node) : self
    }

    static func rank(_ outcome: Outcome) -> Int {
        switch outcome {
        case .completed: 0
        case .cancelled: 1
        case .failed: 2
        }
    }
}

/// Why an instance failed: the node and a message a designer can act on.
public struct Incident: Sendable, Codable, Equatable {
    public let node: String
    public let message: String
    public init(node: String, message: String) {
        self.node = node
        self.message = message
    }
}
