import FEEL

/// A FEEL text of a model, parsed once when the model is read. A text that does not parse is
/// kept with the reason (the reader reports it as a load error at its line); evaluating it
/// gives null and that reason as a warning, so a model still shows what it can.
public struct FEELText: Sendable {
    public let source: String
    public let expression: FEELExpression?
    /// Why the text did not parse, with the FEEL column.
    public let problem: String?

    public init(source: String, expression: FEELExpression?, problem: String? = nil) {
        self.source = source
        self.expression = expression
        self.problem = problem
    }

    /// Parses `source` as an expression; a mistake is kept as `problem`.
    public static func expression(_ source: String, knownNames: [String] = [], types: [String: FEELType] = [:]) -> FEELText {
        do {
            return FEELText(source: source, expression: try FEELExpression(source, knownNames: knownNames, types: types))
        } catch {
            return FEELText(source: source, expression: nil, problem: error.description)
        }
    }

    /// Parses `source` as unary tests (a decision table's input entry, allowed values).
    public static func unaryTests(_ source: String, knownNames: [String] = [], types: [String: FEELType] = [:]) -> FEELText {
        do {
            return FEELText(source: source, expression: try FEELExpression(unaryTests: source, knownNames: knownNames, types: types))
        } catch {
            return FEELText(source: source, expression: nil, problem: error.description)
        }
    }
}
