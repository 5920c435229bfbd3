import Synchronization

/// What the explorer (`Explorer`) learns from the token runner and tells it: every node a
/// token steps on, every gateway decision, and the branch to take at a gateway whose condition
/// the explorer's data cannot satisfy. Only an engine made by the explorer has one; the server's
/// and the scenarios' engines never do, so their runs are never steered.
final class ExplorationHook: Sendable {
    /// A node of a process definition (a called process's nodes under that process's name).
    struct Place: Hashable, Sendable {
        let process: String
        let node: String
    }

    /// A gateway decision: the branch index taken (one per branch for an inclusive gateway),
    /// and whether it was forced rather than chosen by its condition.
    struct Decision: Hashable, Sendable {
        let gateway: Place
        let branch: Int
        let forced: Bool
    }

    /// What one action (or start) did, in order.
    struct Log: Sendable {
        var steps: [Place] = []
        var decisions: [Decision] = []
    }

    private struct State {
        var forced: [Place: Int] = [:]
        var log = Log()
    }

    private let state = Mutex(State())

    /// Makes the next pass of each gateway in `forced` take that branch (once per action).
    func force(_ forced: [Place: Int]) {
        state.withLock { $0.forced = forced }
    }

    /// What happened since the last call, forgetting it and any unused forcing.
    func take() -> Log {
        state.withLock { state in
            let log = state.log
            state = State()
            return log
        }
    }

    func stepped(_ process: String, _ node: String) {
        state.withLock { $0.log.steps.append(Place(process: process, node: node)) }
    }

    /// The branches to take at a gateway of `count` branches whose conditions chose `natural`.
    func choose(_ process: String, _ node: String, natural: [Int], count: Int) -> [Int] {
        let place = Place(process: process, node: node)
        return state.withLock { state in
            if let forced = state.forced.removeValue(forKey: place), forced < count {
                state.log.decisions.append(Decision(gateway: place, branch: forced, forced: natural != [forced]))
                return [forced]
            }
            state.log.decisions += natural.map { Decision(gateway: place, branch: $0, forced: false) }
            return natural
        }
    }
}
