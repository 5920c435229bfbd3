import Definitions
import Expressions
import Foundation

/// One running (or finished) process instance: all the state a screen is made from.
///
/// A value: the engine loads it, applies one action to a copy and saves it back only if
/// `version` is unchanged, so an action is applied entirely or not at all.
public struct Instance: Sendable, Codable, Equatable {
    public enum Status: String, Sendable, Codable {
        case running, completed, failed, cancelled
    }

    public let id: String
    public let process: String
    /// The session that owns the instance; no other session can see it.
    public let session: String
    public var status: Status
    public var data: JSONValue
    /// The user task waiting for the browser, while running.
    public var current: String?
    /// User tasks shown before the current one, oldest first: what `back` returns to.
    public var history: [String]
    /// The end node that finished the instance.
    public var endNode: String?
    public var incident: Incident?
    /// Expression problems met while running, newest last (bounded), for the inspector.
    public var warnings: [String]
    public var modal: Bool
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: String, process: String, session: String, data: JSONValue, modal: Bool, now: Date) {
        self.id = id; self.process = process; self.session = session; self.status = .running
        self.data = data; self.current = nil; self.history = []; self.endNode = nil; self.incident = nil
        self.warnings = []; self.modal = modal; self.version = 0; self.createdAt = now; self.updatedAt = now
    }

    static let maxWarnings = 50

    mutating func warn(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        for message in messages where !warnings.contains(message) { warnings.append(message) }
        if warnings.count > Instance.maxWarnings { warnings.removeFirst(warnings.count - Instance.maxWarnings) }
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
