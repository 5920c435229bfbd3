/// Why FEEL source does not parse, and where: a located load error.
public struct FEELSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based column (in Unicode scalars) of the expression's own text.
    public let column: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.column = offset + 1
    }

    public var description: String { "column \(column): \(message)" }
}

/// A problem met while evaluating: the value became null (or a branch was not taken), and why.
public struct FEELWarning: Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based column of the part of the expression it concerns, when known.
    public let column: Int?

    public init(_ message: String, column: Int? = nil) {
        self.message = message
        self.column = column
    }

    public var description: String { column.map { "column \($0): \(message)" } ?? message }
}
