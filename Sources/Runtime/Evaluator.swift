import Definitions
import Expressions
import Foundation

/// Evaluates definition expressions against instance data, collecting warnings
/// instead of failing: a screen never breaks because of an expression.
struct Evaluator {
    let language: String
    let now: Date
    var warnings: [String] = []

    init(language: String, now: Date) {
        self.language = language
        self.now = now
    }

    mutating func evaluate(_ expression: Expression, data: JSONValue, value: JSONValue? = nil) -> JSONValue {
        let result = expression.evaluate(in: EvaluationScope(data: data, value: value, item: nil, language: language, now: now))
        warnings += result.warnings
        return result.value
    }

    mutating func isTrue(_ expression: Expression?, data: JSONValue, otherwise: Bool) -> Bool {
        guard let expression else { return otherwise }
        return evaluate(expression, data: data).isTruthy
    }
}
