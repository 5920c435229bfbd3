import Definitions
import Expressions

/// `parallelGateway` and `inclusiveGateway`: join the incoming flows, fork the outgoing ones.
/// Tokens leaving a fork or a join start with no history: back never crosses them.
extension TokenRunner {
    /// Joins when the gateway has several incoming flows (a token from each), then forks when
    /// it has several targets.
    mutating func parallelGateway(_ targets: [String], node: Node, token: Token, process: ProcessDefinition,
                                  _ instance: inout Instance) {
        var continuing = token.id
        let sources = process.sources(of: node.id)
        if sources.count > 1 {
            update(token.id, in: &instance) { $0.state = .join }
            let here = instance.tokens.filter { $0.call == token.call && $0.node == node.id && $0.state == .join }
            var consumed: [Int] = []
            for source in sources.sorted() {
                guard let arrived = here.first(where: { process.source($0.from) == source }) else { return }  // still waiting
                consumed.append(arrived.id)
            }
            continuing = consumed.min()!
            instance.tokens.removeAll { consumed.contains($0.id) && $0.id != continuing }
        }
        let key = instance.prefix(of: token.call) + node.id
        guard !targets.isEmpty else { return fail(&instance, node: key, "the parallel gateway has no “next”") }
        fork(continuing, to: targets, at: node.id, key: key, &instance)
    }

    /// Joins every token that arrived while no other token of the process can still reach
    /// the gateway, then forks one token per branch whose `when` holds (the default branch
    /// when none does). A token still on its way keeps the joined ones waiting; `runReady`
    /// asks again once every token has moved.
    mutating func inclusiveGateway(_ branches: [Branch], join: Bool, node: Node, token: Token, process: ProcessDefinition,
                                   _ instance: inout Instance, evaluator: inout Evaluator) {
        var continuing = token.id
        if join || process.sources(of: node.id).count > 1 {
            update(token.id, in: &instance) { $0.state = .join }
            guard let joined = joinedTokens(at: node.id, call: token.call, process: process, in: instance) else { return }
            continuing = joined.min()!
            instance.tokens.removeAll { joined.contains($0.id) && $0.id != continuing }
        }
        let key = instance.prefix(of: token.call) + node.id
        let data = instance.data(of: token.call)
        var taken = branches.indices.filter { branches[$0].when != nil && evaluator.isTrue(branches[$0].when, data: data, otherwise: false) }
        if taken.isEmpty { taken = branches.indices.filter { branches[$0].when == nil } }
        if let hook { taken = hook.choose(process.name, node.id, natural: taken, count: branches.count) }
        let chosen = taken.map { branches[$0] }
        guard !chosen.isEmpty else {
            return fail(&instance, node: key, "no branch of gateway “\(key)” matched and it has no default branch; add a branch without “when”")
        }
        fork(continuing, to: chosen.map(\.next), at: node.id, key: key, &instance)
    }

    /// The tokens waiting at the inclusive join `id`, when no other token of the same process
    /// (or call) can still arrive there; nil while one can.
    func joinedTokens(at id: String, call: Int?, process: ProcessDefinition, in instance: Instance) -> [Int]? {
        var joined: [Int] = []
        for other in instance.tokens where other.call == call {
            if other.node == id, other.state == .join {
                joined.append(other.id)
            } else if process.reaches(from: other.node, to: id) {
                return nil
            }
        }
        return joined.isEmpty ? nil : joined
    }

    /// Inclusive joins that can go on now that every token has moved: a branch that will not
    /// come (it ended, or took a path that does not lead there) no longer holds them.
    mutating func releaseInclusiveJoins(_ instance: inout Instance) {
        for token in instance.tokens where token.state == .join {
            guard let process = process(of: token, in: instance),
                  case .inclusiveGateway? = process.node(token.node)?.kind,
                  joinedTokens(at: token.node, call: token.call, process: process, in: instance) != nil else { continue }
            update(token.id, in: &instance) { $0.state = .moving }
            ready.append(token.id)
            return  // the gateway merges the others when it runs
        }
    }

    private mutating func fork(_ tokenID: Int, to targets: [String], at node: String, key: String, _ instance: inout Instance) {
        update(tokenID, in: &instance) { $0.history = [] }
        forward(tokenID, to: targets[0], in: &instance, at: key)
        for target in targets.dropFirst() {
            ready.append(newToken(&instance, call: instance.tokens.first { $0.id == tokenID }?.call, node: target, from: node))
        }
    }
}
