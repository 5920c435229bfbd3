import Expressions

/// A node of a process graph (process.md, "Node types").
public struct Node: Sendable {
    public enum Kind: Sendable {
        case start
        case userTask(UserTask)
        case scriptTask([Assignment])
        case exclusiveGateway([Branch])
        case end(outcome: Outcome, message: Text?)
    }

    public let id: String
    public let kind: Kind
    public let next: String?
    public let pointer: JSONPointer

    public init(id: String, kind: Kind, next: String?, pointer: JSONPointer) {
        self.id = id
        self.kind = kind
        self.next = next
        self.pointer = pointer
    }

    public var userTask: UserTask? {
        if case .userTask(let task) = kind { task } else { nil }
    }

    /// Every node id this node can move to, for graph checks.
    public var successors: [(id: String, pointer: JSONPointer)] {
        var out: [(String, JSONPointer)] = []
        if let next { out.append((next, pointer.appending("next"))) }
        switch kind {
        case .exclusiveGateway(let branches):
            for (index, branch) in branches.enumerated() {
                out.append((branch.next, pointer.appending("branches").appending(index).appending("next")))
            }
        case .userTask(let task):
            for action in task.actions {
                if let next = action.next { out.append((next, action.pointer.appending("next"))) }
            }
        default:
            break
        }
        return out
    }
}

/// How an instance (or a token) ended.
public enum Outcome: String, Sendable, CaseIterable, Codable {
    case completed, failed, cancelled
}

/// One way out of an exclusive gateway; no `when` makes it the default.
public struct Branch: Sendable {
    public let when: Expression?
    public let next: String
    public init(when: Expression?, next: String) {
        self.when = when
        self.next = next
    }
}

/// A wait state: a screen and the actions it offers.
public struct UserTask: Sendable {
    public let title: Text?
    public let step: Text?
    public let substep: Text?
    public let screen: [Component]
    public let actions: [ActionDefinition]
    public let allowBack: Bool
    public let analyticsScreen: String?

    public init(title: Text?, step: Text?, substep: Text?, screen: [Component], actions: [ActionDefinition],
                allowBack: Bool, analyticsScreen: String?) {
        self.title = title; self.step = step; self.substep = substep; self.screen = screen
        self.actions = actions; self.allowBack = allowBack; self.analyticsScreen = analyticsScreen
    }

    public func action(named name: String) -> ActionDefinition? {
        actions.first { $0.name == name }
    }
}
