import Definitions
import Expressions
import Foundation

/// Exploring one process: breadth-first over distinct instance states, new places first, then
/// more data at places already seen, then forced gateway branches no data took.
extension ExplorationWalk {
    /// An instance state to explore, and how it was reached.
    struct Snapshot {
        let instance: Instance
        let trail: [String]
        /// The first forced branch on the way here, described; nil on an honest path.
        let forced: String?
    }

    /// What to do from a snapshot (nil: start the process).
    enum Move {
        case start
        case action(task: String, action: ActionDefinition, form: PostedForm, label: String)
        case back(task: String)
    }

    /// A move to try again with a gateway forced to `branch`, once no data took that branch.
    struct ForcedAttempt {
        let from: Snapshot?
        let move: Move
        let gateway: Place
        let branch: Int
    }

    /// The state of one process's exploration.
    final class ProcessRun {
        let process: ProcessDefinition
        let owner: Coverage.Owner
        let modal: Bool
        var params: [String: JSONValue] = [:]
        var actions = 0
        var fresh = ExplorationQueue<Snapshot>()
        var more = ExplorationQueue<Snapshot>()
        var forcing = ExplorationQueue<ForcedAttempt>()
        var visited: Set<String> = []
        var places: [String: Int] = [:]
        var probed: Set<String> = []
        var taken: Set<String> = []
        var queuedForcing: Set<String> = []
        var closeRecorded = false

        init(process: ProcessDefinition, modal: Bool) {
            self.process = process
            self.owner = .process(process.name)
            self.modal = modal
        }
    }

    func explore(_ process: ProcessDefinition) {
        let run = ProcessRun(process: process, modal: process.modal || startedByActions.contains(process.name))
        let owner = run.owner
        guard budgetLeft else {
            budgetRanOut.insert(owner)
            return
        }
        // Required start parameters get a sample value, as a host would pass one.
        for parameter in process.params where parameter.required {
            run.params[parameter.key.description] = .string("Sample")
        }
        apply(.start, from: nil, forcing: [:], run)
        while true {
            guard run.actions < budget.actionsPerProcess, budgetLeft else {
                if !(run.fresh.isEmpty && run.more.isEmpty && run.forcing.isEmpty) {
                    budgetRanOut.insert(owner)
                    let waiting = run.fresh.count + run.more.count
                    notes.append("process “\(process.name)”: stopped at the budget of \(run.actions) actions"
                                 + (budgetLeft ? " per process" : " (the project's total budget ran out)")
                                 + " with \(waiting) state\(waiting == 1 ? "" : "s") and \(run.forcing.count) forced branch\(run.forcing.count == 1 ? "" : "es") still to explore"
                                 + (run.more.count > run.fresh.count ? "; it keeps making new data (a loop?)" : ""))
                }
                break
            }
            if let snapshot = run.fresh.pop() ?? run.more.pop() {
                expand(snapshot, run)
            } else if let attempt = run.forcing.pop() {
                guard !run.taken.contains(Self.branchKey(attempt.gateway, attempt.branch)) else { continue }
                apply(attempt.move, from: attempt.from, forcing: [attempt.gateway: attempt.branch], run)
            } else {
                break
            }
        }
        if let places = pruned[owner], !places.isEmpty {
            prunedNotes.append((run.owner, "process “\(process.name)”: \(places.count) place\(places.count == 1 ? "" : "s") (\(places.sorted().prefix(3).joined(separator: "; "))) had more data variations than the \(budget.statesPerPlace) explored per place"))
        }
        // Nothing kept from one process is needed by the next: recipes keep their own copies.
        try? engine.store.delete(session: Self.session)
    }

    static let session = "explore"

    static func branchKey(_ gateway: Place, _ branch: Int) -> String { "\(gateway.process)\u{1F}\(gateway.node)\u{1F}\(branch)" }

