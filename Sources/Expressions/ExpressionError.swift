/// A syntax error in an expression, with the 1-based column where it was found.
public struct ExpressionError: Error, Sendable, CustomStringConvertible {
    public let column: Int
    public let message: String
    public init(column: Int, message: String) { self.column = column; self.message = message }
    public var description: String { "\(message) at column \(column)" }
}
