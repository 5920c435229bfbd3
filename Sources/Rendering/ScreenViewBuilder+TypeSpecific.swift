import Definitions
import Expressions
import Template

/// View models of the components added after the first screens: multiselect,
/// segmented, switch, slider, datepicker, table, collection, and the textarea counter.
/// Kept apart from `ScreenViewBuilder` so each component's rules sit together.
extension ScreenViewBuilder {
    mutating func fillTypeSpecific(_ view: inout ComponentView, _ resolved: ResolvedComponent) {
        let component = resolved.definition
        switch component.type {
        case .multiselect:
            view.group = true
        case .switch:
            view.checked = state.isChecked(resolved)
        case .slider:
            fillSlider(&view, component)
        case .datepicker:
            // A posted text that is no real date cannot stand in a date input's value (browsers
            // drop it); it is shown back in a text input, with the expected form as its placeholder.
            let input = DateInputValues(value: view.value, min: component.dateBound("min"), max: component.dateBound("max"),
                                        placeholder: view.placeholder, notADate: ui["datePlaceholder"])
            (view.inputType, view.placeholder, view.spellcheckOff) = (input.inputType, input.placeholder, input.spellcheckOff)
            if input.isDate {
                view.set(.min, .optional(input.min))
                view.set(.max, .optional(input.max))
            }
        case .table:
            fillTable(&view, component)
        case .collection:
            fillCollection(&view, resolved)
        default:
            break
        }
    }

    /// `maxLength` is announced up front ("You can enter up to N characters") and tied to the
    /// field by `aria-describedby`; the script adds a live count of what is left.
    mutating func fillCounter(_ view: inout ComponentView, _ component: Component) {
        guard let max = component.number("maxLength"), max >= 1 else { return }
        let counterID = ids.reserve(view.id + "-counter")
        view.set(.counter, .text(ui.fill("textareaLimit", ["x": ui.number(max)])))
        view.set(.counterID, .text(counterID))
        view.set(.maxLength, .number(max.rounded()))
        view.set(.remaining, .text(ui["charactersRemaining"]))
        view.describedBy = ((view.describedBy.map { [$0] } ?? []) + [counterID]).joined(separator: " ")
    }

    /// An input's `prefix`/`suffix` ("€", "kg") is drawn beside it and hidden from screen
    /// readers there; it is read with the field through `aria-describedby` instead. One that
    /// is empty (its data missing) is not drawn, so the field names no description for it.
    mutating func describeAffixes(_ view: inout ComponentView) {
        if view.prefix?.isEmpty == true { view.prefix = nil }
        if view.suffix?.isEmpty == true { view.suffix = nil }
        var described = view.describedBy.map { [$0] } ?? []
        if view.prefix != nil {
            let id = ids.reserve(view.id + "-prefix")
            view.set(.prefixID, .text(id))
            described.append(id)
        }
        if view.suffix != nil {
            let id = ids.reserve(view.id + "-suffix")
            view.set(.suffixID, .text(id))
            described.append(id)
        }
        view.describedBy = described.isEmpty ? nil : described.joined(separator: " ")
    }

    private func fillSlider(_ view: inout ComponentView, _ component: Component) {
        let min = component.number("min") ?? 0
        let max = component.number("max") ?? 100
        let step = component.number("step") ?? 1
        view.inputType = "range"
        // The stored value, else the default, else min (`SliderText.value`).
        view.value = SliderText.value(view.value, min: JSONValue.number(min).displayString)
        view.set(.min, .text(JSONValue.number(min).displayString))
        view.set(.max, .text(JSONValue.number(max).displayString))
        view.set(.step, .text(JSONValue.number(step).displayString))
        view.suffix = textProperty(component, "suffix")
        view.set(.showValue, .bool(component.properties["showValue"]?.boolValue ?? true))
        // What people read is in the page's locale ("1.500 €"); the input's value stays plain.
        view.set(.valueText, .text(SliderText.valueText(view.value, words: ui, suffix: view.suffix)))
        view.set(.minText, .text(SliderText.written(min, words: ui, suffix: view.suffix)))
        view.set(.maxText, .text(SliderText.written(max, words: ui, suffix: view.suffix)))
        view.set(.outputID, .text(view.id + "-value"))
    }

    private func fillTable(_ view: inout ComponentView, _ component: Component) {
        let data = scope ?? state.data
        let definitions = component.columnsExpression.map { TableColumnDefinition.computed($0, in: data) } ?? component.tableColumns
        let columns = definitions.map { TableColumn($0, label: text($0.label) ?? "", ui: ui) }
        view.set(.caption, .optional(textProperty(component, "caption")))
        view.set(.columns, .list(columns.map { column in
            .object(KeyedView([.label: .text(column.label), .format: .text(column.format.rawValue)]))
        }))
        let rows = component.sourceValue(in: data).arrayValue ?? []
        view.set(.tableRows, .list(TableColumn.rows(columns, of: rows)))
        view.set(.columnCount, .number(Double(columns.count)))
    }

    private mutating func fillCollection(_ view: inout ComponentView, _ resolved: ResolvedComponent) {
        let component = resolved.definition
        var radios: [(id: String, value: String)] = []
        var chosen = ""
        if let selection = resolved.selection, let key = selection.key {
            view.name = key.description
            view.hint = text(component.hint)
            view.error = state.errors(for: key).first?.message
            view.invalid = view.error != nil
            var described: [String] = []
            if view.hint != nil { view.hintID = ids.reserve(view.id + "-hint"); described.append(view.hintID) }
            // Named while valid too (printed only with the error): a page plan made from a valid
            // page keeps it for the pages where the collection is in error (`UnrolledCollection`).
            view.errorID = view.invalid ? ids.reserve(view.id + "-error") : view.id + "-error"
            if view.invalid { described.append(view.errorID) }
            view.describedBy = described.isEmpty ? nil : described.joined(separator: " ")
            chosen = state.chosenItem(key)
            // The first radio carries the field id, so the error summary links to it.
            for (offset, option) in selection.options.enumerated() {
                let id = offset == 0
                    ? ids.allocate("field-" + HTMLID.sanitise(key.description), key: key.description)
                    : ids.reserve("\(radios[0].id)-\(offset + 1)")
                radios.append((id, option.value))
            }
            view.set(.selectable, .bool(true))
        }
        let total = resolved.items.count
        let itemLabel = component.text("itemLabel")
        let outer = scope
        var items: [TemplateValue] = []
        for item in resolved.items {
            let itemScope = ResolvedItem.scope(state.data, item: item.value, index: item.index)
            scope = itemScope
            rows.append(item.index)
            defer { rows.removeLast() }
            let label = item.label(itemLabel, total: total, scope: itemScope, tags: project.tags, language: state.language, ui: ui)
            let hasFields = item.components.flatMap(\.flattened).contains { $0.definition.type.isField || $0.selection != nil }
            var values: [(key: ViewKey, value: TemplateValue)] = [
                (.itemLabel, .text(label)),
                (.components, .list(build(item.components))),
                (.fieldset, .bool(hasFields)),
            ]
            if item.index < radios.count {
                values += [(.radioID, .text(radios[item.index].id)), (.radioValue, .text(radios[item.index].value)),
                           (.selected, .bool(radios[item.index].value == chosen))]
            }
            items.append(.object(KeyedView(values)))
        }
        scope = outer
        view.set(.items, .list(items))
        view.set(.hasItems, .bool(!items.isEmpty))
        view.set(.emptyText, .text(textProperty(component, "emptyText") ?? ui["collectionEmpty"]))
    }
}