    /// Where an instance stands, without its data: the screens waiting, or how it ended.
    static func place(_ instance: Instance) -> String {
        instance.status == .running ? instance.waiting.joined(separator: " + ") : "end:\(instance.endNode ?? instance.incident?.node ?? "")"
    }

    /// The instance's state for telling states apart: where its tokens and calls are, and its data.
    static func stateKey(_ instance: Instance) -> String {
        var parts = [instance.status.rawValue]
        for token in instance.tokens { parts.append("\(token.call ?? 0):\(token.node):\(token.state.rawValue):\(token.from ?? "")") }
        for call in instance.calls { parts.append("call \(call.id):\(call.process):\(call.node):\(call.data.serialized())") }
        parts.append(instance.data.serialized())
        return parts.joined(separator: "|")
    }

    // MARK: - Moves

    /// Makes a move (with gateways forced as given), records what it reached and queues what follows.
    @discardableResult
    func apply(_ move: Move, from: Snapshot?, forcing: [Place: Int], _ run: ProcessRun) -> ActionResult? {
        hook.force(forcing)
        var result: ActionResult?
        var failure: String?
        var actingOn: Instance?
        do throws(RuntimeError) {
            switch move {
            case .start:
                result = .applied(try engine.start(process: run.process.name, session: Self.session, params: run.params, modal: run.modal))
            case .action(_, let action, let form, _):
                guard let from else { return nil }
                let copy = try insertCopy(from.instance)
                actingOn = copy
                result = try engine.perform(action: action.name, on: copy.id, session: Self.session, form: form, language: language)
            case .back(let task):
                guard let from else { return nil }
                let copy = try insertCopy(from.instance)
                actingOn = copy
                result = try engine.back(copy.id, session: Self.session, task: task)
            }
        } catch {
            failure = error.description
        }
        let log = hook.take()
        run.actions += 1
        totalActions += 1
        let label: String? = switch move {
        case .start: nil
        case .action(_, _, _, let label): label
        case .back(let task): "\(task): back"
        }
        let trail = (from?.trail ?? []) + (label.map { [$0] } ?? [])
        var forced = from?.forced
        // Every node stepped on is reached; after a forced decision, only by forcing.
        var forcedFrom = log.steps.count
        if forced == nil, let first = log.decisions.first(where: \.forced) {
            forced = describe(first)
            forcedFrom = log.steps.firstIndex(of: first.gateway).map { $0 + 1 } ?? 0
        }
        for (index, step) in log.steps.enumerated() {
            markReached(.process(step.process), step.node, forced: index < forcedFrom ? from?.forced : forced)
        }
        for decision in log.decisions {
            run.taken.insert(Self.branchKey(decision.gateway, decision.branch))
        }
        // Every other branch of each gateway met: tried later by force unless data takes it first.
        for decision in log.decisions where !decision.forced {
            guard let count = branchCount(decision.gateway) else { continue }
            for branch in 0..<count {
                let key = Self.branchKey(decision.gateway, branch)
                guard !run.taken.contains(key), run.queuedForcing.insert(key).inserted else { continue }
                run.forcing.append(ForcedAttempt(from: from, move: move, gateway: decision.gateway, branch: branch))
            }
        }
        if let failure {
            blockers.append(Blocker(owner: run.owner, from: run.process.startNode?.id ?? "", at: nil, reason: "the process could not start: \(failure)"))
            if case .start = move { startFailures[run.process.name] = failure }
            return nil
        }
        guard let result else { return nil }
        switch result {
        case .applied(let next), .started(let next, _):
            if case .action(let task, let action, _, _) = move, action.kind == .submit || action.kind == .handler,
               let place = taskPlace(actingOn ?? from?.instance, task) {
                passed.insert(Self.key(.process(place.process), place.node))
            }
            if next.status == .running {
                enqueue(Snapshot(instance: next, trail: trail, forced: forced), run)
            } else {
                finished(next, log: log, trail: trail, forced: forced, run)
            }
        case .invalid(let state):
            guard case .action(let task, let action, let form, _) = move, let from else { return result }
            let place = taskPlace(from.instance, task)
            let owner = Coverage.Owner.process(place?.process ?? run.process.name)
            let node = place?.node ?? task
            if let message = state.actionError {
                let handler = action.handler ?? action.name
                let reason = engine.configuration.actionHandlers[handler] == nil
                    ? "behind action “\(action.name)” of “\(node)”, whose handler “\(handler)” the CLI does not register"
                    : "behind action “\(action.name)” of “\(node)”, whose handler failed: \(message)"
                if let target = action.next ?? (action.kind == .handler ? nil : placeNode(place)?.next) {
                    blockers.append(Blocker(owner: owner, from: target, at: nil, reason: reason))
                }
                note(notPassing: owner, node, reason.replacingOccurrences(of: "behind action", with: "action"), action: action.name)
            } else if !state.errors.isEmpty {
                record(owner, node: node, state: .errors, forced: from.forced, trail: from.trail + ["\(task): \(action.name) (refused)"],
                       recipe: .post(from.instance, task: task, action: action.name, form: form))
            }
        case .refused(_, let notice):
            if case .action(let task, let action, _, _) = move, let place = taskPlace(from?.instance, task) {
                note(notPassing: .process(place.process), place.node, "action “\(action.name)” was refused: \(notice)", action: action.name)
            }
        case .dismissed(let same):
            recordClose(same, from: from, run)
        case .link:
            break
        }
        return result
    }

