import Expressions

/// How a stand-in answers when the project says so (`mocks/<job type or element id>.json`,
/// docs/reference/mocks.md): the variables its job completes with, a connector's response, or a
/// BPMN error it throws.
public struct Mock: Sendable {
    public enum Answer: Sendable {
        /// The job's variables, set as they are (the task's output mappings then apply).
        case variables(JSONValue)
        /// What a connector returned: its `resultVariable` and `resultExpression` apply to it.
        case response(JSONValue)
        /// A BPMN error thrown by the job: its error boundary event catches it.
        case error(code: String, message: String?)
    }

    /// The job type or element id it answers for: the file's name.
    public let name: String
    public let answer: Answer
    public let file: String

    public init(name: String, answer: Answer, file: String) {
        self.name = name
        self.answer = answer
        self.file = file
    }
}
