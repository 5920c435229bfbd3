import Definitions
import Expressions
import Foundation

/// A flow condition registered in Swift: it reads the run's data and says yes or no.
public typealias FlowCondition = @Sendable (_ data: JSONValue) -> Bool

/// How a condition id resolved: Swift first, then the flow's expression (rule 5).
public enum ResolvedFlowCondition: Sendable {
    case swift(FlowCondition)
    case expression(Expressions.Expression)
}

/// Where a back move lands: the state shown afterwards and the stack that leads to it.
public struct FlowMove: Sendable, Equatable {
    public let state: String
    /// Oldest first; `state` is its last entry.
    public let stack: [String]
}

/// The flow manager of docs/reference/flows.md, usable on its own: a flow definition, the Swift
/// condition registry, and one run's back stack and data. Pure: no store, no HTTP.
///
/// The back stack holds every state moved to, oldest first; its last entry is the
/// current state (rule 6).
public struct FlowManager: Sendable {
    /// A stack this deep drops its oldest entries, so a flow that loops cannot grow a run without bound.
    public static let maxStack = 500

    public let flow: FlowDefinition
    public let conditions: [String: FlowCondition]
    public private(set) var stack: [String]
    public var data: JSONValue
    /// Expression problems met while deciding, for the inspector.
    public private(set) var warnings: [String] = []
    let language: String
    let now: Date

    /// `data` defaults to the flow's start data; an empty `stack` means not started yet.
    public init(flow: FlowDefinition, conditions: [String: FlowCondition] = [:], stack: [String] = [],
                data: JSONValue? = nil, language: String = "en", now: Date = Date()) {
        self.flow = flow
        self.conditions = conditions
        self.stack = stack
        self.data = data ?? flow.data
        self.language = language
        self.now = now
    }

    // MARK: - Questions

    /// The state on top of the back stack; nil before the first move.
    public var currentState: FlowState? { stack.last.flatMap(flow.state(id:)) }

    /// Case-sensitive (rule 2).
    public func state(id: String) -> FlowState? { flow.state(id: id) }

    /// Case-sensitive; a Swift-registered condition wins over the flow's expression of the same id.
    public func condition(id: String) -> ResolvedFlowCondition? {
        if let swift = conditions[id] { return .swift(swift) }
        return flow.conditions[id].map { .expression($0) }
    }

    /// Whether condition `id` holds for `data` (the run's data when nil).
    public func isSatisfied(_ id: String, data: JSONValue? = nil) throws(FlowError) -> Bool {
        var ignored: [String] = []
        return try holds(id, data ?? self.data, &ignored)
    }

    /// The state `event` leads to from `current`: the first next state whose conditions all
    /// hold (rule 4). No current state gives the first state (rule 3). Events ignore letter
    /// case (rule 1). A `back` event here is the state's own back event, like any other.
    public func nextState(from current: String?, event: String) throws(FlowError) -> FlowState {
        var ignored: [String] = []
        return try resolveNext(from: current, event: event, &ignored)
    }

    /// Where back goes from `stack` (oldest first): the state's own back event looked up in
    /// the stack (rule 8), else the previous state (rule 7); refused from the first state (rule 9).
    public func backState(from stack: [String]) throws(FlowError) -> FlowMove {
        var ignored: [String] = []
        return try resolveBack(stack, &ignored)
    }

    // MARK: - Moves

    /// Moves to the first state and returns it (a fresh start: the stack is reset).
    @discardableResult
    public mutating func start() throws(FlowError) -> FlowState {
        let first = try nextState(from: nil, event: "")
        stack = [first.id]
        return first
    }

    /// Fires `event` on the current state: a back event goes back, anything else pushes the
    /// next state. Nothing changes when it throws.
    @discardableResult
    public mutating func fire(_ event: String) throws(FlowError) -> FlowState {
        if stack.isEmpty { return try start() }
        if FlowEvent.key(event) == FlowEvent.back { return try back() }
        let next = try resolveNext(from: stack.last, event: event, &warnings)
        push(next.id)
        return next
    }

    /// Goes back (rules 7–9). Nothing changes when it throws.
    @discardableResult
    public mutating func back() throws(FlowError) -> FlowState {
        let move = try resolveBack(stack, &warnings)
        stack = move.stack
        return try known(move.state)
    }

    // MARK: - Rules

    private mutating func push(_ id: String) {
        stack.append(id)
        if stack.count > FlowManager.maxStack { stack.removeFirst(stack.count - FlowManager.maxStack) }
    }

    private func resolveNext(from current: String?, event: String, _ warnings: inout [String]) throws(FlowError) -> FlowState {
        guard let current else {
            return try known(flow.firstStateID)
        }
        let state = try known(current)
        guard let found = state.event(event) else {
            throw .noSuchEvent(event, state: state.id, available: state.events.map(\.id))
        }
        return try known(target(of: found, on: state, &warnings))
    }

    private func target(of event: FlowEvent, on state: FlowState, _ warnings: inout [String]) throws(FlowError) -> String {
        for candidate in event.nextStates {
            var all = true
            for id in candidate.conditions {
                if try !holds(id, data, &warnings) { all = false; break }
            }
            if all { return candidate.stateID }
        }
        throw .noNextState(event: event.id, state: state.id)
    }

    private func resolveBack(_ stack: [String], _ warnings: inout [String]) throws(FlowError) -> FlowMove {
        guard let top = stack.last else { throw .backNotPossible(state: nil) }
        let state = try known(top)
        var moved = stack
        if let backEvent = state.backEvent {
            let target = try target(of: backEvent, on: state, &warnings)
            _ = try known(target)
            if let index = stack.dropLast().lastIndex(of: target) {
                moved.removeSubrange((index + 1)...)
            } else {
                moved.removeLast()
                moved.append(target)
            }
        } else {
            guard stack.count > 1 else { throw .backNotPossible(state: top) }
            moved.removeLast()
        }
        return FlowMove(state: moved[moved.count - 1], stack: moved)
    }

    private func holds(_ id: String, _ data: JSONValue, _ warnings: inout [String]) throws(FlowError) -> Bool {
        switch condition(id: id) {
        case .swift(let check)?:
            return check(data)
        case .expression(let expression)?:
            var evaluator = Evaluator(language: language, now: now)
            let result = evaluator.isTrue(expression, data: data, otherwise: false)
            warnings += evaluator.warnings.map { "condition “\(id)”: \($0)" }
            return result
        case nil:
            throw .unknownCondition(id, flow: flow.name)
        }
    }

    private func known(_ id: String) throws(FlowError) -> FlowState {
        guard let state = flow.state(id: id) else { throw .unknownState(id, flow: flow.name) }
        return state
    }
}
