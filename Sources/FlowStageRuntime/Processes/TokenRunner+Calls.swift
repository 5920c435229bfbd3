import Definitions
import Expressions

/// `callActivity` and `end`: a called process runs as a call inside the instance; the last
/// token ending finishes its process — the instance, or a call that then resumes its caller.
extension TokenRunner {
    mutating func callActivity(_ call: CallActivity, node: Node, token: Token, key: String,
                               _ instance: inout Instance, evaluator: inout Evaluator) {
        let depth = (instance.calls.first { $0.id == token.call }?.depth ?? 0) + 1
        guard depth <= TokenRunner.maxCallDepth else {
            return fail(&instance, node: key, "call activities are nested more than \(TokenRunner.maxCallDepth) deep; check that “\(call.process)” does not call itself (directly or through other processes) without an end")
        }
        if let variables = jobWorkers?.childProcesses[call.process] {
            // A test case's mocked child process ends at once with its variables.
            setReturned(variables, by: call, callerCall: token.call, &instance, evaluator: &evaluator)
            return forward(token.id, to: node.next, in: &instance, at: key)
        }
        guard let called = project.process(named: call.process), let start = called.startNode else {
            return fail(&instance, node: key, "there is no process named “\(call.process)” to call")
        }
        if instance.tokens.contains(where: { $0.call == token.call && $0.node == token.node && $0.state == .call }) {
            return fail(&instance, node: key, "two branches reached call activity “\(key)” at once; join them first with a parallel gateway")
        }
        let callerData = instance.data(of: token.call)
        var (data, missing) = called.startData(input: call.input, from: callerData, evaluator: &evaluator)
        if call.sharesData {
            data = callerData.merging(data)
            missing = nil
        }
        if let missing {
            return fail(&instance, node: key, "“\(called.name)” needs the start parameter “\(missing)”; give it in this call activity's “input”")
        }
        instance.serial += 1
        let callID = instance.serial
        instance.calls.append(Call(id: callID, process: called.name, caller: token.id, node: node.id, prefix: key + "/",
                                   depth: depth, data: data, ending: nil))
        update(token.id, in: &instance) { $0.state = .call }
        ready.append(newToken(&instance, call: callID, node: start.id, from: nil))
    }

    mutating func end(_ token: Token, outcome: Outcome, key: String, _ instance: inout Instance,
                      evaluator: inout Evaluator) {
        instance.tokens.removeAll { $0.id == token.id }
        guard let callID = token.call else {
            let ending = instance.ending?.adding(outcome, at: token.node) ?? Ending(outcome: outcome, node: token.node)
            instance.ending = ending
            guard instance.tokens.isEmpty else { return }
            instance.calls = []
            instance.endNode = ending.node
            instance.status = switch ending.outcome {
            case .completed: .completed
            case .failed: .failed
            case .cancelled: .cancelled
            }
            return
        }
        guard let index = instance.calls.firstIndex(where: { $0.id == callID }) else { return }
        let ending = instance.calls[index].ending?.adding(outcome, at: key) ?? Ending(outcome: outcome, node: key)
        instance.calls[index].ending = ending
        guard !instance.tokens.contains(where: { $0.call == callID }) else { return }
        let call = instance.calls.remove(at: index)
        guard let caller = instance.tokens.first(where: { $0.id == call.caller }) else { return }
        let callerKey = instance.key(caller)
        guard let process = process(of: caller, in: instance),
              case .callActivity(let activity)? = process.node(call.node)?.kind else {
            return fail(&instance, node: callerKey, "the call activity is no longer in the project")
        }
        switch ending.outcome {
        case .completed:
            setReturned(call.data, by: activity, callerCall: caller.call, &instance, evaluator: &evaluator)
            forward(caller.id, to: process.node(call.node)?.next, in: &instance, at: callerKey)
        case .failed where activity.onError != nil:
            forward(caller.id, to: activity.onError, in: &instance, at: callerKey)
        case .failed, .cancelled:
            fail(&instance, node: callerKey, "the called process “\(call.process)” ended at “\(ending.node)” with outcome \(ending.outcome.rawValue)",
                 status: ending.outcome == .failed ? .failed : .cancelled)
        }
    }

    /// What a completed call gives its caller: the child's data merged back (`mergesBack`) and
    /// the outputs, which see the child's data over the caller's, as an engine's output mappings do.
    private func setReturned(_ childData: JSONValue, by activity: CallActivity, callerCall: Int?, _ instance: inout Instance,
                             evaluator: inout Evaluator) {
        var data = instance.data(of: callerCall)
        let finished = data.overlaid(by: childData)
        if activity.mergesBack { data = data.merging(childData) }
        for assignment in activity.output {
            assignment.path.set(evaluator.evaluate(assignment.expression, data: finished), in: &data)
        }
        instance.setData(data, of: callerCall)
    }

    /// A call ends before its process does (an interrupting event on the call activity): its
    /// tokens stop, with the processes they called; the caller's token stays.
    mutating func endCall(_ callID: Int, _ instance: inout Instance) {
        stop(Set(instance.tokens.filter { $0.call == callID }.map(\.id)), calls: [callID], &instance)
    }

    /// A terminate end: every other token of the token's process (or call) stops, with the
    /// processes they called.
    mutating func endOtherBranches(of token: Token, _ instance: inout Instance) {
        stop(Set(instance.tokens.filter { $0.call == token.call && $0.id != token.id }.map(\.id)), calls: [], &instance)
    }

    /// Removes `tokens` and `calls`, and every call those tokens wait on, with its tokens.
    private mutating func stop(_ tokens: Set<Int>, calls: Set<Int>, _ instance: inout Instance) {
        var stopped = tokens, calls = calls
        var grew = true
        while grew {
            grew = false
            for call in instance.calls where stopped.contains(call.caller) && calls.insert(call.id).inserted {
                stopped.formUnion(instance.tokens.filter { $0.call == call.id }.map(\.id))
                grew = true
            }
        }
        instance.tokens.removeAll { stopped.contains($0.id) }
        instance.calls.removeAll { calls.contains($0.id) }
        ready.removeAll { stopped.contains($0) }
    }
}
