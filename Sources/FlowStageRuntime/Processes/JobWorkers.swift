import Definitions
import Expressions

/// Camunda's job workers as a test case declares them (`CamundaTestCaseRunner`): with them the
/// engine runs stand-ins as Zeebe runs jobs. A job whose type a worker mocks is answered by it;
/// a business rule task whose decision is mocked gets the mock's output; a call activity whose
/// process is mocked returns the mock's variables at once. Every other job waits, on its page,
/// for the test case to complete it: the project's mock files and the Modeler's example data do
/// not answer, as no worker of the cluster would.
public struct JobWorkers: Sendable {
    public var byType: [String: CamundaInstruction.JobAnswer] = [:]
    public var decisions: [String: JSONValue] = [:]
    public var childProcesses: [String: JSONValue] = [:]

    public init() {}
}
