import Definitions

/// What the runtime refuses, with a sentence a user can act on.
public enum RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownProcess(String)
    case missingParameter(process: String, key: String)
    /// Not found, or owned by another session: the two are never told apart.
    case instanceNotFound
    case unknownAction(String)
    case store(StoreError)

    public var description: String {
        switch self {
        case .unknownProcess(let name): "There is no process named “\(name)” in this project."
        case .missingParameter(let process, let key): "“\(process)” needs the start parameter “\(key)”."
        case .instanceNotFound: "There is no such instance in this session. It may have been stopped, or started in another browser."
        case .unknownAction(let name): "This screen has no action named “\(name)”."
        case .store(let error): "Your change could not be saved (\(error)). Try again."
        }
    }
}

/// What came of posting an action.
public enum ActionResult: Sendable {
    /// Applied and saved; show the instance again (HTTP 303).
    case applied(Instance)
    /// Validation failed; nothing was saved. Show this screen with its errors (HTTP 422).
    case invalid(ScreenState)
    /// Not applied, with a notice for the current screen: a stale post, back refused, an unsupported action.
    case refused(Instance, notice: String)
    /// A `dismiss` action of a modal process: nothing changed; show the close confirmation.
    case dismissed(Instance)
}

/// A posted form as name/value pairs in order; repeated names carry several choices.
public struct PostedForm: Sendable {
    public var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name == name }
    }
}
