/// Why an evaluation could not start or finish: what is wrong and what to do. A value that is
/// merely wrong (a type that does not conform, no rule matching) is no error but null with a
/// warning, as FEEL has it.
public struct DMNError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    static func notFound(_ what: String, _ nameOrID: String, in model: DMNDefinitions, choices: [String]) -> DMNError {
        let known = choices.isEmpty ? "it has none" : "it has " + choices.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
        return DMNError("model \"\(model.name)\" has no \(what) with the name or id \"\(nameOrID)\"; \(known)")
    }
}

/// Bounds of one evaluation, so a model that recurses or loops cannot hold a request.
public struct DMNLimits: Sendable {
    /// Expressions (FEEL texts and boxed expressions) evaluated in one evaluation, calls included.
    public var maximumEvaluations: Int
    /// Business knowledge models, decision services and boxed functions calling each other.
    public var maximumCallDepth: Int

    public init(maximumEvaluations: Int = 200_000, maximumCallDepth: Int = 64) {
        self.maximumEvaluations = maximumEvaluations
        self.maximumCallDepth = maximumCallDepth
    }
}
