import Expressions

/// What a service task's handler gets: the data of the process it runs in (a called
/// process's own data inside a call activity), and where it was called from.
public struct ServiceRequest: Sendable {
    public let data: JSONValue
    public let process: String
    public let node: String
}

/// A Swift stand-in for an integration (docs/reference/processes.md, `serviceTask`): returns the new data of
/// the process, or throws. The thrown error's message becomes the incident, or with
/// `onError` a warning (and the value at `errorKey`).
public typealias ServiceHandler = @Sendable (ServiceRequest) throws -> JSONValue

/// An error a handler throws to say, in a sentence a designer can read, what went wrong.
public struct ServiceFailure: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
