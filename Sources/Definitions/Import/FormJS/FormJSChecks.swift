import Expressions

/// The server-side checks the form-js mapper adds for a number's `decimalDigits` and
/// `increment`, which form-js checks in the browser. (A time's and a date and time's form is
/// checked where every time input's value is typed; a phone number by the `phone` validator.)
enum FormJSChecks {
    /// `decimalDigits` and `increment` as validators, and the names of those that are not usable
    /// numbers (not checked, so the mapper warns).
    static func number(_ fields: [String: JSONValue]) -> (validators: [JSONValue], unusable: [String]) {
        var validators: [JSONValue] = [], unusable: [String] = []
        if let raw = fields["decimalDigits"], raw != .null {
            if let digits = number(raw), digits >= 0, digits <= 40, digits == digits.rounded() {
                validators.append(["type": "decimalPlaces", "value": .number(digits)])
            } else {
                unusable.append("decimalDigits")
            }
        }
        if let raw = fields["increment"], raw != .null {
            // A `step` counts from the field's `min` validator, else from 0.
            if let increment = number(raw), increment > 0, increment.isFinite {
                validators.append(["type": "step", "value": .number(increment)])
            } else {
                unusable.append("increment")
            }
        }
        return (validators, unusable)
    }

    /// form-js writes these as numbers or as text (`"increment": "0.5"`).
    private static func number(_ value: JSONValue) -> Double? {
        value.numberValue ?? value.stringValue.flatMap { Double($0.trimmingWhitespace()) }
    }
}
