import Expressions

/// Why an expression of a model could not be translated: shown as a located warning, never
/// an error (a condition nobody can evaluate becomes the person's choice).
public struct TranslationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based column in the expression's own text, when known.
    public let column: Int?
    public let message: String

    public init(column: Int?, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String {
        column.map { "column \($0): \(message)" } ?? message
    }
}

/// FEEL (Camunda 8, form-js) and JUEL (Camunda 7) translated at load into FlowStage
/// expressions, for the common subset; everything else is a `TranslationProblem`.
public enum ExpressionTranslator {
    /// A FEEL expression without its leading `=` (`amount > 1000 and approved`).
    public static func feel(_ source: String) -> Result<Expression, TranslationProblem> {
        .failure(TranslationProblem(column: nil, message: "FEEL is not translated yet"))
    }

    /// A JUEL value expression as written in the attribute, with its `${…}` or `#{…}`.
    public static func juel(_ source: String) -> Result<Expression, TranslationProblem> {
        .failure(TranslationProblem(column: nil, message: "JUEL is not translated yet"))
    }
}
