import Definitions
import Expressions

/// Moves tokens through automatic nodes until each waits (user task, join, call) or ends.
///
/// One runner serves one action: the step bound (`maxSteps`) counts every node run by every
/// token of the action — forks and called processes included — so a loop without a wait
/// state fails the instance with an incident naming its nodes instead of hanging the server.
struct TokenRunner {
    static let maxSteps = 1_000
    /// Calls nested deeper than this fail the instance: a process calling itself without end.
    static let maxCallDepth = 16

    let project: Project
    let handlers: [String: ServiceHandler]
    /// The explorer's hook (`Explorer`): told every step and gateway decision, and may steer a gateway.
    var hook: ExplorationHook?
    /// A test case's job workers: stand-ins run as Zeebe's jobs (`JobWorkers`).
    var jobWorkers: JobWorkers?
    private var steps = 0
    private var visited: [String] = []
    /// The flows this runner took out of exclusive and inclusive gateways: the branches an
    /// action chose, for the instance's history (the explorer keeps none).
    private(set) var branches: [Passage] = []
    /// Tokens to move, in the order they were set going.
    var ready: [Int] = []

    init(project: Project, handlers: [String: ServiceHandler]) {
        self.project = project
        self.handlers = handlers
    }

    /// Puts the first token on the start node of the instance's process and runs it.
    mutating func start(_ instance: inout Instance, evaluator: inout Evaluator) {
        guard let process = project.process(named: instance.process), let start = process.startNode else {
            return fail(&instance, node: instance.process, "the process “\(instance.process)” has no start node")
        }
        let token = newToken(&instance, call: nil, node: start.id, from: nil)
        ready.append(token)
        runReady(&instance, evaluator: &evaluator)
    }

    /// Moves the token waiting at a user task on to `next` and runs every token it sets going.
    mutating func move(_ tokenID: Int, to next: String, in instance: inout Instance, evaluator: inout Evaluator) {
        forward(tokenID, to: next, in: &instance)
        runReady(&instance, evaluator: &evaluator)
    }

    /// Starts a new branch at `next` beside the token waiting at a user task, which keeps
    /// waiting (a non-interrupting event). The new token is placed before it, so a wizard
    /// shows where the event led first and then returns to the task.
    mutating func branch(from tokenID: Int, to next: String, in instance: inout Instance, evaluator: inout Evaluator) {
        guard let index = instance.tokens.firstIndex(where: { $0.id == tokenID }) else { return }
        let waiting = instance.tokens[index]
        instance.serial += 1
        instance.tokens.insert(Token(id: instance.serial, call: waiting.call, node: next, from: waiting.node), at: index)
        pass(Passage(call: waiting.call, from: waiting.node, to: next), in: &instance)
        ready.append(instance.serial)
        runReady(&instance, evaluator: &evaluator)
    }

    // MARK: - Running

    private mutating func runReady(_ instance: inout Instance, evaluator: inout Evaluator) {
        while instance.status == .running {
            if ready.isEmpty { releaseInclusiveJoins(&instance) }
            guard !ready.isEmpty else { break }
            let tokenID = ready.removeFirst()
            guard let token = instance.tokens.first(where: { $0.id == tokenID }), token.state == .moving else { continue }
            let key = instance.key(token)
            steps += 1
            visited.append(key)
            if steps > TokenRunner.maxSteps {
                let loop = Array(Set(visited.suffix(20))).sorted().joined(separator: ", ")
                return fail(&instance, node: key, "the process ran \(TokenRunner.maxSteps) automatic steps without reaching a screen or an end; check the loop through \(loop)")
            }
            step(token, key: key, &instance, evaluator: &evaluator)
        }
        guard instance.status == .running, instance.waiting.isEmpty else { return }
        // Nothing waits for the browser and nothing can move: only joins that can never complete are left.
        let joins = instance.tokens.filter { $0.state == .join }
        let stuck = Set(joins.map { instance.key($0) }).sorted()
        fail(&instance, node: stuck.first ?? "?",
             "the process cannot go on: parallel gateway \(stuck.map { "“\($0)”" }.joined(separator: ", ")) waits for tokens that can no longer arrive; check that every branch of the fork leads to it")
    }