    func insertCopy(_ instance: Instance) throws(RuntimeError) -> Instance {
        do { return try engine.store.insert(instance.copy(id: engine.configuration.makeID())) } catch { throw .store(error) }
    }

    /// The process and node of a waiting task key.
    func taskPlace(_ instance: Instance?, _ task: String) -> Place? {
        guard let instance, let waiting = WaitingTask(instance, key: task, project: project, exact: true) else { return nil }
        return Place(process: waiting.process.name, node: waiting.node.id)
    }

    func placeNode(_ place: Place?) -> Node? {
        place.flatMap { project.process(named: $0.process)?.node($0.node) }
    }

    func branchCount(_ gateway: Place) -> Int? {
        switch project.process(named: gateway.process)?.node(gateway.node)?.kind {
        case .exclusiveGateway(let branches)?, .inclusiveGateway(let branches, _)?: branches.count
        default: nil
        }
    }

    /// `branch 2 (“adviser”) of gateway “route”, whose condition loan.amount > 20000 no explored data met`.
    func describe(_ decision: ExplorationHook.Decision) -> String {
        let branches: [Branch] = switch project.process(named: decision.gateway.process)?.node(decision.gateway.node)?.kind {
        case .exclusiveGateway(let branches)?, .inclusiveGateway(let branches, _)?: branches
        default: []
        }
        let branch = decision.branch < branches.count ? branches[decision.branch] : nil
        // Not "the default branch": an imported gateway without a default flow has one too, to its "Which way?" page.
        let condition = branch?.when.map { "when \($0.source)" } ?? "taken when no other condition holds"
        return "forced branch “\(branch?.next ?? "?")” (\(condition)) of gateway “\(decision.gateway.node)” in process “\(decision.gateway.process)”: no explored data took it"
    }

