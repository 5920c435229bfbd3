import Definitions
import Expressions

/// What a request decides about a field, shared by the general path and the specialized one
/// (`SpecializedComponents`), so both print the same page.
extension ScreenViewBuilder {
    /// The field's data, else its default; and the text its input shows: what was posted
    /// after a failed post, else that value.
    func shownValue(_ key: DataPath, _ resolved: ResolvedComponent) -> (current: JSONValue, text: String) {
        var current = state.data.value(at: key)
        if current == .null, let fallback = resolved.defaultValue { current = fallback }
        let posted = state.rawValues.isEmpty ? nil : state.rawValues[key.description]
        return (current, posted ?? current.displayString)
    }

    /// The option values `current` chooses: each item of a list, else the value itself.
    func chosenValues(_ current: JSONValue) -> Set<String> {
        switch current {
        case .array(let items): Set(items.map(\.displayString))
        case .null: []
        default: [current.displayString]
        }
    }

    /// A single checkbox is ticked by `true`; a switch also by a `true` default while empty.
    func isChecked(_ resolved: ResolvedComponent) -> Bool {
        guard let key = resolved.definition.key else { return false }
        let value = state.data.value(at: key)
        if resolved.definition.type == .switch, value == .null { return resolved.defaultValue == .bool(true) }
        return value == .bool(true)
    }

    /// Where a button posts: its action, else its flow event.
    func buttonTarget(_ component: Component) -> String {
        if let action = component.action { return links.action(state.instanceID, action) }
        if let event = component.event { return links.event(state.instanceID, event) }
        return ""
    }

    /// A component specialized at load: only its dynamic names are worked out here.
    mutating func specializedView(_ entry: SpecializedComponents.Entry, _ resolved: ResolvedComponent) -> TemplateValue {
        .embed(entry.template, FieldContext(specializedFields(entry, resolved)))
    }

    /// The dynamic names of a specialized component (what a page plan's part answers).
    mutating func specializedFields(_ entry: SpecializedComponents.Entry, _ resolved: ResolvedComponent) -> FieldValues {
        let component = resolved.definition
        var value = ""
        var error: String?
        var selected: [Bool] = []
        var changeURL: String?
        if component.type.isField, let key = component.key {
            error = state.errors(for: key).first?.message
            if !state.errors.isEmpty { ids.register(key.description, id: entry.id) }
            let shown = shownValue(key, resolved)
            value = shown.text
            if !entry.optionValues.isEmpty {
                let chosen = chosenValues(shown.current)
                selected = entry.optionValues.map { chosen.contains($0) }
            }
            changeURL = component.change.map { links.action(state.instanceID, $0) }
        }
        let checked = component.type == .checkbox || component.type == .switch ? isChecked(resolved) : false
        let formAction = component.type == .button ? buttonTarget(component) : ""
        return FieldValues(value: value, error: error, describedBy: error == nil ? entry.describedBy : entry.describedByInvalid,
                            disabled: resolved.disabled, checked: checked, selected: selected, changeURL: changeURL,
                            formAction: formAction)
    }
}
