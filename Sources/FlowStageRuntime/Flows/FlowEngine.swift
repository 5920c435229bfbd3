import Definitions
import Expressions
import Foundation

/// Runs app flows (docs/reference/flows.md) for sessions: start, show, fire events, go back, and resume
/// after a launched process ends. The decisions are `FlowManager`'s; this class adds the
/// store, the posted fields and the child processes. It knows nothing of HTML or HTTP.
///
/// Every event is applied to a copy of the run and saved with compare-and-swap, so it
/// lands entirely or not at all. A striped lock serialises events on one run inside this
/// process; different runs proceed in parallel.
public final class FlowEngine: Sendable {
    /// Processes that end at once (no screen) chain their outcome events; this bounds the chain.
    static let maxChainedMoves = 100

    public let project: Project
    /// Starts the child processes of `process` states; its id generator, clock and custom
    /// validators are the flows' too.
    public let processes: ProcessEngine
    public let store: FlowRunStore
    /// Conditions registered in Swift, consulted before a flow's own (rule 5). Give their ids
    /// to `ProjectLoader.registeredConditions` too, so flows may name them.
    public let conditions: [String: FlowCondition]
    private let screens: FlowScreens
    private let locks = StripedLocks()

    public init(processes: ProcessEngine, store: FlowRunStore, conditions: [String: FlowCondition] = [:]) {
        self.project = processes.project
        self.processes = processes
        self.store = store
        self.conditions = conditions
        self.screens = FlowScreens(flows: processes.project.flows)
    }

    // MARK: - Runs

    /// Starts flow `name` for `session` on its first state (rule 3); a first state with a
    /// process starts that process at once (the run is then `waiting`).
    public func start(flow name: String, session: String) throws(FlowEngineError) -> FlowRun {
        guard let flow = project.flow(named: name) else { throw .unknownFlow(name) }
        let now = processes.configuration.now()
        let run = FlowRun(id: processes.configuration.makeID(), flow: name, session: session, data: flow.data, now: now)
        var manager = manager(for: run, flow, language: project.defaultLanguage, now: now)
        do { try manager.start() } catch { throw .flow(error) }
        var evaluator = Evaluator(language: project.defaultLanguage, now: now)
        let settled = try settle(run, manager, now: now, evaluator: &evaluator)
        do { return try store.insert(settled.run) } catch { throw .store(error) }
    }

    /// The run if it exists and belongs to `session`; otherwise not found.
    public func run(_ id: String, session: String) throws(FlowEngineError) -> FlowRun {
        let loaded: FlowRun?
        do { loaded = try store.load(id, ownedBy: session) } catch { throw .store(error) }
        guard let loaded else { throw .runNotFound }
        return loaded
    }

    /// The session's runs, newest first.
    public func runs(session: String) throws(FlowEngineError) -> [FlowRun] {
        do { return try store.records(session: session) } catch { throw .store(error) }
    }

    /// The session's run that launched process instance `child`, if any: how the web layer
    /// finds the flow to return to when a process ends.
    public func run(waitingOn child: String, session: String) throws(FlowEngineError) -> FlowRun? {
        try runs(session: session).first { $0.status == .waiting && $0.child == child }
    }

    /// A manager for one run, for questions the engine does not ask itself.
    public func manager(for run: FlowRun, language: String? = nil) -> FlowManager? {
        project.flow(named: run.flow).map { manager(for: run, $0, language: language ?? project.defaultLanguage,
                                                     now: processes.configuration.now()) }
    }

    // MARK: - Screen

    /// The screen of the run's current state; nil while it waits on a child process (show the
    /// child) or when its state is no longer in the flow (offer a restart).
    public func screen(_ run: FlowRun, language: String, notice: String? = nil) -> ScreenState? {
        guard run.status == .running, let flow = project.flow(named: run.flow),
              let current = run.currentState, let state = flow.state(id: current) else { return nil }
        var evaluator = Evaluator(language: language, now: processes.configuration.now())
        return screens.screen(run, flow: flow, state: state, data: run.data, notice: notice,
                              language: language, evaluator: &evaluator)
    }

    // MARK: - Events

