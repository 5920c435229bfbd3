import Expressions

/// What a `handler` action's Swift handler gets (docs/reference/processes.md, "Actions"): the data of the
/// process whose screen posted (the posted fields already saved into it), the action's
/// `params` evaluated into an object, and where it was called from.
public struct ActionRequest: Sendable {
    public let data: JSONValue
    /// `params` of the action: each path set to its expression's value, e.g. `{"amount": 5000}`.
    public let params: JSONValue
    public let process: String
    /// The user task (task key) whose action ran.
    public let task: String
    public let action: String
    public let session: String

    /// Public so a host can test its handlers without an engine.
    public init(data: JSONValue, params: JSONValue = .object([:]), process: String, task: String, action: String, session: String) {
        self.data = data; self.params = params; self.process = process; self.task = task
        self.action = action; self.session = session
    }
}

/// A host-registered action: returns the new data of the process (return `request.data`
/// unchanged to change nothing), or throws to refuse. A thrown `ServiceFailure`'s message (any
/// other error's description) is shown as the error banner of the screen, and nothing is saved.
public typealias ActionHandler = @Sendable (ActionRequest) throws -> JSONValue
