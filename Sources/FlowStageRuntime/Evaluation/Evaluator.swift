import Definitions
import Expressions
import Foundation

/// Evaluates definition expressions against instance data, collecting warnings
/// instead of failing: a screen never breaks because of an expression.
struct Evaluator {
    let language: String
    let now: Date
    /// Looked up once per evaluator: `TimeZone.current` takes a lock, and a screen evaluates
    /// an expression per shown, hidden or disabled rule.
    let timeZone = TimeZone.current
    var warnings: [String] = []

    init(language: String, now: Date) {
        self.language = language
        self.now = now
    }

    /// `item` is `$item` inside a collection item, `index` its `$index`.
    mutating func evaluate(_ expression: Expression, data: JSONValue, value: JSONValue? = nil, item: JSONValue? = nil,
                           index: Int? = nil) -> JSONValue {
        let result = expression.evaluate(in: EvaluationScope(data: data, value: value, item: item, itemIndex: index, language: language,
                                                           now: now, timeZone: timeZone))
        if !result.warnings.isEmpty { warnings += result.warnings }
        return result.value
    }

    mutating func isTrue(_ expression: Expression?, data: JSONValue, otherwise: Bool, item: JSONValue? = nil, index: Int? = nil) -> Bool {
        guard let expression else { return otherwise }
        return evaluate(expression, data: data, item: item, index: index).isTruthy
    }
}
