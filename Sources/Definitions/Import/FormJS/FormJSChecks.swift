import Expressions

/// The server-side checks the form-js mapper adds where form-js checks in the browser:
/// the format of a time and of a date and time (a browser without the picker falls back
/// to a text field, and JavaScript is off), and a number's `decimalDigits` and `increment`.
enum FormJSChecks {
    /// `HH:MM` (one-digit hours too, as typed in a text field), seconds allowed as a time input posts them.
    static let time: JSONValue = ["type": "pattern", "value": "^([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$",
                                  "message": "Enter a time like 14:30"]

    /// `YYYY-MM-DDTHH:MM`, optional `:SS`, as a `datetime-local` input posts it; the date a real
    /// one (February 29 only in leap years), so what is stored is a date and time.
    static let dateTime: JSONValue = {
        let leapYear = "([0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)"
        let monthDay = "(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31"
        let date = "([0-9]{4}-(\(monthDay))|\(leapYear)-02-29)"
        return ["type": "pattern", "value": .string("^\(date)T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"),
                "message": "Enter a date and time like 2026-03-27T14:30"]
    }()

    /// `decimalDigits` and `increment` as validators, and the names of those that are not usable
    /// numbers (not checked, so the mapper warns).
    static func number(_ fields: [String: JSONValue]) -> (validators: [JSONValue], unusable: [String]) {
        var validators: [JSONValue] = [], unusable: [String] = []
        if let raw = fields["decimalDigits"], raw != .null {
            if let digits = number(raw), digits >= 0, digits <= 40, digits == digits.rounded() {
                validators.append(decimals(Int(digits)))
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

    /// At most `digits` decimal places, matched on the stored number as FlowStage writes it:
    /// `12.5`; from 10¹⁶ `1e+16` (a whole number, as every such double is); below 0.0001
    /// `1.5e-05`, whose decimal places are the exponent plus the mantissa's.
    private static func decimals(_ digits: Int) -> JSONValue {
        var forms = [digits == 0 ? "-?[0-9]+" : "-?[0-9]+(\\.[0-9]{1,\(digits)})?", "-?[0-9](\\.[0-9]+)?e\\+[0-9]+"]
        if digits >= 5 {
            for exponent in 5...digits {
                let mantissa = digits - exponent
                forms.append("-?[0-9]" + (mantissa > 0 ? "(\\.[0-9]{1,\(mantissa)})?" : "") + "e-0?\(exponent)")
            }
        }
        let message = digits == 0 ? "Enter a whole number"
            : "Enter a number with at most \(digits) decimal place\(digits == 1 ? "" : "s")"
        return ["type": "pattern", "value": .string("^(" + forms.joined(separator: "|") + ")$"), "message": .string(message)]
    }
}
