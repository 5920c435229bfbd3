import Definitions
import Expressions
import Foundation

/// Reads a posted form into data through one screen's components, for process actions and
/// flow events alike: only visible, enabled fields are read (only those under `keys` when
/// given), values are typed by their component, and the fields still shown afterwards are
/// validated.
struct ScreenFormReader {
    let project: Project
    let customValidators: [String: CustomValidator]
    let language: String
    let now: Date
    /// Custom components registered in Swift: the keys they post and their validators.
    var customFields: [String: CustomComponentFields] = [:]

    struct Result {
        /// The data with the posted fields saved.
        var data: JSONValue
        /// Posted text that could not be typed, to show back.
        var rawValues: [String: String]
        /// Field errors in screen order; empty when the form may be applied.
        var errors: [FieldError]
    }

    /// What may stop a post: nothing (values that cannot be typed keep their old value), only
    /// values of the wrong type, or those and the fields' validators.
    enum Checks { case none, types, typesAndValidators }

    func read(_ screen: [Component], form: PostedForm, into data: JSONValue, keys: [DataPath]? = nil, checks: Checks,
              evaluator: inout Evaluator) -> Result {
        let shown = ScreenResolver.resolve(screen, data: data, evaluator: &evaluator)
        var fields = ScreenResolver.postableFields(shown) + CustomComponentFields.postable(shown, customFields)
        if let keys {
            fields = fields.filter { field in keys.contains { field.key.map($0.covers) ?? false } }
        }
        var merged = data
        var rawValues: [String: String] = [:]
        var problems: [String: (key: Messages.Key, bound: String?)] = [:]
        // Today's date costs a calendar lookup: only dates and the "today" validators use it.
        let needsToday = fields.contains { field in
            field.type == .datepicker
                || field.validators.contains { $0.kind == .isSameOrBeforeToday || $0.kind == .isSameOrAfterToday }
        }
        let today = needsToday ? CivilDate(now, in: .current).description : ""
        // Child lists last: their choices depend on the parent field's value posted in the same form.
        let ordered = fields.filter { !$0.isChildList } + fields.filter(\.isChildList)
        for field in ordered {
            // Files arrive only through `UploadIntake`; the field's stored metadata stays.
            guard let key = field.key, field.type != .fileUpload else { continue }
            if let cleared = staleChild(field, key: key, form: form, before: data, after: merged) {
                key.set(cleared, in: &merged)
                continue
            }
            let name = key.description
            let typed = FormTyping.type(field, posted: form.values(name),
                                        options: project.options(for: field, data: merged, language: language), today: today)
            if let problem = typed.problem {
                guard checks != .none else { continue }
                problems[name] = (problem, typed.bound)
            }
            key.set(typed.value, in: &merged)
            if let raw = typed.raw { rawValues[name] = raw }
        }
        guard checks != .none else { return Result(data: merged, rawValues: [:], errors: []) }

        let validator = FieldValidator(project: project, customValidators: customValidators,
                                       language: language, today: today)
        // The screen as the new values show it: a field a posted value hid is not validated.
        let after = ScreenResolver.resolve(screen, data: merged, evaluator: &evaluator)
        let stillShown = Set(ScreenResolver.postableFields(after).compactMap { $0.key?.description })
        var errors: [FieldError] = []
        for field in fields {
            guard let key = field.key else { continue }
            let name = key.description
            let label = { (field.label ?? field.title)?.resolve(project.tags, language: language, data: merged) ?? name }
            if let problem = problems[name] {
                errors.append(FieldError(key: name, message: validator.typeMessage(problem.key, label: label(), value: problem.bound)))
            } else if checks == .typesAndValidators, stillShown.contains(name),
                      let message = validator.firstError(field, value: key.get(in: merged), label: label(),
                                                         data: merged, evaluator: &evaluator) {
                errors.append(FieldError(key: name, message: message))
            }
        }
        if checks == .typesAndValidators, !customFields.isEmpty {
            errors += CustomComponentFields.errors(after, customFields, data: merged)
                .filter { error in !errors.contains { $0.key == error.key } }
        }
        return Result(data: merged, rawValues: rawValues, errors: errors)
    }

    /// A child list whose parent field changed in this very post, posted with a choice that
    /// belonged to the old parent: the list changed under the user, so the choice is cleared
    /// (returns `.null`) rather than called wrong; `required` still asks for a new one.
    private func staleChild(_ field: Component, key: DataPath, form: PostedForm, before: JSONValue, after: JSONValue) -> JSONValue? {
        guard let parentKey = field.parentKey, parentKey.get(in: before) != parentKey.get(in: after),
              let chosen = form.values(key.description).first, !chosen.isEmpty,
              let name = field.enumerationName, let list = project.enumerations[name],
              let item = list.item(code: chosen), item.parentCode == parentKey.get(in: before).displayString else { return nil }
        return .null
    }
}
