import Definitions

/// The coverage of an exploration: every user task, end and flow state, reached or not, and
/// for each one not reached the likeliest reason.
extension ExplorationWalk {
    func coverage() -> Coverage {
        var items: [Coverage.Item] = []
        for process in project.processes {
            let owner = Coverage.Owner.process(process.name)
            let graph = Self.graphReachable(process)
            // A stand-in's page is shown only when nothing else answers (its decision fails, no
            // mock or example data): otherwise not a place to reach.
            let fallbacks = Set(process.nodes.compactMap { node -> String? in
                guard case .serviceTask(let service) = node.kind else { return nil }
                let answered = service.decision != nil || service.example != nil || service.handlerNames.contains { project.mocks[$0] != nil }
                return answered ? service.ask : nil
            })
            for node in process.nodes where !fallbacks.contains(node.id) {
                let kind: Coverage.Kind
                var outcome: String?
                switch node.kind {
                case .userTask: kind = .userTask
                case .end(let end, _, _): kind = .end; outcome = end.rawValue
                default: continue
                }
                items.append(item(owner, node.id, kind: kind, outcome: outcome) {
                    graph.contains(node.id) ? self.reason(process: process, node: node.id) : "no path from the start node leads here"
                })
            }
        }
        for flow in project.flows {
            let owner = Coverage.Owner.flow(flow.name)
            let graph = Self.graphReachable(flow)
            for state in flow.states {
                items.append(item(owner, state.id, kind: .flowState) {
                    graph.contains(state.id) ? self.reason(flow: flow, state: state.id) : "no event of a state the flow can reach leads here"
                })
            }
        }
        // A place with more data than explored is worth a note only where something was missed.
        let incomplete = Set(items.filter { $0.status != .reached }.map(\.owner))
        var allNotes = notes + prunedNotes.filter { incomplete.contains($0.owner) }.map(\.text)
        if !budgetLeft {
            let skipped = budgetRanOut.filter { owner in reached[owner] == nil }.map { "\($0.word) “\($0.name)”" }.sorted()
            allNotes.append("the total budget of \(budget.totalActions) actions ran out" + (skipped.isEmpty ? "" : "; not explored: \(skipped.joined(separator: ", "))"))
        }
        return Coverage(items: items, notes: allNotes, actions: totalActions, states: states)
    }

    private func item(_ owner: Coverage.Owner, _ node: String, kind: Coverage.Kind, outcome: String? = nil,
                      unreachedBecause: () -> String) -> Coverage.Item {
        let key = Self.key(owner, node)
        let notes = notes(at: key)
        switch reached[owner]?[node] {
        case true?:
            return Coverage.Item(owner: owner, node: node, kind: kind, status: .reached, notes: notes, outcome: outcome)
        case false?:
            return Coverage.Item(owner: owner, node: node, kind: kind, status: .forced, reason: forcedHow[key], notes: notes, outcome: outcome)
        case nil:
            return Coverage.Item(owner: owner, node: node, kind: kind, status: .unreached, reason: unreachedBecause(), notes: notes, outcome: outcome)
        }
    }

    /// Why a node the graph can reach was not: what blocked a way to it, else the budget, else
    /// the general case.
    private func reason(process: ProcessDefinition, node: String) -> String {
        let owner = Coverage.Owner.process(process.name)
        if budgetRanOut.contains(owner), reached[owner] == nil {
            return "not explored: the total budget of \(budget.totalActions) actions ran out before this process"
        }
        if let failure = startFailures[process.name] { return "the process could not start: \(failure)" }
        var reasons: [String] = []
        for blocker in blockers where blocker.owner == owner {
            if let at = blocker.at, passed.contains(at) { continue }
            if process.reaches(from: blocker.from, to: node), !reasons.contains(blocker.reason) { reasons.append(blocker.reason) }
        }
        if !reasons.isEmpty { return reasons.prefix(2).joined(separator: "; ") }
        if budgetRanOut.contains(owner) {
            return "the exploration budget of \(budget.actionsPerProcess) actions per process ran out before reaching it"
        }
        if let places = pruned[owner], !places.isEmpty {
            return "not reached within the \(budget.statesPerPlace) data variations explored per place (more were left at \(places.sorted().prefix(2).joined(separator: "; ")))"
        }
        return "no explored path leads here: it waits behind a parallel join whose branches never all arrive, a loop, or a screen that was not passed"
    }

    private func reason(flow: FlowDefinition, state: String) -> String {
        let owner = Coverage.Owner.flow(flow.name)
        if let failure = startFailures["flow " + flow.name] { return "the flow could not start: \(failure)" }
        if budgetRanOut.contains(owner) {
            return reached[owner] == nil
                ? "not explored: the total budget of \(budget.totalActions) actions ran out before this flow"
                : "the exploration budget of \(budget.actionsPerFlow) events per flow ran out before reaching it"
        }
        return "only behind a state the explorer reached but could not leave (see its notes)"
    }

    /// Nodes the process graph reaches from its start node.
    static func graphReachable(_ process: ProcessDefinition) -> Set<String> {
        guard let start = process.startNode else { return [] }
        var seen: Set<String> = [start.id]
        var queue = [start.id]
        while let id = queue.popLast() {
            for next in process.node(id)?.successors ?? [] where seen.insert(next.id).inserted { queue.append(next.id) }
        }
        return seen
    }

    /// States the flow reaches from its first state through any event (back ones included).
    static func graphReachable(_ flow: FlowDefinition) -> Set<String> {
        var seen: Set<String> = [flow.firstStateID]
        var queue = [flow.firstStateID]
        while let id = queue.popLast() {
            for event in flow.state(id: id)?.events ?? [] {
                for next in event.nextStates where seen.insert(next.stateID).inserted { queue.append(next.stateID) }
            }
        }
        return seen
    }
}
