import Expressions

/// The server-side checks the form-js mapper adds where form-js checks in the browser:
/// the format of a time and of a date and time (a browser without the picker falls back
/// to a text field, and JavaScript is off).
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
}
