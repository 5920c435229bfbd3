import Expressions

/// A node of a process graph (docs/reference/processes.md, "Nodes").
public struct Node: Sendable {
    public enum Kind: Sendable {
        case start
        case userTask(UserTask)
        case scriptTask([Assignment])
        case exclusiveGateway([Branch])
        /// Every branch whose `when` holds gets a token (the default only when none does). With
        /// several incoming flows, or `join`, it first waits until no other token can still arrive.
        case inclusiveGateway([Branch], join: Bool)
        case serviceTask(ServiceTask)
        /// The outgoing node ids: one moves the token on, several fork one token per id.
        case parallelGateway([String])
        case callActivity(CallActivity)
        /// `terminate` ends the other branches of the same process (or call) at once.
        case end(outcome: Outcome, message: Text?, terminate: Bool)
    }

    public let id: String
    public let kind: Kind
    public let next: String?
    public let pointer: JSONPointer
    /// A task's local data (input mappings): evaluated over the process data when a token
    /// arrives, seen by the task only, dropped when it leaves (decision 0037).
    public let locals: [Assignment]
    /// What a task sets in the process data when it completes (output mappings), evaluated over
    /// what it finished with; when there are any, nothing else the task wrote leaves it.
    public let results: [Assignment]

    public init(id: String, kind: Kind, next: String?, pointer: JSONPointer, locals: [Assignment] = [], results: [Assignment] = []) {
        self.id = id
        self.kind = kind
        self.next = next
        self.pointer = pointer
        self.locals = locals
        self.results = results
    }

    public var userTask: UserTask? {
        if case .userTask(let task) = kind { task } else { nil }
    }

