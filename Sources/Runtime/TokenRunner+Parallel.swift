import Definitions
import Expressions

/// `parallelGateway`: join the incoming flows, fork the outgoing ones.
extension TokenRunner {
    /// Joins when the gateway has several incoming flows, then forks when it has several targets.
    /// Tokens leaving a fork or a join start with no history: back never crosses them.
    mutating func parallelGateway(_ targets: [String], node: Node, token: Token, process: ProcessDefinition,
                                  _ instance: inout Instance) {
        var continuing = token.id
        let sources = process.sources(of: node.id)
        if sources.count > 1 {
            update(token.id, in: &instance) { $0.state = .join }
            let here = instance.tokens.filter { $0.call == token.call && $0.node == node.id && $0.state == .join }
            var consumed: [Int] = []
            for source in sources.sorted() {
                guard let arrived = here.first(where: { $0.from == source }) else { return }  // still waiting
                consumed.append(arrived.id)
            }
            continuing = consumed.min()!
            instance.tokens.removeAll { consumed.contains($0.id) && $0.id != continuing }
        }
        let key = instance.prefix(of: token.call) + node.id
        update(continuing, in: &instance) { $0.history = [] }
        guard let first = targets.first else { return fail(&instance, node: key, "the parallel gateway has no “next”") }
        forward(continuing, to: first, in: &instance, at: key)
        for target in targets.dropFirst() {
            ready.append(newToken(&instance, call: token.call, node: target, from: node.id))
        }
    }
}
