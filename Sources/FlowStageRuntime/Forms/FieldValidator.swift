import Definitions
import Expressions
import Foundation

/// A custom validator registered in Swift: `validate(name, value, params) -> Bool`.
public typealias CustomValidator = @Sendable (_ value: JSONValue, _ params: [String]) -> Bool

/// Runs a field's validators (docs/reference/validators.md) and words the first failure in
/// the page's language. Apart from `required`/`requiredTrue`, validators pass on an empty value.
struct FieldValidator {
    let project: Project
    let customValidators: [String: CustomValidator]
    let language: String
    let today: String

    /// `label` is only worked out for a message: most fields pass.
    func firstError(_ component: Component, value: JSONValue, label: @autoclosure () -> String, data: JSONValue,
                    evaluator: inout Evaluator) -> String? {
        let empty = FieldValidator.isEmpty(value)
        for validator in component.validators {
            let bound = validator.value.map { bound -> JSONValue in
                switch bound {
                case .constant(let constant): constant
                case .expression(let expression): evaluator.evaluate(expression, data: data)
                }
            }
            var failed: Messages.Key?
            var base: Double?
            switch validator.kind {
            case .required:
                failed = !empty ? nil
                    : component.type == .fileUpload ? .requiredFile
                    : component.type == .datepicker ? .requiredDate
                    : FieldValidator.isChoice(component) ? .requiredChoice : .required
            case .requiredTrue:
                failed = value == .bool(true) ? nil : .requiredTrue
            case _ where empty:
                failed = nil
            case .minLength:
                failed = length(value) < (bound?.numberValue.map(Int.init) ?? 0) ? .minLength : nil
            case .maxLength:
                failed = length(value) > (bound?.numberValue.map(Int.init) ?? Int.max) ? .maxLength : nil
            case .min:
                failed = compare(value, bound) { $0 < $1 } ? .min : nil
            case .max:
                failed = compare(value, bound) { $0 > $1 } ? .max : nil
            case .pattern:
                failed = (validator.pattern?.matchesWhole(value.displayString) ?? true) ? nil : .pattern
            case .email:
                failed = FieldValidator.looksLikeEmail(value.displayString) ? nil : .email
            case .isSameOrBeforeToday:
                failed = value.displayString <= today ? nil : .isSameOrBeforeToday
            case .isSameOrAfterToday:
                failed = value.displayString >= today ? nil : .isSameOrAfterToday
            case .custom:
                failed = passesCustom(validator, value: value, data: data, evaluator: &evaluator) ? nil : .custom
            case .step:
                base = stepBase(component, data: data, evaluator: &evaluator)
                if let rule = StepRule(bound, base: base ?? 0), !rule.allows(value) { failed = rule.messageKey }
            case .decimalPlaces:
                if let most = bound?.numberValue, let number = value.numberValue ?? Double(value.displayString),
                   FieldValidator.decimalPlaces(number) > Int(most) {
                    failed = most < 1 ? .wholeNumber : .decimalPlaces
                }
            case .phone:
                failed = FieldValidator.isInternationalPhoneNumber(value.displayString) ? nil : .phone
            }
            if let failed {
                return message(failed, validator: validator, label: label(), bound: bound,
                               base: failed == .stepFrom ? base.map(words.number) : nil)
            }
        }
        return nil
    }

    /// The message for a type problem ("must be a number") on a field.
    func typeMessage(_ key: Messages.Key, label: String, value: String? = nil) -> String {
        Messages.fill(template(key, override: nil), label: label, value: value.map { key.boundIsDate ? words.date($0) : $0 },
                      language: language)
    }

    /// The interface words of the page's language.
    var words: Words { project.words.for(language) }

    private func message(_ key: Messages.Key, validator: ValidatorDefinition, label: String, bound: JSONValue?,
                         base: String?) -> String {
        let customMessage = validator.kind == .custom ? validator.name.flatMap { project.validators[$0]?.message } : nil
        return Messages.fill(template(key, override: validator.message ?? customMessage), label: label,
                             value: bound.map(written), base: base, language: language)
    }

    /// A bound as the page's locale writes it: numbers grouped, dates in the locale's form.
    private func written(_ bound: JSONValue) -> String {
        if let number = bound.numberValue { return words.number(number) }
        if case .string(let text) = bound, CivilDate(iso: text) != nil { return words.date(text) }
        return bound.displayString
    }

    /// A `step` counts from the field's `min` validator, as HTML's `step` counts from `min`.
    private func stepBase(_ component: Component, data: JSONValue, evaluator: inout Evaluator) -> Double? {
        switch component.validators.first(where: { $0.kind == .min })?.value {
        case .constant(let constant)?: constant.numberValue ?? Double(constant.displayString)
        case .expression(let expression)?:
            evaluator.evaluate(expression, data: data).numberValue
        case nil: nil
        }
    }

    /// The validator's own message (a tag in it is looked up in the page's language), else the
    /// interface word `errors.<key>` (the project's `ui.errors.<key>`, else FlowStage's).
    private func template(_ key: Messages.Key, override: Text?) -> String {
        if let override { return override.resolve(project.tags, language: language, data: .null) }
        return words[key.word]
    }

    private func passesCustom(_ validator: ValidatorDefinition, value: JSONValue, data: JSONValue,
                              evaluator: inout Evaluator) -> Bool {
        guard let name = validator.name else { return true }
        if let swift = customValidators[name] { return swift(value, validator.params) }
        guard let named = project.validators[name] else { return true }
        return evaluator.isTrue(named.expression, data: data, otherwise: true, value: value)
    }

    private func length(_ value: JSONValue) -> Int {
        if case .array(let items) = value { return items.count }
        return value.displayString.count
    }

    private func compare(_ value: JSONValue, _ bound: JSONValue?, _ failing: (Double, Double) -> Bool) -> Bool {
        guard let number = value.numberValue ?? Double(value.displayString),
              let limit = bound?.numberValue ?? bound.flatMap({ Double($0.displayString) }) else { return false }
        return failing(number, limit)
    }

    static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .string(let text): text.trimmingWhitespace().isEmpty
        case .array(let items): items.isEmpty
        default: false
        }
    }

    /// The decimal places of `number` as written in its shortest exact form: 12.5 has 1,
    /// 1e+16 none, 1.5e-05 six.
    static func decimalPlaces(_ number: Double) -> Int {
        guard number.isFinite else { return 0 }
        let written = "\(abs(number))".lowercased()
        let parts = written.split(separator: "e", maxSplits: 1)
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let fraction = parts[0].split(separator: ".", maxSplits: 1).dropFirst().first.map { $0 == "0" ? 0 : $0.count } ?? 0
        return max(0, fraction - exponent)
    }

    /// `+`, then 2 to 15 digits, the first not 0 (E.164).
    static func isInternationalPhoneNumber(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.utf8.first == UInt8(ascii: "+") && (2...15).contains(digits.count)
            && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } && digits.first != UInt8(ascii: "0")
    }

    static func isChoice(_ component: Component) -> Bool {
        [.select, .multiselect, .radio, .segmented, .checkbox, .fileUpload].contains(component.type)
    }

    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else { return false }
        return !text.contains { $0.isWhitespace }
    }
}