    /// Every node id this node can move to, for graph checks.
    public var successors: [(id: String, pointer: JSONPointer)] {
        var out: [(String, JSONPointer)] = []
        if let next { out.append((next, pointer.appending("next"))) }
        switch kind {
        case .exclusiveGateway(let branches), .inclusiveGateway(let branches, _):
            for (index, branch) in branches.enumerated() {
                out.append((branch.next, pointer.appending("branches").appending(index).appending("next")))
            }
        case .userTask(let task):
            for action in task.actions {
                if let next = action.next { out.append((next, action.pointer.appending("next"))) }
            }
        case .serviceTask(let service):
            if let onError = service.onError { out.append((onError, pointer.appending("onError"))) }
            for (code, target) in service.onErrorCode.sorted(by: { $0.key < $1.key }) {
                out.append((target, pointer.appending("onErrorCode").appending(code)))
            }
            if let ask = service.ask { out.append((ask, pointer.appending("ask"))) }
        case .callActivity(let call):
            if let onError = call.onError { out.append((onError, pointer.appending("onError"))) }
            for (index, event) in call.events.enumerated() { out.append((event.next, pointer.appending("events").appending(index).appending("next"))) }
        case .parallelGateway(let targets):
            // `next` as a string is in `self.next`; only a list lands here.
            if next == nil {
                for (index, target) in targets.enumerated() { out.append((target, pointer.appending("next").appending(index))) }
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

/// A call to a Swift-registered handler: the integration stand-in of a preview.
public struct ServiceTask: Sendable {
    public let handler: String
    /// Where the token goes when the handler fails; nil fails the instance.
    public let onError: String?
    /// Where the failure message is written before moving to `onError`, so its screen can show it.
    public let errorKey: DataPath?
    /// A BPMN error thrown by a mock, by its code → the node that catches that code (an error
    /// boundary event for it); a code not listed goes to `onError`.
    public let onErrorCode: [String: String]

    /// Other names a handler may be registered under (a BPMN task's type, then its id).
    public let alternatives: [String]
    /// A BPMN task FlowStage cannot run: with no handler registered under any of its names,
    /// the token passes through and the instance's warnings say it was skipped.
    public let standIn: Bool

    /// The variables a stand-in completes with when no handler or mock answers: the Modeler's
    /// example data (`camundaModeler:exampleOutputJson`).
    public let example: JSONValue?
    /// A connector's answer is a response: set whole under `resultVariable`, and the context
    /// `resultExpression` makes of it (`response` in scope) merged into the variables.
    public let resultVariable: DataPath?
    public let resultExpression: Expression?
    /// The page where the person completes a stand-in nothing else answers for; without one it
    /// passes through with a warning.
    public let ask: String?
    /// A business rule task's DMN decision: it answers after a handler and a mock, before
    /// example data and the person.
    public let decision: DecisionCall?

    public init(handler: String, onError: String?, errorKey: DataPath?, alternatives: [String] = [], standIn: Bool = false,
                example: JSONValue? = nil, resultVariable: DataPath? = nil, resultExpression: Expression? = nil, ask: String? = nil,
                decision: DecisionCall? = nil, onErrorCode: [String: String] = [:]) {
        self.handler = handler
        self.onErrorCode = onErrorCode
        self.onError = onError
        self.errorKey = errorKey
        self.alternatives = alternatives
        self.standIn = standIn
        self.example = example
        self.resultVariable = resultVariable
        self.resultExpression = resultExpression
        self.ask = ask
        self.decision = decision
    }

    /// Whether the task's answer is a connector's response rather than its variables.
    public var answersWithResponse: Bool { resultVariable != nil || resultExpression != nil }

    /// Every name the handler may be registered under, in the order they are tried.
    public var handlerNames: [String] { [handler] + alternatives }
}

/// The decision a business rule task evaluates and where its result goes.
public struct DecisionCall: Sendable {
    /// Camunda 7's `mapDecisionResult`: how the matched rules' outputs become the variable.
    public enum Mapping: String, Sendable, CaseIterable {
        /// Every matched rule's outputs as an object, in a list (Camunda 7's default).
        case resultList
        /// The one matched rule's outputs as an object.
        case singleResult
        /// The one output of the one matched rule.
        case singleEntry
        /// The one output of every matched rule, in a list.
        case collectEntries
    }

    /// The decision's id (or name) in one of the project's `.dmn` files.
    public let id: String
    public let resultVariable: DataPath?
    /// nil: the decision's value as DMN gives it (Camunda 8).
    public let mapping: Mapping?

    public init(id: String, resultVariable: DataPath?, mapping: Mapping?) {
        self.id = id
        self.resultVariable = resultVariable
        self.mapping = mapping
    }
}

/// Runs another process as part of this one, with its own data object.
/// An event that can happen to a call activity while its called process runs. Its button
/// posts the action `name` on any page of the called process; the caller's token then goes to
/// `next`, ending the call when the event `interrupts`, else beside it (a new branch).
public struct CallEvent: Sendable {
    public let name: String
    public let next: String
    public let interrupts: Bool
    public let trigger: EventTrigger?

    public init(name: String, next: String, interrupts: Bool, trigger: EventTrigger? = nil) {
        self.name = name
        self.next = next
        self.interrupts = interrupts
        self.trigger = trigger
    }
}

public struct CallActivity: Sendable {
    public let process: String
    /// Child data path ← expression over the caller's data, evaluated when the call starts.
    public let input: [Assignment]
    /// Caller data path ← expression over the child's data, evaluated when the child completes.
    public let output: [Assignment]

    /// The called process starts with a copy of the caller's data (Camunda 8's default,
    /// `propagateAllParentVariables`), besides `input`.
    public let sharesData: Bool
    /// The called process's data is merged back when it completes, besides `output` (Camunda
    /// 8's `propagateAllChildVariables`, which output mappings turn off). Default: `sharesData`.
    public let mergesBack: Bool
    /// Where the caller's token goes when the called process ends failed (a BPMN error
    /// boundary event on the call); nil fails the caller too.
    public let onError: String?
    /// Events that can happen to the call while the called process runs (a BPMN timer or
    /// message boundary event on the call activity): buttons on every page of the called process.
    public let events: [CallEvent]
    /// Those buttons, one row, made once so a page plan knows them by their identity.
    public let eventButtons: Component?

    public init(process: String, input: [Assignment], output: [Assignment], sharesData: Bool = false, mergesBack: Bool? = nil,
                onError: String? = nil, events: [CallEvent] = [], eventButtons: Component? = nil) {
        self.process = process
        self.events = events
        self.eventButtons = eventButtons
        self.input = input
        self.output = output
        self.sharesData = sharesData
        self.mergesBack = mergesBack ?? sharesData
        self.onError = onError
    }
}

/// A wait state: a screen and the actions it offers.
public struct UserTask: Sendable {
    // The fields live in one immutable object, as `Component`'s do: a page view copies the task
    // it shows (its node, the waiting task, the screen state), and a copy is one retain, not seven.
    private final class Storage: Sendable {
        let title: Text?
        let step: Text?
        let substep: Text?
        let screen: [Component]
        let actions: [ActionDefinition]
        let allowBack: Bool
        let analytics: AnalyticsTag?

        init(title: Text?, step: Text?, substep: Text?, screen: [Component], actions: [ActionDefinition],
             allowBack: Bool, analytics: AnalyticsTag?) {
            self.title = title; self.step = step; self.substep = substep; self.screen = screen
            self.actions = actions; self.allowBack = allowBack; self.analytics = analytics
        }
    }

    private let storage: Storage

    /// The task itself, whichever copy of it: a key that hashes a pointer, not the process's
    /// and the node's names (a page view looks its task up).
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }
    public var title: Text? { storage.title }
    public var step: Text? { storage.step }
    public var substep: Text? { storage.substep }
    public var screen: [Component] { storage.screen }
    public var actions: [ActionDefinition] { storage.actions }
    public var allowBack: Bool { storage.allowBack }
    /// `analytics`: `screen` names the screen event (default: the node id).
    public var analytics: AnalyticsTag? { storage.analytics }

    public init(title: Text?, step: Text?, substep: Text?, screen: [Component], actions: [ActionDefinition],
                allowBack: Bool, analytics: AnalyticsTag?) {
        storage = Storage(title: title, step: step, substep: substep, screen: screen, actions: actions,
                          allowBack: allowBack, analytics: analytics)
    }

    public func action(named name: String) -> ActionDefinition? {
        actions.first { $0.name == name }
    }
}

/// What a designer attaches to a screen or an action for analytics (docs/reference/processes.md, "Analytics
/// events"): the event's value and a free JSON payload passed through as it is.
public struct AnalyticsTag: Sendable {
    public let value: String?
    public let customPayload: JSONValue?
    public init(value: String?, customPayload: JSONValue?) {
        self.value = value
        self.customPayload = customPayload
    }
}
