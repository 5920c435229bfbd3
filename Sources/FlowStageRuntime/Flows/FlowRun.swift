import Definitions
import Expressions
import Foundation

/// One run of an app flow: everything needed to show it and move it on, saved after every
/// event exactly like a process instance (compare-and-swap on `version`).
public struct FlowRun: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        /// Showing the current state's screen.
        case running
        /// The current state launched a process; the browser belongs on `child` until it ends.
        case waiting
        /// Stopped from the catalogue: kept for the list, never moved again.
        case stopped
    }

    public internal(set) var id: String
    public let flow: String
    /// The session that owns the run; no other session can see it.
    public let session: String
    /// Every state moved to, oldest first; the last entry is the current state.
    public var backStack: [String]
    public var data: JSONValue
    public var status: Status
    /// The child process instance while `waiting`.
    public var child: String?
    /// Expression problems met while running, newest last (bounded), for the inspector.
    public var warnings: [String]
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, flow: String, session: String, data: JSONValue, now: Date) {
        self.id = id; self.flow = flow; self.session = session; self.backStack = []; self.data = data
        self.status = .running; self.child = nil; self.warnings = []; self.version = 0
        self.createdAt = now; self.updatedAt = now
    }

    /// The state shown (or waiting on its child); nil before the first move.
    public var currentState: String? { backStack.last }

    static let maxWarnings = 50

    mutating func warn(_ messages: [String]) {
        for message in messages where !warnings.contains(message) { warnings.append(message) }
        if warnings.count > FlowRun.maxWarnings { warnings.removeFirst(warnings.count - FlowRun.maxWarnings) }
    }
}
