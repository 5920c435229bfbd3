import Expressions

/// Why an expression of a model cannot run: shown as a located warning, never an error (a
/// condition nobody can evaluate becomes the person's choice).
public struct ModelExpressionProblem: Error, Sendable, Equatable, CustomStringConvertible {
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

/// The expressions of Camunda models and forms, made FlowStage `Expression`s: FEEL (Camunda 8,
/// form-js) is parsed as FEEL and evaluated by the FEEL engine; JUEL (Camunda 7) is translated
/// into a FlowStage expression for the common subset, everything else a problem.
/// JUEL's translation is FlowStage source (the result's `source`), so designers can read what runs.
public enum ModelExpressions {
    static let maximumJUELLength = 4096

    /// A FEEL expression without its leading `=` (`amount > 1000 and approved`).
    public static func feel(_ source: String) -> Result<Expression, ModelExpressionProblem> {
        do {
            return .success(try Expression(feel: source))
        } catch {
            return .failure(ModelExpressionProblem(column: error.column, message: error.message))
        }
    }

    /// A JUEL value expression as written in the attribute, with its `${…}` or `#{…}`.
    public static func juel(_ source: String) -> Result<Expression, ModelExpressionProblem> {
        guard source.count <= maximumJUELLength else {
            return .failure(ModelExpressionProblem(column: maximumJUELLength + 1, message: "an expression may have at most \(maximumJUELLength) characters"))
        }
        let chars = Array(source)
        guard let open = chars.firstIndex(where: { !$0.isWhitespace }) else {
            return .failure(ModelExpressionProblem(column: 1, message: "the expression is empty"))
        }
        guard open + 1 < chars.count, chars[open] == "$" || chars[open] == "#", chars[open + 1] == "{" else {
            return .failure(ModelExpressionProblem(column: open + 1, message: "a JUEL expression must be written as ${…}"))
        }
        do {
            let (tokens, next) = try JUELLexer.tokens(chars, from: open + 2)
            if let extra = chars[next...].firstIndex(where: { !$0.isWhitespace }) {
                return .failure(ModelExpressionProblem(column: extra + 1, message: "text around ${…} is not supported; the whole condition must be one ${…}"))
            }
            return try compile(try JUELParser.translate(tokens))
        } catch {
            return .failure(error)
        }
    }

    /// Prints the translation and parses it as FlowStage source, as a hand-written expression is made.
    private static func compile(_ target: TargetExpression) throws(ModelExpressionProblem) -> Result<Expression, ModelExpressionProblem> {
        let text: String
        do { text = try TargetPrinter.print(target) } catch {
            throw ModelExpressionProblem(column: nil, message: "the translation would be longer than \(TargetPrinter.maximumLength) characters")
        }
        do {
            return .success(try Expression(text))
        } catch {
            throw ModelExpressionProblem(column: nil, message: "the translation `\(text)` is not a valid FlowStage expression: \(error.message)")
        }
    }
}

extension Expression {
    /// The expression as a process file holds it: FlowStage source as a string, FEEL as `{"feel": "…"}`.
    var definitionJSON: JSONValue {
        language == .feel ? ["feel": .string(source)] : .string(source)
    }
}
