import Expressions
import Foundation

/// A Camunda Process Test (CPT) test-case file: JSON whose top level has `testCases`, as
/// Camunda 8.9's JSON test cases and the Web Modeler's test files are written
/// (docs/reference/scenarios.md, "Camunda Process Test cases").
public struct CamundaTestFile: Sendable {
    public let file: String
    public let cases: [CamundaTestCase]
}

public struct CamundaTestCase: Sendable {
    public let name: String
    public let description: String?
    public let instructions: [CamundaInstruction]
    /// Where the case is in its file: `/testCases/2`.
    public let pointer: JSONPointer
    /// Why the case cannot run as written (a field against the schema, an unknown type), with
    /// the pointer of the first problem; the file's other cases still run.
    public let problem: LoadError?
}

/// One instruction: its place (index and pointer, for a failure's message) and what it does.
public struct CamundaInstruction: Sendable {
    public let index: Int
    public let type: String
    public let pointer: JSONPointer
    public let action: Action

    /// The element, user task and job selectors of the schema: every given field must match.
    public struct Selector: Sendable, Equatable, CustomStringConvertible {
        public var elementId: String?
        public var elementName: String?
        public var taskName: String?
        public var jobType: String?
        public var processDefinitionId: String?

        public var description: String {
            [("elementId", elementId), ("elementName", elementName), ("taskName", taskName), ("jobType", jobType),
             ("processDefinitionId", processDefinitionId)].compactMap { key, value in value.map { "\(key) \"\($0)\"" } }
                .joined(separator: ", ")
        }
    }

    public enum ProcessState: String, Sendable, CaseIterable {
        case isActive = "IS_ACTIVE", isCompleted = "IS_COMPLETED", isCreated = "IS_CREATED", isTerminated = "IS_TERMINATED"
    }

    public enum ElementState: String, Sendable, CaseIterable {
        case isActive = "IS_ACTIVE", isCompleted = "IS_COMPLETED", isTerminated = "IS_TERMINATED"
        case isNotActive = "IS_NOT_ACTIVE", isNotActivated = "IS_NOT_ACTIVATED"
        case isActiveExactly = "IS_ACTIVE_EXACTLY", isCompletedInOrder = "IS_COMPLETED_IN_ORDER"
    }

    public enum UserTaskState: String, Sendable, CaseIterable {
        case isCreated = "IS_CREATED", isCompleted = "IS_COMPLETED", isCanceled = "IS_CANCELED", isFailed = "IS_FAILED"
    }

    /// The job a worker answers with: variables, the element's example data, or a BPMN error.
    public enum JobAnswer: Sendable, Equatable {
        case complete(variables: JSONValue, useExampleData: Bool)
        case throwError(code: String, message: String?, variables: JSONValue)
    }

    public enum Action: Sendable {
        case createProcessInstance(process: String, variables: JSONValue)
        case completeUserTask(Selector, variables: JSONValue, useExampleData: Bool)
        case answerJob(Selector, JobAnswer)
        case mockJobWorker(jobType: String, JobAnswer)
        case mockDecision(decision: String, variables: JSONValue)
        case mockChildProcess(process: String, variables: JSONValue)
        case updateVariables(process: String, element: Selector?, variables: JSONValue)
        /// PUBLISH_MESSAGE (`publish`) or CORRELATE_MESSAGE.
        case message(name: String, variables: JSONValue, publish: Bool)
        case broadcastSignal(name: String, variables: JSONValue)
        /// INCREASE_TIME by seconds, or SET_TIME to a date.
        case increaseTime(seconds: Double)
        case setTime(Date)
        case assertProcessInstance(process: String, state: ProcessState?, hasActiveIncidents: Bool?)
        case assertElementInstance(process: String, element: Selector, state: ElementState, amount: Int)
        case assertElementInstances(process: String, elements: [Selector], state: ElementState)
        case assertUserTask(Selector, state: UserTaskState?, elementId: String?, name: String?, unsupported: [String])
        case assertVariables(process: String, element: Selector?, names: [String], variables: [String: JSONValue])
        /// A type of the 8.9 schema a preview does not run, and why.
        case refused(String)
    }
}