    /// Fires `event` (any letter case) on the run's current state. The screen's fields are
    /// saved first, validated unless the button for this event says `"validate": false`
    /// (rule 11). The hidden `_screen` field names the state the form was rendered for; a
    /// post for another state is stale and refused. `back` goes back (rules 7–9).
    public func fire(event: String, on id: String, session: String, form: PostedForm,
                     language: String) throws(FlowEngineError) -> FlowResult {
        try locked(id) { () throws(FlowEngineError) -> FlowResult in
            let run = try self.run(id, session: session)
            let shown: (FlowDefinition, FlowState)
            switch currentScreenState(run, words: project.words.for(language)) {
            case .success(let found): shown = found
            case .failure(let refusal): return refusal.result
            }
            let (flow, state) = shown
            if let posted = form.values("_screen").first, posted != state.id {
                return .refused(run, notice: project.words.for(language)["notice.staleForm"])
            }
            let isBack = FlowEvent.key(event) == FlowEvent.back
            let button = Component.first(in: state.screen) {
                $0.type == .button && $0.event.map(FlowEvent.key) == FlowEvent.key(event)
            }
            if isBack, button == nil { return try goBack(run, language: language) }

            let now = processes.configuration.now()
            var evaluator = Evaluator(language: language, now: now)
            let reader = ScreenFormReader(project: project, customValidators: processes.configuration.customValidators,
                                          language: language, now: now, customFields: processes.configuration.customComponents)
            if !isBack, state.event(event) == nil {
                // Error 1005 (a button firing an event its state lacks is only a load warning):
                // what was typed is kept, unvalidated, so pressing it never loses the person's data.
                let error = FlowError.noSuchEvent(event, state: state.id, available: state.events.map(\.id))
                let read = reader.read(state.screen, form: form, into: run.data, checks: .none, evaluator: &evaluator)
                guard read.data != run.data else { return .failed(run, error) }
                var changed = run
                changed.data = read.data
                changed.updatedAt = now
                return .failed(try save(changed), error)
            }
            let read = reader.read(state.screen, form: form, into: run.data,
                                   checks: button?.validate ?? true ? .typesAndValidators : .none,
                                   evaluator: &evaluator)
            if !read.errors.isEmpty {
                guard let screen = screens.screen(run, flow: flow, state: state, data: read.data, rawValues: read.rawValues,
                                                  errors: read.errors, notice: nil, language: language, evaluator: &evaluator)
                else { return .refused(run, notice: read.errors.map(\.message).joined(separator: " ")) }
                return .invalid(screen)
            }
            var changed = run
            changed.data = read.data
            var manager = manager(for: changed, flow, language: language, now: now)
            do throws(FlowError) {
                try manager.fire(event)
            } catch {
                // The fields were valid: keep them, so an error never loses what was typed.
                guard changed.data != run.data else { return .failed(run, error) }
                changed.warn(manager.warnings + evaluator.warnings)
                changed.updatedAt = now
                return .failed(try save(changed), error)
            }
            return try apply(run, manager, now: now, evaluator: &evaluator)
        }
    }

    /// Goes back without reading the form (rules 7–9); from a `waiting` run this leaves its child.
    public func back(_ id: String, session: String, language: String) throws(FlowEngineError) -> FlowResult {
        try locked(id) { () throws(FlowEngineError) -> FlowResult in
            try goBack(try self.run(id, session: session), language: language)
        }
    }

    // MARK: - Child processes

    /// Checks the child of a `waiting` run: once it has ended, copies its `output` into the
    /// flow and fires the event named after its outcome (rule 10). Call it whenever the run
    /// is shown; until the child ends (or when the run is not waiting) it returns the run unchanged.
    public func resume(_ id: String, session: String, language: String) throws(FlowEngineError) -> FlowResult {
        try locked(id) { () throws(FlowEngineError) -> FlowResult in
            let run = try self.run(id, session: session)
            guard run.status == .waiting, let childID = run.child, let flow = project.flow(named: run.flow),
                  let launch = run.currentState.flatMap(flow.state(id:))?.process else { return .applied(run) }
            let loaded: Instance?
            do throws(StoreError) { loaded = try processes.store.load(childID) } catch { throw .store(error) }
            let child = loaded?.session == run.session ? loaded : nil
            guard let outcome = ChildOutcome.event(for: child) else { return .applied(run) }
            let now = processes.configuration.now()
            var evaluator = Evaluator(language: language, now: now)
            var manager = manager(for: run, flow, language: language, now: now)
            ChildOutcome.copyOutput(launch, from: child, into: &manager.data, evaluator: &evaluator)
            do throws(FlowError) { try manager.fire(outcome) } catch { return .failed(run, error) }
            return try apply(run, manager, now: now, evaluator: &evaluator)
        }
    }

    /// Call when a process instance has ended: resumes the session's flow waiting on it.
    /// Nil when no flow launched it (an ordinary process).
    public func childEnded(_ child: Instance, language: String) throws(FlowEngineError) -> FlowResult? {
        guard child.status != .running, let parent = try run(waitingOn: child.id, session: child.session) else { return nil }
        return try resume(parent.id, session: child.session, language: language)
    }

