import Definitions
import Expressions
import Foundation

/// Starting and reading the child process of a flow state (rule 10).
///
/// `ProcessEngine.start` only takes declared parameters, but a flow passes its `input` as
/// whole start data; this starts the instance the same way with that data laid over the
/// definition's `data` (`ProcessDefinition.startData`, shared with call activities).
extension ProcessEngine {
    func startChild(of launch: FlowProcessLaunch, flowData: JSONValue, session: String,
                    evaluator: inout Evaluator) throws(RuntimeError) -> Instance {
        guard let process = project.process(named: launch.process) else { throw .unknownProcess(launch.process) }
        let (data, missing) = process.startData(input: launch.input, from: flowData, evaluator: &evaluator)
        if let missing { throw .missingParameter(process: process.name, key: missing.description) }
        let now = configuration.now()
        var instance = Instance(id: configuration.makeID(), process: process.name, session: session, data: data,
                                modal: process.modal, now: now)
        var childEvaluator = Evaluator(language: evaluator.language, now: now)
        var runner = runner()
        runner.start(&instance, evaluator: &childEvaluator)
        instance.warn(childEvaluator.warnings)
        return try insert(instance)
    }
}

/// The event a finished child fires on its flow: named after its outcome.
enum ChildOutcome {
    /// Nil while the child still runs. A child that no longer exists (its session ended, the
    /// store was cleared) counts as `cancelled`, so the flow is never stuck waiting.
    static func event(for child: Instance?) -> String? {
        guard let child else { return Outcome.cancelled.rawValue }
        switch child.status {
        case .running: return nil
        case .completed: return Outcome.completed.rawValue
        case .failed: return Outcome.failed.rawValue
        case .cancelled: return Outcome.cancelled.rawValue
        }
    }

    /// `output`: flow path ← expression over the child's data.
    static func copyOutput(_ launch: FlowProcessLaunch, from child: Instance?, into data: inout JSONValue,
                           evaluator: inout Evaluator) {
        guard let child else { return }
        for assignment in launch.output {
            assignment.path.set(evaluator.evaluate(assignment.expression, data: child.data), in: &data)
        }
    }
}
