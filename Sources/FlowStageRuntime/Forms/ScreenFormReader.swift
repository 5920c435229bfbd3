import Definitions
import Expressions
import Foundation

/// Reads a posted form into data through one screen's components, for process actions and
/// flow events alike, and judges it on the screen the posted values produce (so a value that
/// reveals a required field is refused until that field is filled): fields shown and enabled
/// before the post are read, and so are fields the post reveals when the form carries them (a
/// page with script, a scenario); values are typed by their component; every field shown and
/// enabled after the post is validated (only those under `keys` when given).
struct ScreenFormReader {
    let project: Project
    let customValidators: [String: CustomValidator]
    let language: String
    let now: Date
    /// Custom components registered in Swift: the keys they post and their validators.
    var customFields: [String: CustomComponentFields] = [:]

    /// How many times revealed fields are read again before the screen is taken as settled:
    /// each round only adds fields, so this bounds a chain of reveals, not a cycle.
    static let revealRounds = 8

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

    /// One pass of typing posted values into data.
    private struct Typed {
        var data: JSONValue
        var rawValues: [String: String] = [:]
        var problems: [String: (key: Messages.Key, bound: String?)] = [:]
    }

    func read(_ screen: [Component], form: PostedForm, into data: JSONValue, keys: [DataPath]? = nil, checks: Checks,
              evaluator: inout Evaluator) -> Result {
        var fields = postable(ScreenResolver.resolve(screen, data: data, evaluator: &evaluator), keys: keys)
        // Today's date costs a calendar lookup: only dates and the "today" validators use it.
        let today = needsToday(screen) ? CivilDate(now, in: .current).description : ""
        var typed = type(fields, form: form, into: data, today: today, checks: checks)
        var after = ScreenResolver.resolve(screen, data: typed.data, evaluator: &evaluator)
        // Fields the posted values reveal, read when the form carries them, until nothing new shows.
        for _ in 0..<Self.revealRounds {
            let read = Set(fields.compactMap { $0.key?.description })
            let revealed = postable(after, keys: keys).filter { field in
                guard let name = field.key?.description, !read.contains(name) else { return false }
                return field.type != .fileUpload && !form.values(name).isEmpty
            }
            if revealed.isEmpty { break }
            fields += revealed
            typed = type(fields, form: form, into: data, today: today, checks: checks)
            after = ScreenResolver.resolve(screen, data: typed.data, evaluator: &evaluator)
        }
        // A revealed field the form lacks holds what the screen would show: its computed default.
        let read = Set(fields.compactMap { $0.key?.description })
        let shownAfter = postable(after, keys: keys)
        var merged = typed.data
        let unread = shownAfter.filter { !read.contains($0.key?.description ?? "") }
        let defaults = unread.isEmpty ? [:] : Self.defaults(after)
        for field in unread {
            guard let key = field.key, key.get(in: merged) == .null,
                  let value = defaults[key.description], value != .null else { continue }
            key.set(value, in: &merged)
        }
        guard checks != .none else { return Result(data: merged, rawValues: [:], errors: []) }

        let validator = FieldValidator(project: project, customValidators: customValidators,
                                       language: language, today: today)
        let shownNames = Set(shownAfter.compactMap { $0.key?.description })
        // Screen order after the post; then fields read but hidden by it (only their type is checked).
        let checked = shownAfter + fields.filter { !shownNames.contains($0.key?.description ?? "") }
        var errors: [FieldError] = []
        var reported: Set<String> = []
        for field in checked {
            guard let key = field.key else { continue }
            let name = key.description
            guard reported.insert(name).inserted else { continue }
            let label = { (field.label ?? field.title)?.resolve(project.tags, language: language, data: merged) ?? name }
            if let problem = typed.problems[name] {
                errors.append(FieldError(key: name, message: validator.typeMessage(problem.key, label: label(), value: problem.bound)))
            } else if checks == .typesAndValidators, shownNames.contains(name),
                      let message = validator.firstError(field, value: key.get(in: merged), label: label(),
                                                         data: merged, evaluator: &evaluator) {
                errors.append(FieldError(key: name, message: message))
            }
        }
        if checks == .typesAndValidators, !customFields.isEmpty {
            errors += CustomComponentFields.errors(after, customFields, data: merged)
                .filter { error in !errors.contains { $0.key == error.key } }
        }
        return Result(data: merged, rawValues: typed.rawValues, errors: errors)
    }

    /// The shown, enabled fields with a key (custom components' keys included), under `keys` when given.
    private func postable(_ resolved: [ResolvedComponent], keys: [DataPath]?) -> [Component] {
        let fields = ScreenResolver.postableFields(resolved) + CustomComponentFields.postable(resolved, customFields)
        guard let keys else { return fields }
        return fields.filter { field in keys.contains { field.key.map($0.covers) ?? false } }
    }

    /// Types the posted values of `fields` into `data`, always from the data before the post, so
    /// a value read in an earlier round never lingers.
    private func type(_ fields: [Component], form: PostedForm, into data: JSONValue, today: String, checks: Checks) -> Typed {
        var typed = Typed(data: data)
        // Child lists last: their choices depend on the parent field's value posted in the same form.
        let ordered = fields.filter { !$0.isChildList } + fields.filter(\.isChildList)
        for field in ordered {
            // Files arrive only through `UploadIntake`; the field's stored metadata stays.
            guard let key = field.key, field.type != .fileUpload else { continue }
            if let cleared = staleChild(field, key: key, form: form, before: data, after: typed.data) {
                key.set(cleared, in: &typed.data)
                continue
            }
            let name = key.description
            let result = FormTyping.type(field, posted: form.values(name),
                                         options: project.options(for: field, data: typed.data, language: language), today: today)
            if let problem = result.problem {
                // Without checks a value that cannot be typed keeps the old one.
                guard checks != .none else { continue }
                typed.problems[name] = (problem, result.bound)
            }
            key.set(result.value, in: &typed.data)
            if let raw = result.raw { typed.rawValues[name] = raw }
        }
        return typed
    }

    /// Whether any field of the screen (shown or not) types or validates against today's date.
    private func needsToday(_ screen: [Component]) -> Bool {
        Component.first(in: screen) { field in
            field.type == .datepicker
                || field.validators.contains { $0.kind == .isSameOrBeforeToday || $0.kind == .isSameOrAfterToday }
        } != nil
    }

    /// Each shown field's computed `default`, by key, as the screen evaluated it.
    private static func defaults(_ resolved: [ResolvedComponent]) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for component in resolved.flatMap(\.flattened) {
            if let key = component.definition.key, let value = component.defaultValue { found[key.description] = value }
        }
        return found
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