    // MARK: - Moving

    private func goBack(_ run: FlowRun, language: String) throws(FlowEngineError) -> FlowResult {
        let words = project.words.for(language)
        guard run.status != .stopped else { return FlowEngine.stoppedRefusal(run, words: words) }
        guard let flow = project.flow(named: run.flow) else { return missingFlow(run, words: words) }
        let now = processes.configuration.now()
        var manager = manager(for: run, flow, language: language, now: now)
        do throws(FlowError) { try manager.back() } catch { return .failed(run, error) }
        var evaluator = Evaluator(language: language, now: now)
        return try apply(run, manager, now: now, evaluator: &evaluator)
    }

    /// Settles the manager's move into `run` and saves it; a child that cannot start refuses the move.
    private func apply(_ run: FlowRun, _ manager: FlowManager, now: Date,
                       evaluator: inout Evaluator) throws(FlowEngineError) -> FlowResult {
        let settled: (run: FlowRun, error: FlowError?)
        do {
            settled = try settle(run, manager, now: now, evaluator: &evaluator)
        } catch .child(let error) {
            return .refused(run, notice: "The next step could not start its process: \(error)")
        } catch {
            throw error
        }
        let saved = try save(settled.run)
        return settled.error.map { .failed(saved, $0) } ?? .applied(saved)
    }

    /// Mirrors the manager's stack and data into the run; entering a state with `process`
    /// starts its child (rule 10), and a child that ends at once fires its outcome straight away.
    /// A chained outcome that fails leaves the run waiting on its ended child, with the error.
    private func settle(_ original: FlowRun, _ start: FlowManager, now: Date,
                        evaluator: inout Evaluator) throws(FlowEngineError) -> (run: FlowRun, error: FlowError?) {
        var run = original
        var manager = start
        var failure: FlowError?
        for _ in 0...FlowEngine.maxChainedMoves {
            run.backStack = manager.stack
            run.data = manager.data
            guard let launch = manager.currentState?.process else {
                run.status = .running
                run.child = nil
                break
            }
            let child: Instance
            do {
                child = try processes.startChild(of: launch, flowData: manager.data, session: run.session, evaluator: &evaluator)
            } catch {
                throw .child(error)
            }
            run.status = .waiting
            run.child = child.id
            guard let outcome = ChildOutcome.event(for: child) else { break }
            ChildOutcome.copyOutput(launch, from: child, into: &manager.data, evaluator: &evaluator)
            do {
                try manager.fire(outcome)
            } catch {
                run.data = manager.data
                failure = error
                break
            }
        }
        run.warn(manager.warnings + evaluator.warnings)
        run.updatedAt = now
        return (run, failure)
    }

    // MARK: - Helpers

    private func currentScreenState(_ run: FlowRun, words: Words) -> Result<(FlowDefinition, FlowState), FlowRefusal> {
        guard let flow = project.flow(named: run.flow) else { return .failure(FlowRefusal(missingFlow(run, words: words))) }
        guard let current = run.currentState, let state = flow.state(id: current) else {
            return .failure(FlowRefusal(.failed(run, .unknownState(run.currentState ?? "", flow: flow.name))))
        }
        switch run.status {
        case .running: break
        case .waiting: return .failure(FlowRefusal(.refused(run, notice: words["notice.flowWaiting"])))
        case .stopped: return .failure(FlowRefusal(FlowEngine.stoppedRefusal(run, words: words)))
        }
        return .success((flow, state))
    }

    static func stoppedRefusal(_ run: FlowRun, words: Words) -> FlowResult {
        .refused(run, notice: words["notice.flowStopped"])
    }

    private func missingFlow(_ run: FlowRun, words: Words) -> FlowResult {
        .refused(run, notice: words.named("notice.flowGone", run.flow))
    }

    private func manager(for run: FlowRun, _ flow: FlowDefinition, language: String, now: Date) -> FlowManager {
        FlowManager(flow: flow, conditions: conditions, stack: run.backStack, data: run.data, language: language, now: now)
    }

    func save(_ run: FlowRun) throws(FlowEngineError) -> FlowRun {
        do { return try store.save(run) } catch { throw .store(error) }
    }

    func locked<T>(_ id: String, _ body: () throws(FlowEngineError) -> T) throws(FlowEngineError) -> T {
        try locks.withLock(id, body)
    }
}

/// A `FlowResult` carried as an error so a lookup can end an event early.
private struct FlowRefusal: Error {
    let result: FlowResult
    init(_ result: FlowResult) { self.result = result }
}
