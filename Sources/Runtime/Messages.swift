import Foundation
/// Default validation messages in every shipped language. `{label}` and `{value}` are
/// filled in; a project overrides one with the tag `errors.<name>` or per validator.
enum Messages {
    enum Key: String, Sendable {
        case required, requiredChoice, requiredFile, requiredTrue, minLength, maxLength, min, max, pattern, email
        case isSameOrBeforeToday, isSameOrAfterToday, custom, number, date, option
        case dateMin, dateMax
        /// `step`: from 0 (or a `min` on a step), or from a `min` that is not (`{base}`).
        case step, stepFrom
    }

    static let shippedLanguages = ["en", "ro"]

    private static let english: [Key: String] = [
        .required: "Enter {label}",
        .requiredChoice: "Select {label}",
        .requiredFile: "Choose a file for {label}",
        .requiredTrue: "Select “{label}” to continue",
        .minLength: "{label} must be {value} characters or more",
        .maxLength: "{label} must be {value} characters or fewer",
        .min: "{label} must be {value} or more",
        .max: "{label} must be {value} or less",
        .pattern: "Enter {label} in the correct format",
        .email: "Enter an email address in the correct format, like name@example.com",
        .isSameOrBeforeToday: "{label} must be today or in the past",
        .isSameOrAfterToday: "{label} must be today or in the future",
        .custom: "{label} is not valid",
        .number: "{label} must be a number",
        .date: "{label} must be a real date, like 2001-03-27",
        .option: "Select one of the options for {label}",
        .dateMin: "{label} must be the same as or after {value}",
        .dateMax: "{label} must be the same as or before {value}",
        .step: "{label} must be a multiple of {value}",
        .stepFrom: "{label} must be {base} plus a multiple of {value}",
    ]

    private static let romanian: [Key: String] = [
        .required: "Introduceți {label}",
        .requiredChoice: "Selectați {label}",
        .requiredFile: "Alegeți un fișier pentru {label}",
        .requiredTrue: "Bifați „{label}” pentru a continua",
        .minLength: "{label} trebuie să aibă cel puțin {value} caractere",
        .maxLength: "{label} trebuie să aibă cel mult {value} caractere",
        .min: "{label} trebuie să fie cel puțin {value}",
        .max: "{label} trebuie să fie cel mult {value}",
        .pattern: "Introduceți {label} în formatul corect",
        .email: "Introduceți o adresă de e-mail în formatul corect, de exemplu nume@exemplu.ro",
        .isSameOrBeforeToday: "{label} trebuie să fie azi sau în trecut",
        .isSameOrAfterToday: "{label} trebuie să fie azi sau în viitor",
        .custom: "{label} nu este valid",
        .number: "{label} trebuie să fie un număr",
        .date: "{label} trebuie să fie o dată reală, de exemplu 2001-03-27",
        .option: "Selectați una dintre opțiunile pentru {label}",
        .dateMin: "{label} trebuie să fie cel mai devreme {value}",
        .dateMax: "{label} trebuie să fie cel târziu {value}",
        .step: "{label} trebuie să fie un multiplu de {value}",
        .stepFrom: "{label} trebuie să fie {base} plus un multiplu de {value}",
    ]

    static func template(_ key: Key, language: String) -> String {
        let table = language == "ro" ? romanian : english
        return table[key] ?? english[key] ?? key.rawValue
    }

    static func fill(_ template: String, label: String, value: String?, base: String? = nil) -> String {
        var text = template.replacingOccurrences(of: "{label}", with: label)
        if let value { text = text.replacingOccurrences(of: "{value}", with: value) }
        if let base { text = text.replacingOccurrences(of: "{base}", with: base) }
        return text
    }
}