    /// Queues a running instance's state (unless met before) and records its screens.
    func enqueue(_ snapshot: Snapshot, _ run: ProcessRun) {
        let key = Self.stateKey(snapshot.instance)
        guard run.visited.insert(key).inserted else { return }
        states += 1
        let place = Self.place(snapshot.instance)
        for task in snapshot.instance.waiting {
            guard let screen = engine.screen(snapshot.instance, task: task, language: language),
                  let at = taskPlace(snapshot.instance, task) else { continue }
            let owner = Coverage.Owner.process(at.process)
            markReached(owner, at.node, forced: snapshot.forced)
            record(owner, node: at.node, state: .initial, signature: Self.signature(screen), forced: snapshot.forced,
                   trail: snapshot.trail, recipe: .screen(snapshot.instance, task: task))
        }
        if snapshot.instance.modal { recordClose(snapshot.instance, from: snapshot, run) }
        let seen = run.places[place, default: 0]
        guard seen < budget.statesPerPlace else {
            pruned[run.owner, default: []].insert(place)
            return
        }
        run.places[place] = seen + 1
        if seen == 0 { run.fresh.append(snapshot) } else { run.more.append(snapshot) }
    }

    func recordClose(_ instance: Instance, from: Snapshot?, _ run: ProcessRun) {
        guard !run.closeRecorded else { return }
        run.closeRecorded = true
        record(run.owner, node: instance.current ?? run.process.name, state: .close, forced: from?.forced,
               trail: from?.trail ?? [], recipe: .close(instance))
    }

    /// An instance that ended (or failed): its end page, and for an incident, what it blocks.
    func finished(_ instance: Instance, log: ExplorationHook.Log, trail: [String], forced: String?, _ run: ProcessRun) {
        guard let process = project.process(named: instance.process) else { return }
        let end = ScenarioEnd(process: process, endNode: instance.endNode, outcome: instance.status.rawValue,
                              incident: instance.incident?.message, data: instance.data)
        if let node = instance.endNode {
            record(run.owner, node: node, state: .end, forced: forced, trail: trail, recipe: .end(end))
            return
        }
        guard let incident = instance.incident else { return }
        // The node that failed is the last one stepped on (a called process's node included).
        let failed = log.steps.last ?? Place(process: process.name, node: incident.node)
        let owner = Coverage.Owner.process(failed.process)
        record(owner, node: failed.node, state: .end, forced: forced, trail: trail, recipe: .end(end))
        var reason = "behind “\(failed.node)”, where the instance failed: \(incident.message)"
        if case .serviceTask(let service)? = project.process(named: failed.process)?.node(failed.node)?.kind,
           !service.handlerNames.contains(where: { engine.configuration.serviceHandlers[$0] != nil }) {
            reason = "behind service task “\(failed.node)”, whose handler “\(service.handler)” the CLI does not register"
        }
        blockers.append(Blocker(owner: owner, from: failed.node, at: nil, reason: reason))
    }

    // MARK: - Expanding a state

