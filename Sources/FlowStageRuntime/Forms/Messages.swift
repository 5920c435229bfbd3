import Definitions

/// The validation problems FlowStage words itself. Each is the interface word
/// `errors.<key>` (Words/<language>.json, docs/reference/interface-words.md), with `{label}`,
/// `{value}` and `{base}` filled in; a project replaces one with `ui.errors.<key>`, a field
/// with its validator's `message`.
enum Messages {
    enum Key: String, Sendable {
        case required, requiredChoice, requiredFile, requiredDate, requiredTrue, minLength, maxLength, min, max, pattern, email
        case isSameOrBeforeToday, isSameOrAfterToday, custom, number, date, option
        case dateMin, dateMax
        /// `step`: from 0 (or a `min` on a step), or from a `min` that is not (`{base}`).
        case step, stepFrom
        /// `decimalPlaces`: at most `{value}`, or (0) a whole number.
        case decimalPlaces, wholeNumber
        case phone
        /// An input of `inputType` `time` or `datetime-local` holding something else.
        case time, dateTime

        /// The interface word of this message.
        var word: String { "errors." + rawValue }

        /// Whether `{value}` is a date, written in the page's form.
        var boundIsDate: Bool { self == .dateMin || self == .dateMax }
    }

    /// A value is filled in once: a label holding `{value}` stays as written.
    static func fill(_ template: String, label: String, value: String?, base: String? = nil, language: String = "en") -> String {
        Words.fill(joined(template, after: label), language: language) { name in
            switch name {
            case "label": label
            case "value": value
            case "base": base
            default: nil
            }
        }
    }

    /// "{label}: select an option" after a label that is a question would read "What is the
    /// loan for?: select an option"; such a label ends its own sentence, so the colon goes and
    /// the instruction starts with a capital: "What is the loan for? Select an option".
    static func joined(_ template: String, after label: String) -> String {
        guard let last = label.last, "?!؟".contains(last), let range = template.range(of: "{label}") else { return template }
        var rest = template[range.upperBound...]
        rest = rest.drop { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        guard rest.first == ":" else { return template }
        rest = rest.dropFirst().drop { $0 == " " }
        return template[..<range.upperBound] + " " + rest.prefix(1).uppercased() + rest.dropFirst()
    }
}
