import Definitions

/// What came of an event, a back or a resume on a flow run.
public enum FlowResult: Sendable {
    /// Saved (or nothing to do): show the run again — its screen, or its child while `waiting` (HTTP 303).
    case applied(FlowRun)
    /// Field errors; nothing was saved. Show this screen with its errors (HTTP 422).
    case invalid(ScreenState)
    /// A run-time flow error (1005–1007, or 1003/1004 from a stale definition). The posted
    /// fields that validated are saved, the state is unchanged; show the screen with
    /// `error.description` as its notice.
    case failed(FlowRun, FlowError)
    /// Not applied, with a notice for the current screen: a stale post, a child still running,
    /// a child that could not start.
    case refused(FlowRun, notice: String)

    /// The run as it now is (nil for `invalid`, which saved nothing).
    public var run: FlowRun? {
        switch self {
        case .applied(let run), .failed(let run, _), .refused(let run, _): run
        case .invalid: nil
        }
    }
}

/// What the flow engine refuses outright, with a sentence a user can act on.
public enum FlowEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownFlow(String)
    /// Not found, or owned by another session: the two are never told apart.
    case runNotFound
    case store(StoreError)
    /// The flow could not make its first move (a hand-built definition naming a missing state).
    case flow(FlowError)
    /// A state's process could not start (unknown process, missing required parameter).
    case child(RuntimeError)

    public var description: String {
        switch self {
        case .unknownFlow(let name): "There is no app flow named “\(name)” in this project."
        case .runNotFound: "There is no such flow in this session. It may have been stopped, or started in another browser."
        case .store(let error): "Your change could not be saved (\(error)). Try again."
        case .flow(let error): error.description
        case .child(let error): "The flow's process could not start: \(error)"
        }
    }
}