    /// Takes every action of every waiting screen: the empty post first (once per screen with
    /// required fields), then each action with the filled form and, for moving ones, its variations.
    func expand(_ snapshot: Snapshot, _ run: ProcessRun) {
        let instance = snapshot.instance
        for task in instance.waiting {
            guard let screen = engine.screen(instance, task: task, language: language),
                  let waiting = WaitingTask(instance, key: task, project: project, exact: true) else { continue }
            let placeKey = Self.key(.process(waiting.process.name), waiting.node.id)
            let actions = waiting.task.actions
            if run.probed.insert(placeKey).inserted, filler.hasRequiredFields(screen),
               let action = actions.first(where: { ($0.kind == .submit || $0.kind == .handler) && $0.validate }) {
                apply(.action(task: task, action: action, form: PostedForm([("_screen", task)]), label: "\(task): \(action.name) (empty)"),
                      from: snapshot, forcing: [:], run)
            }
            for action in actions {
                guard run.actions < budget.actionsPerProcess, budgetLeft else { return }
                switch action.kind {
                case .back:
                    if screen.canGoBack { apply(.back(task: task), from: snapshot, forcing: [:], run) }
                case .dismiss:
                    apply(.action(task: task, action: action, form: PostedForm([("_screen", task)]), label: "\(task): \(action.name)"),
                          from: snapshot, forcing: [:], run)
                case .link:
                    continue
                case .addItem, .removeItem:
                    // In the first row of each list around it. One row is enough to show a list's
                    // row fields; more only repeat them.
                    guard let list = action.list else { continue }
                    let rows = Array(repeating: 0, count: action.rowsPosted)
                    guard let path = list.path(rows: rows.prefix(list.rowsAbove), in: waiting.data) else { continue }
                    let empty = path.get(in: waiting.data).arrayValue?.isEmpty ?? true
                    guard empty == (action.kind == .addItem) else { continue }
                    post(action, task: task, screen: screen, from: snapshot, extra: action.posted(rows: rows).map { [("_item", $0)] } ?? [], run)
                case .upload:
                    post(action, task: task, screen: screen, from: snapshot, upload: action.key, run)
                case .save, .startProcess:
                    post(action, task: task, screen: screen, from: snapshot, run)
                case .submit, .handler:
                    post(action, task: task, screen: screen, from: snapshot, run)
                    for variation in filler.variations(screen) {
                        guard run.actions < budget.actionsPerProcess, budgetLeft else { return }
                        post(action, task: task, screen: screen, from: snapshot, variation: variation, run)
                    }
                }
            }
            // The events of the call activities around the task: their paths are the caller's.
            for caller in waiting.callerEvents {
                guard run.actions < budget.actionsPerProcess, budgetLeft else { return }
                let action = ActionDefinition(name: caller.event.name, kind: .submit, next: caller.event.next, validate: false)
                apply(.action(task: task, action: action, form: PostedForm([("_screen", task)]), label: "\(task): \(action.name)"),
                      from: snapshot, forcing: [:], run)
            }
        }
    }

    /// Posts `action` with the filled form; a refused post is filled again (other candidates for
    /// the fields in error, fields it revealed) up to three times, then noted as not passed.
    /// A `variation` (`FormFiller.variations`) is posted instead of the plain fill; one that is
    /// refused is repaired the same way (a field it revealed gets filled) but never noted.
    func post(_ action: ActionDefinition, task: String, screen: ScreenState, from snapshot: Snapshot,
              extra: [(name: String, value: String)] = [], upload: DataPath? = nil, variation: FormFiller.Fill? = nil,
              _ run: ProcessRun) {
        var fill = variation ?? filler.fill(screen, upload: upload)
        let label = "\(task): \(action.name)" + (variation?.variation.map { " [\($0)]" } ?? "")
        let place = taskPlace(snapshot.instance, task)
        for attempt in 0..<3 {
            let form = fill.form(screen: task, extra: extra)
            let result = apply(.action(task: task, action: action, form: form, label: label), from: snapshot, forcing: [:], run)
            guard case .invalid(let state)? = result, state.actionError == nil, !state.errors.isEmpty else {
                if let place, let result, !(result.isInvalid) { passedActions.insert(Self.key(.process(place.process), place.node) + "\u{1F}" + action.name) }
                return
            }
            if attempt < 2, run.actions < budget.actionsPerProcess, budgetLeft {
                fill = filler.fill(state, attempt: attempt + 1, refused: Set(state.errors.map(\.key)), upload: upload)
                continue
            }
            guard variation == nil, let place else { return }
            let unfilled = fill.unfilled.map { "\($0.key): \($0.value)" }.sorted()
            let errors = state.errors.map { "\($0.key): \($0.message)" }
            let why = "the explorer could not fill it validly for “\(action.name)” (\((unfilled.isEmpty ? errors : unfilled).joined(separator: "; ")))"
            note(notPassing: .process(place.process), place.node, why, action: action.name)
            if action.kind == .submit || action.kind == .handler,
               let target = action.next ?? (action.kind == .submit ? placeNode(place)?.next : nil) {
                blockers.append(Blocker(owner: .process(place.process), from: target, at: Self.key(.process(place.process), place.node),
                                        reason: "behind screen “\(place.node)”, which \(why)"))
            }
            return
        }
    }
}

extension ActionResult {
    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}
