import Expressions

/// A `step` validator's rule, as HTML's `step`: a number is allowed when it is `base` (the
/// field's `min`, else 0) plus a whole number of steps, in either direction.
struct StepRule {
    let step: Double
    let base: Double

    /// Nil when the step is not a positive number (the loader refuses a constant one; an
    /// expression may still give one at run time, and then nothing is checked).
    init?(_ bound: JSONValue?, base: Double) {
        guard let step = bound?.numberValue ?? bound.flatMap({ Double($0.displayString) }), step > 0, step.isFinite,
              base.isFinite else { return nil }
        self.step = step
        self.base = base
    }

    /// A value that is no number passes: typing reports that, as for `min` and `max`.
    func allows(_ value: JSONValue) -> Bool {
        guard let number = value.numberValue ?? Double(value.displayString) else { return true }
        return StepRule.isWhole((number - base) / step)
    }

    /// `step` when the allowed values are the multiples of the step, else `stepFrom` (names the base).
    var messageKey: Messages.Key {
        base == 0 || StepRule.isWhole(base / step) ? .step : .stepFrom
    }

    /// Whole up to the rounding of binary fractions: 0.3 / 0.1 is 2.9999999999999996.
    private static func isWhole(_ count: Double) -> Bool {
        abs(count - count.rounded()) <= 1e-9 * max(1, abs(count))
    }
}
