import Definitions
import Expressions

/// Moves the token through automatic nodes until it reaches a user task or an end.
///
/// Bounded: a run longer than `maxSteps` fails the instance with an incident naming the
/// nodes it went round, instead of hanging the server.
struct TokenRunner {
    static let maxSteps = 1_000
    let process: ProcessDefinition

    func run(from nodeID: String, instance: inout Instance, evaluator: inout Evaluator) {
        var id = nodeID
        var visited: [String] = []
        for _ in 0..<TokenRunner.maxSteps {
            visited.append(id)
            guard let node = process.node(id) else {
                fail(&instance, node: id, "the process has no node “\(id)”")
                return
            }
            switch node.kind {
            case .start:
                guard let next = node.next else { return fail(&instance, node: id, "the start node has no “next”") }
                id = next
            case .userTask:
                instance.current = id
                return
            case .scriptTask(let assignments):
                for assignment in assignments {
                    let value = evaluator.evaluate(assignment.expression, data: instance.data)
                    assignment.path.set(value, in: &instance.data)
                }
                guard let next = node.next else { return fail(&instance, node: id, "the script task has no “next”") }
                id = next
            case .exclusiveGateway(let branches):
                let chosen = branches.first { $0.when != nil && evaluator.isTrue($0.when, data: instance.data, otherwise: false) }
                    ?? branches.first { $0.when == nil }
                guard let chosen else {
                    return fail(&instance, node: id, "no branch of gateway “\(id)” matched and it has no default branch; add a branch without “when”")
                }
                id = chosen.next
            case .end(let outcome, _):
                instance.current = nil
                instance.endNode = id
                instance.status = switch outcome {
                case .completed: .completed
                case .failed: .failed
                case .cancelled: .cancelled
                }
                return
            }
        }
        let loop = Array(Set(visited.suffix(20))).sorted().joined(separator: ", ")
        fail(&instance, node: id, "the process ran \(TokenRunner.maxSteps) automatic steps without reaching a screen or an end; check the loop through \(loop)")
    }

    private func fail(_ instance: inout Instance, node: String, _ message: String) {
        instance.current = nil
        instance.status = .failed
        instance.incident = Incident(node: node, message: message)
    }
}
