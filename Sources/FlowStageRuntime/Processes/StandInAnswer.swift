/// How a stand-in answered (decision 0037), kept on the instance for the inspector: a preview
/// that completes a job by itself says with what.
public struct StandInAnswer: Sendable, Codable, Equatable {
    public enum Way: String, Sendable, Codable {
        /// A Swift handler registered under `source`.
        case handler
        /// The mock file `source`.
        case mock
        /// The DMN decision `source`.
        case decision
        /// The task's example data.
        case example
        /// Nothing answered: the person does, on the task's page.
        case person
        /// Nothing answered and there is no page: the task was skipped.
        case skipped
    }

    /// The task key of the service, send, script or business rule task.
    public let task: String
    public let way: Way
    /// The handler's name, the mock's file or the decision's id.
    public let source: String?
}

extension Instance {
    static let maxAnswers = 50

    mutating func record(_ answer: StandInAnswer) {
        answers.append(answer)
        if answers.count > Instance.maxAnswers { answers.removeFirst(answers.count - Instance.maxAnswers) }
    }
}
