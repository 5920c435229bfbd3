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
/// The translation is FlowStage source (the result's `source`), so designers can read what runs.
public enum ExpressionTranslator {
    /// A FEEL expression without its leading `=` (`amount > 1000 and approved`).
    public static func feel(_ source: String) -> Result<Expression, TranslationProblem> {
        do {
            return try compile(try FEELParser.translate(source))
        } catch {
            return .failure(error)
        }
    }

    /// A JUEL value expression as written in the attribute, with its `${…}` or `#{…}`.
    public static func juel(_ source: String) -> Result<Expression, TranslationProblem> {
        guard source.count <= FEELParser.maximumLength else {
            return .failure(TranslationProblem(column: FEELParser.maximumLength + 1, message: "an expression may have at most \(FEELParser.maximumLength) characters"))
        }
        let chars = Array(source)
        guard let open = chars.firstIndex(where: { !$0.isWhitespace }) else {
            return .failure(TranslationProblem(column: 1, message: "the expression is empty"))
        }
        guard open + 1 < chars.count, chars[open] == "$" || chars[open] == "#", chars[open + 1] == "{" else {
            return .failure(TranslationProblem(column: open + 1, message: "a JUEL expression must be written as ${…}"))
        }
        do {
            let (tokens, next) = try JUELLexer.tokens(chars, from: open + 2)
            if let extra = chars[next...].firstIndex(where: { !$0.isWhitespace }) {
                return .failure(TranslationProblem(column: extra + 1, message: "text around ${…} is not supported; the whole condition must be one ${…}"))
            }
            return try compile(try JUELParser.translate(tokens))
        } catch {
            return .failure(error)
        }
    }

    /// Prints the translation and parses it as FlowStage source, the single way an `Expression` is made.
    private static func compile(_ target: TargetExpression) throws(TranslationProblem) -> Result<Expression, TranslationProblem> {
        let text: String
        do { text = try TargetPrinter.print(target) } catch {
            throw TranslationProblem(column: nil, message: "the translation would be longer than \(TargetPrinter.maximumLength) characters")
        }
        do {
            return .success(try Expression(text))
        } catch {
            throw TranslationProblem(column: nil, message: "the translation `\(text)` is not a valid FlowStage expression: \(error.message)")
        }
    }
}
