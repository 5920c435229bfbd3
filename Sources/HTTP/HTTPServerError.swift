/// Why the server could not start, in words a user can act on
/// ("port 8080 on 127.0.0.1 is in use: pass --port with a free port").
public struct HTTPServerError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        case portInUse, permissionDenied, addressNotAvailable, hostNotFound, invalidPort
        case uploadDirectory, alreadyStarted, stopped, other
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
