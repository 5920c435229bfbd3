/// The load-time error codes of docs/reference/flows.md. A flow load error's message starts with
/// `error <code>: ` so the code reaches every place a `LoadError` is shown, unchanged.
public enum FlowLoadCode: Int, Sendable, CaseIterable {
    /// The flow file cannot be read or is not valid JSON.
    case unreadable = 1001
    /// The flow has no states.
    case noStates = 1002
    /// A state id is not defined.
    case unknownState = 1003
    /// A condition id is not defined.
    case unknownCondition = 1004
    /// Two states share an id.
    case duplicateState = 1008

    /// `error 1003: ` — the prefix of every message with this code.
    public var prefix: String { "error \(rawValue): " }
}

extension LoadError {
    /// The docs/reference/flows.md code of a flow load error, read back from its message; nil for other errors.
    public var flowCode: Int? {
        guard message.hasPrefix("error "), let colon = message.firstIndex(of: ":") else { return nil }
        return Int(message[message.index(message.startIndex, offsetBy: 6)..<colon])
    }
}
