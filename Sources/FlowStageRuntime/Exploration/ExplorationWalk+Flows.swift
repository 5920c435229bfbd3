import Definitions
import Expressions
import Foundation

/// Exploring one app flow: every event of every screen state with filled fields, each process
/// state's outcome events, back; then every next state no explored data's conditions led to,
/// by forcing the move.
extension ExplorationWalk {
    struct FlowSnapshot {
        let run: FlowRun
        let trail: [String]
        let forced: String?
    }

    final class FlowExploration {
        let flow: FlowDefinition
        let owner: Coverage.Owner
        var actions = 0
        var fresh = ExplorationQueue<FlowSnapshot>()
        var more = ExplorationQueue<FlowSnapshot>()
        var visited: Set<String> = []
        var places: [String: Int] = [:]
        var probed: Set<String> = []
        /// The first state met at each flow state: where forced moves start from.
        var firstAt: [String: FlowSnapshot] = [:]

        init(flow: FlowDefinition) {
            self.flow = flow
            self.owner = .flow(flow.name)
        }
    }

    func explore(_ flow: FlowDefinition) {
        let walk = FlowExploration(flow: flow)
        guard budgetLeft else {
            budgetRanOut.insert(walk.owner)
            return
        }
        do {
            let run = try flows.start(flow: flow.name, session: Self.session)
            walk.actions += 1
            totalActions += 1
            enqueue(FlowSnapshot(run: run, trail: [], forced: nil), walk)
        } catch {
            startFailures["flow " + flow.name] = error.description
            blockers.append(Blocker(owner: walk.owner, from: flow.firstStateID, at: nil, reason: "the flow could not start: \(error)"))
            return
        }
        while true {
            guard walk.actions < budget.actionsPerFlow, budgetLeft else {
                if !(walk.fresh.isEmpty && walk.more.isEmpty) {
                    budgetRanOut.insert(walk.owner)
                    notes.append("flow “\(flow.name)”: stopped at the budget of \(walk.actions) events with \(walk.fresh.count + walk.more.count) states still to explore")
                }
                break
            }
            if let snapshot = walk.fresh.pop() ?? walk.more.pop() {
                expand(snapshot, walk)
            } else if !forceNextStates(walk) {
                break
            }
        }
        if let places = pruned[walk.owner], !places.isEmpty {
            prunedNotes.append((walk.owner, "flow “\(flow.name)”: \(places.count) state\(places.count == 1 ? "" : "s") (\(places.sorted().prefix(3).joined(separator: "; "))) had more data variations than the \(budget.statesPerPlace) explored per state"))
        }
    }

    /// Queues the moves to next states that no explored data led to, from the first run met at
    /// the state whose event names them. False when there is none left.
    private func forceNextStates(_ walk: FlowExploration) -> Bool {
        var queued = false
        for state in walk.flow.states {
            guard let from = walk.firstAt[state.id] else { continue }
            for event in state.events where !event.isBack {
                for candidate in event.nextStates where reached[walk.owner]?[candidate.stateID] == nil {
                    guard let target = walk.flow.state(id: candidate.stateID) else { continue }
                    let conditions = candidate.conditions.isEmpty ? "" : " (\(candidate.conditions.joined(separator: ", ")) never held with explored data)"
                    let why = "forced event “\(event.id)” of state “\(state.id)” to “\(target.id)”\(conditions)"
                    var run = from.run.copy(id: engine.configuration.makeID())
                    run.backStack.append(target.id)
                    run.status = target.process == nil ? .running : .waiting
                    run.child = nil
                    enqueue(FlowSnapshot(run: run, trail: from.trail + ["\(state.id): \(event.id) (forced to \(target.id))"],
                                         forced: from.forced ?? why), walk)
                    queued = true
                }
            }
        }
        return queued
    }

    private func enqueue(_ snapshot: FlowSnapshot, _ walk: FlowExploration) {
        let run = snapshot.run
        guard let stateID = run.currentState else { return }
        let key = "\(run.status.rawValue)|\(run.backStack.suffix(3).joined(separator: ">"))|\(run.data.serialized())"
        guard walk.visited.insert(key).inserted else { return }
        states += 1
        markReached(walk.owner, stateID, forced: snapshot.forced)
        if walk.firstAt[stateID] == nil || (walk.firstAt[stateID]?.forced != nil && snapshot.forced == nil) {
            walk.firstAt[stateID] = snapshot
        }
        if run.status == .running, let screen = flows.screen(run, language: language) {
            record(walk.owner, node: stateID, state: .initial, signature: Self.signature(screen), forced: snapshot.forced,
                   trail: snapshot.trail, recipe: .flowScreen(run))
        }
        let seen = walk.places[stateID, default: 0]
        guard seen < budget.statesPerPlace else {
            pruned[walk.owner, default: []].insert(stateID)
            return
        }
        walk.places[stateID] = seen + 1
        if seen == 0 { walk.fresh.append(snapshot) } else { walk.more.append(snapshot) }
    }

