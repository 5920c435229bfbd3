/// A flow's run-time refusal (docs/reference/flows.md, "Errors"): a code and a sentence a user can act
/// on. A value, never a crash: the run and its data stay as they were.
///
/// 1003 and 1004 are load errors for a loaded project; the manager reports them too when it
/// is given a hand-built definition or a registry that lacks a condition.
public enum FlowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1003: a next state (or the run's current state) is not a state of the flow.
    case unknownState(String, flow: String)
    /// 1004: a condition id is neither registered in Swift nor in the flow's `conditions`.
    case unknownCondition(String, flow: String)
    /// 1005: the current state has no such event. `available` lists the ones it has.
    case noSuchEvent(String, state: String, available: [String])
    /// 1006: none of the event's next states has all its conditions satisfied.
    case noNextState(event: String, state: String)
    /// 1007: back is not possible; `state` is the one shown (nil: the run has not started).
    case backNotPossible(state: String?)

    public var code: Int {
        switch self {
        case .unknownState: 1003
        case .unknownCondition: 1004
        case .noSuchEvent: 1005
        case .noNextState: 1006
        case .backNotPossible: 1007
        }
    }

    /// What is wrong and what to do, without the code.
    public var message: String {
        switch self {
        case .unknownState(let id, let flow):
            "the flow “\(flow)” has no state “\(id)” (state ids are case-sensitive). Fix the id in the flow file or add the state."
        case .unknownCondition(let id, let flow):
            "the flow “\(flow)” uses the condition “\(id)”, which is not defined. Add it to the flow's “conditions” or register it in Swift."
        case .noSuchEvent(let event, let state, let available):
            "the state “\(state)” has no event “\(event)”. "
                + (available.isEmpty ? "It has no events; add one to its “events”."
                                     : "Use one of \(available.map { "“\($0)”" }.joined(separator: ", ")), or add “\(event)” to its “events”.")
        case .noNextState(let event, let state):
            "no next state of the event “\(event)” on the state “\(state)” has all its conditions satisfied. "
                + "Check the answers on this screen, or add a last next state with “condition”: [] as the default."
        case .backNotPossible(let state?):
            "back is not possible: “\(state)” is the first screen of this flow, so there is nothing to go back to."
        case .backNotPossible(nil):
            "back is not possible: the flow has not shown a screen yet."
        }
    }

    /// `error 1005: …`: the form shown on the page and in logs.
    public var description: String { "error \(code): \(message)" }
}
