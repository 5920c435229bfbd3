import Definitions
import Expressions
import Foundation

/// Evaluates definition expressions against instance data, collecting warnings
/// instead of failing: a screen never breaks because of an expression.
struct Evaluator {
    let language: String
    let now: Date
    /// Looked up at the first expression evaluated, once per evaluator: `TimeZone.current`
    /// takes a lock every worker shares, a screen evaluates an expression per shown, hidden or
    /// disabled rule, and a page view of a kept screen evaluates none.
    private var timeZone: TimeZone?
    var warnings: [String] = []

    init(language: String, now: Date) {
        self.language = language
        self.now = now
    }

    /// `item` is `$item` inside a collection item, `index` its `$index`.
    mutating func evaluate(_ expression: Expression, data: JSONValue, value: JSONValue? = nil, item: JSONValue? = nil,
                           index: Int? = nil) -> JSONValue {
        evaluation(expression, data: data, value: value, item: item, index: index).value
    }

    private mutating func evaluation(_ expression: Expression, data: JSONValue, value: JSONValue?, item: JSONValue?,
                                     index: Int?) -> Evaluation {
        let zone = timeZone ?? TimeZone.current
        timeZone = zone
        let result = expression.evaluate(in: EvaluationScope(data: data, value: value, item: item, itemIndex: index, language: language,
                                                           now: now, timeZone: zone))
        if !result.warnings.isEmpty { warnings += result.warnings }
        return result
    }

    /// Whether a condition holds (a branch's `when`, a flow's condition): FEEL only on `true`.
    mutating func isTrue(_ expression: Expression?, data: JSONValue, otherwise: Bool, value: JSONValue? = nil, item: JSONValue? = nil,
                         index: Int? = nil) -> Bool {
        guard let expression else { return otherwise }
        return evaluation(expression, data: data, value: value, item: item, index: index).holds
    }

    /// Whether a `hide` or `disabled` condition holds: FEEL is read as form-js reads it, so a
    /// condition whose value is null hides (`Evaluation.hides`).
    mutating func hides(_ expression: Expression?, data: JSONValue, item: JSONValue? = nil, index: Int? = nil) -> Bool {
        guard let expression else { return false }
        return evaluation(expression, data: data, value: nil, item: item, index: index).hides
    }
}