    private func expand(_ snapshot: FlowSnapshot, _ walk: FlowExploration) {
        let run = snapshot.run
        guard let stateID = run.currentState, let state = walk.flow.state(id: stateID) else { return }
        if let launch = state.process {
            // Its process's screens are explored with the process; here, each way it can end.
            for event in state.events where !event.isBack {
                guard walk.actions < budget.actionsPerFlow, budgetLeft else { return }
                guard var manager = flows.manager(for: run, language: language) else { return }
                walk.actions += 1
                totalActions += 1
                do throws(FlowError) { try manager.fire(event.id) } catch {
                    note(notPassing: walk.owner, stateID, "its process's outcome “\(event.id)” leads nowhere: \(error)")
                    continue
                }
                var next = run.copy(id: engine.configuration.makeID())
                next.backStack = manager.stack
                next.data = manager.data
                next.status = manager.currentState?.process == nil ? .running : .waiting
                next.child = nil
                enqueue(FlowSnapshot(run: next, trail: snapshot.trail + ["\(stateID): process “\(launch.process)” ends \(event.id)"],
                                     forced: snapshot.forced), walk)
            }
            return
        }
        guard let screen = flows.screen(run, language: language) else { return }
        var buttons: [(event: String, validate: Bool)] = []
        func visit(_ components: [ResolvedComponent]) {
            for component in components {
                if component.definition.type == .button, !component.disabled, let event = component.definition.event,
                   !buttons.contains(where: { FlowEvent.key($0.event) == FlowEvent.key(event) }) {
                    buttons.append((event, component.definition.validate))
                }
                visit(component.children)
                for item in component.items { visit(item.components) }
            }
        }
        visit(screen.components)
        if screen.canGoBack, !buttons.contains(where: { FlowEvent.key($0.event) == FlowEvent.back }) {
            buttons.append((FlowEvent.back, false))
        }
        if walk.probed.insert(stateID).inserted, filler.hasRequiredFields(screen),
           let probe = buttons.first(where: { $0.validate && state.event($0.event) != nil && FlowEvent.key($0.event) != FlowEvent.back }) {
            fire(probe.event, form: PostedForm([("_screen", stateID)]), label: "\(stateID): \(probe.event) (empty)", from: snapshot, walk)
        }
        for button in buttons {
            guard walk.actions < budget.actionsPerFlow, budgetLeft else { return }
            var fill = button.validate ? filler.fill(screen) : FormFiller.Fill(values: FormFiller.posted(screen))
            for attempt in 0..<3 {
                let result = fire(button.event, form: fill.form(screen: stateID), label: "\(stateID): \(button.event)", from: snapshot, walk)
                guard case .invalid(let refused)? = result, !refused.errors.isEmpty else {
                    if case .applied? = result { passedActions.insert(Self.key(walk.owner, stateID) + "\u{1F}" + FlowEvent.key(button.event)) }
                    break
                }
                if attempt < 2 {
                    fill = filler.fill(refused, attempt: attempt + 1, refused: Set(refused.errors.map(\.key)))
                    continue
                }
                note(notPassing: walk.owner, stateID, "the explorer could not fill it validly for “\(button.event)” (\(refused.errors.map { "\($0.key): \($0.message)" }.joined(separator: "; ")))",
                     action: FlowEvent.key(button.event))
            }
            // Data variations only matter where conditions choose the next state.
            guard button.validate, let event = state.event(button.event), event.nextStates.count > 1 else { continue }
            for variation in filler.variations(screen) {
                guard walk.actions < budget.actionsPerFlow, budgetLeft else { return }
                fire(button.event, form: variation.form(screen: stateID),
                     label: "\(stateID): \(button.event) [\(variation.variation ?? "")]", from: snapshot, walk)
            }
        }
    }

    @discardableResult
    private func fire(_ event: String, form: PostedForm, label: String, from snapshot: FlowSnapshot,
                      _ walk: FlowExploration) -> FlowResult? {
        let run = snapshot.run
        guard let stateID = run.currentState else { return nil }
        walk.actions += 1
        totalActions += 1
        hook.force([:])
        defer { _ = hook.take() }
        let result: FlowResult
        do {
            let copy = try flows.store.insert(run.copy(id: engine.configuration.makeID()))
            result = try flows.fire(event: event, on: copy.id, session: Self.session, form: form, language: language)
        } catch {
            note(notPassing: walk.owner, stateID, "“\(event)” failed: \(error)")
            return nil
        }
        switch result {
        case .applied(let next):
            passed.insert(Self.key(walk.owner, stateID))
            enqueue(FlowSnapshot(run: next, trail: snapshot.trail + [label], forced: snapshot.forced), walk)
        case .invalid(let state):
            if !state.errors.isEmpty {
                record(walk.owner, node: stateID, state: .errors, forced: snapshot.forced, trail: snapshot.trail + [label + " (refused)"],
                       recipe: .flowPost(run, event: event, form: form))
            }
        case .failed(_, let error):
            note(notPassing: walk.owner, stateID, "“\(event)” went nowhere: \(error)", action: FlowEvent.key(event))
        case .refused(_, let notice):
            note(notPassing: walk.owner, stateID, "“\(event)” was refused: \(notice)", action: FlowEvent.key(event))
        }
        return result
    }
}

extension FormFiller {
    /// The values a screen shows, posted back as they are (an event that does not validate).
    static func posted(_ state: ScreenState) -> [(name: String, value: String)] {
        ScenarioRunner.shownValues(state)
    }
}