    private mutating func step(_ token: Token, key: String, _ instance: inout Instance, evaluator: inout Evaluator) {
        guard let process = self.process(of: token, in: instance) else {
            return fail(&instance, node: key, "the called process of this token is no longer in the project")
        }
        guard let node = process.node(token.node) else {
            return fail(&instance, node: key, "the process “\(process.name)” has no node “\(token.node)”")
        }
        hook?.stepped(process.name, node.id)
        var token = token
        if !node.locals.isEmpty {
            instance.enter(node, token: token.id, evaluator: &evaluator)
            token = instance.tokens.first { $0.id == token.id } ?? token
        }
        switch node.kind {
        case .start:
            forward(token.id, to: node.next, in: &instance, at: key)
        case .userTask:
            if instance.tokens.contains(where: { $0.id != token.id && $0.call == token.call && $0.node == token.node && $0.state == .task }) {
                return fail(&instance, node: key, "two branches reached user task “\(key)” at once; join them first with a parallel gateway")
            }
            update(token.id, in: &instance) { $0.state = .task }
        case .scriptTask(let assignments):
            var data = instance.scope(of: token)
            for assignment in assignments {
                assignment.path.set(evaluator.evaluate(assignment.expression, data: data), in: &data)
            }
            instance.leave(node, token: token.id, finished: data, evaluator: &evaluator)
            forward(token.id, to: node.next, in: &instance, at: key)
        case .serviceTask(let service):
            serviceTask(service, node: node, token: token, key: key, process: process, &instance, evaluator: &evaluator)
        case .exclusiveGateway(let branches):
            let data = instance.data(of: token.call)
            var taken = branches.firstIndex { $0.when != nil && evaluator.isTrue($0.when, data: data, otherwise: false) }
                ?? branches.firstIndex { $0.when == nil }
            if let hook { taken = hook.choose(process.name, node.id, natural: taken.map { [$0] } ?? [], count: branches.count).first }
            guard let chosen = taken.map({ branches[$0] }) else {
                return fail(&instance, node: key, "no branch of gateway “\(key)” matched and it has no default branch; add a branch without “when”")
            }
            forward(token.id, to: chosen.next, in: &instance, at: key)
        case .parallelGateway(let targets):
            parallelGateway(targets, node: node, token: token, process: process, &instance)
        case .inclusiveGateway(let branches, let join):
            inclusiveGateway(branches, join: join, node: node, token: token, process: process, &instance, evaluator: &evaluator)
        case .callActivity(let call):
            callActivity(call, node: node, token: token, key: key, &instance, evaluator: &evaluator)
        case .end(let outcome, _, let terminate):
            if terminate { endOtherBranches(of: token, &instance) }
            end(token, outcome: outcome, key: key, &instance, evaluator: &evaluator)
        }
    }

    // MARK: - Tokens

    func process(of token: Token, in instance: Instance) -> ProcessDefinition? {
        guard let callID = token.call else { return project.process(named: instance.process) }
        return instance.calls.first { $0.id == callID }.flatMap { project.process(named: $0.process) }
    }

    mutating func newToken(_ instance: inout Instance, call: Int?, node: String, from: String?) -> Int {
        instance.serial += 1
        instance.tokens.append(Token(id: instance.serial, call: call, node: node, from: from))
        pass(Passage(call: call, from: from, to: node), in: &instance)
        return instance.serial
    }

    mutating func forward(_ tokenID: Int, to next: String?, in instance: inout Instance, at key: String? = nil) {
        guard let next else {
            return fail(&instance, node: key ?? "?", "the node “\(key ?? "?")” has no “next”")
        }
        update(tokenID, in: &instance) { token in
            token.from = token.node
            token.node = next
            token.state = .moving
            token.locals = nil
        }
        if let moved = instance.tokens.first(where: { $0.id == tokenID }) {
            pass(Passage(call: moved.call, from: moved.from, to: next), in: &instance)
        }
        ready.append(tokenID)
    }

    /// Adds a flow taken to the instance's trail (the map's path), except while exploring.
    private mutating func pass(_ passage: Passage, in instance: inout Instance) {
        guard hook == nil else { return }
        instance.pass(passage)
        guard let from = passage.from, let token = instance.tokens.first(where: { $0.call == passage.call }),
              let kind = process(of: token, in: instance)?.node(from)?.kind else { return }
        switch kind {
        case .exclusiveGateway, .inclusiveGateway: branches.append(passage)
        default: break
        }
    }

    func update(_ tokenID: Int, in instance: inout Instance, _ change: (inout Token) -> Void) {
        guard let index = instance.tokens.firstIndex(where: { $0.id == tokenID }) else { return }
        change(&instance.tokens[index])
    }

    mutating func fail(_ instance: inout Instance, node: String, _ message: String, status: Instance.Status = .failed) {
        instance.tokens = []
        instance.calls = []
        instance.status = status
        instance.incident = Incident(node: node, message: message)
        ready = []
    }
}

extension Instance {
    /// The data a token of `call` reads and writes: the call's own, or the instance's.
    func data(of call: Int?) -> JSONValue {
        guard let call else { return data }
        return calls.first { $0.id == call }?.data ?? .object([:])
    }

    mutating func setData(_ value: JSONValue, of call: Int?) {
        guard let call else { data = value; return }
        if let index = calls.firstIndex(where: { $0.id == call }) { calls[index].data = value }
    }
}
