import Definitions
import Expressions
import Template

/// What a request decides about a field, shared by the general path and the specialized one
/// (`SpecializedComponents`), so both print the same page. Functions of the screen state and
/// the links alone: a page plan works out its fields without a `ScreenViewBuilder` (whose
/// copies of the project and the state cost a retain and a release per reference they hold).
extension ScreenState {
    /// The field's data, else its default; and the text its input shows: what was posted
    /// after a failed post, else that value.
    func shownValue(_ key: DataPath, _ resolved: ResolvedComponent) -> (current: JSONValue, text: String) {
        let current = currentValue(key, resolved)
        return (current, shownText(key, current))
    }

    /// The field's data, else its default.
    func currentValue(_ key: DataPath, _ resolved: borrowing ResolvedComponent) -> JSONValue {
        Self.currentValue(stored: data.value(at: key), default: resolved.defaultValue)
    }

    /// `stored` (the field's data), else its default.
    static func currentValue(stored: JSONValue, default fallback: JSONValue?) -> JSONValue {
        if stored == .null, let fallback { return fallback }
        return stored
    }

    /// The text an input shows for `current`: what was posted after a failed post, else the
    /// value written out (a list or an object as JSON: not cheap, and asked only when printed).
    func shownText(_ key: DataPath, _ current: JSONValue) -> String {
        (rawValues.isEmpty ? nil : rawValues[key.description]) ?? current.displayString
    }

    /// A single checkbox is ticked by `true`; a switch also by a `true` default while empty.
    func isChecked(_ resolved: ResolvedComponent) -> Bool {
        guard let key = resolved.definition.key else { return false }
        return Self.isChecked(stored: data.value(at: key), type: resolved.definition.type, default: resolved.defaultValue)
    }

    static func isChecked(stored: JSONValue, type: ComponentType, default fallback: JSONValue?) -> Bool {
        if type.isTicked, stored == .null { return fallback == .bool(true) }
        return stored == .bool(true)
    }
}

extension ComponentType {
    /// Only a checkbox or a switch is ticked (`checked`): the request's values and the page
    /// plans' rule (`PlannedNames`) ask the same question.
    var isTicked: Bool { self == .checkbox || self == .switch }
}

extension JSONValue {
    /// The option values this value chooses: each item of a list, else the value itself.
    var chosenValues: Set<String> {
        switch self {
        case .array(let items): Set(items.map(\.displayString))
        case .null: []
        default: [displayString]
        }
    }

    /// For each of `options`, whether this value chooses it (`chosenValues`): compared, not
    /// hashed, for the usual field (one value chosen of a handful): the set cost a hash per
    /// option on every page view. Empty when none is (an option past the end is not chosen).
    func chooses(_ options: [String]) -> [Bool] {
        switch self {
        case .null:
            return []
        case .array(let items) where items.count > 8:
            let chosen = chosenValues
            return options.map { chosen.contains($0) }
        case .array(let items):
            let chosen = items.map(\.displayString)
            return options.map { chosen.contains($0) }
        default:
            let chosen = displayString
            return options.map { $0 == chosen }
        }
    }
}

extension FieldRequestValues {
    /// The dynamic names of a specialized component (what a page plan's part answers). Field
    /// ids are registered for the error summary when the page has errors. Borrowing: an
    /// initializer otherwise takes its arguments owned, so each call copied the whole state.
    /// `scope` is the data of the collection item it is in: a text's markdown is read in it.
    /// `form` is where the component's form posts, when known: a button posting there too (a
    /// screen's submit button, as a rule) takes its URL instead of joining the same one again.
    /// The component is read through a pointer, field by field: one passed on from the pointers
    /// the plan's walk hands out was copied whole per call (some 340 instructions a component).
    init(_ entry: borrowing SpecializedComponents.Entry, _ resolved: UnsafePointer<ResolvedComponent>,
         state: borrowing ScreenState, links: borrowing any PageLinks, markdown: borrowing MarkdownCache, tags: borrowing Tags,
         ids: inout FieldIDs, scope: JSONValue? = nil, formTarget: borrowing PostTarget? = nil, formURL: borrowing String = "") {
        let component = resolved.pointee.definition
        var value = ""
        var error: String?
        var selected: [Bool] = []
        var changeURL: String?
        var chosen: Set<String> = []
        var checked = false
        if component.type.isField, let key = component.key {
            error = state.errors(for: key).first?.message
            if !state.errors.isEmpty { ids.register(key.description, id: entry.id) }
            // Read once: a checkbox's or a switch's tick is read from the same data.
            let stored = state.data.value(at: key)
            let current = ScreenState.currentValue(stored: stored, default: resolved.pointee.defaultValue)
            if component.type.isTicked {
                checked = ScreenState.isChecked(stored: stored, type: component.type, default: resolved.pointee.defaultValue)
            }
            if entry.writesValue { value = state.shownText(key, current) }
            var readsOptions = false
            if case .dataOptions = entry.rule { readsOptions = true }
            if readsOptions { chosen = current.chosenValues }
            if !entry.optionValues.isEmpty { selected = current.chooses(entry.optionValues) }
            if let change = component.change { changeURL = links.action(state.instanceID, change) }
        }
        if case .slider(let min, _, _, _) = entry.rule { value = SliderText.value(value, min: min) }
        var formAction = ""
        if let target = entry.ownTarget {
            // The form's target and address borrowed: an initializer's argument is owned, and
            // each field's copy of them was retained and released.
            if formTarget == target { formAction = copy formURL } else { formAction = target.url(links, instance: state.instanceID) }
        }
        // The rule's values first, then one initialization: setting `rule` after `self.init`
        // made the value in a temporary and copied it into place (a retain per string).
        var rule: RequestRuleValues?
        if case .none = entry.rule, entry.words == nil {} else {
            rule = RequestRuleValues.of(entry.rule, words: entry.words, component, disabled: resolved.pointee.disabled, value: value,
                                        chosen: chosen, error: error, fieldID: entry.id, formAction: formAction, state: state,
                                        links: links, markdown: markdown, tags: tags, scope: scope)
        }
        var describedBy = error == nil ? entry.describedBy : entry.describedByInvalid
        if entry.affixesReadData, let rule {
            describedBy = DataWords.describedBy(describedBy, affixesIn: rule.words, fieldID: entry.id)
        }
        self.init(value: value, error: error, describedBy: describedBy,
                  disabled: resolved.pointee.disabled, checked: checked, selected: selected, changeURL: changeURL,
                  formAction: formAction, rule: rule)
    }
}

extension RequestRuleValues {
    /// What `rule` works out for this request; nil for a rule that works out nothing. At load,
    /// worked out for a page with no data, it tells which names the rule leaves to the request
    /// (`SpecializedComponents`): those it answers, so no list of them is kept beside this.
    static func of(_ rule: ComponentRequestRule, words: DataWords?, _ component: Component, disabled: Bool, value: String,
                   chosen: Set<String>, error: String?, fieldID: String, formAction: String, state: borrowing ScreenState,
                   links: borrowing any PageLinks, markdown: borrowing MarkdownCache, tags: borrowing Tags,
                   scope: JSONValue?) -> RequestRuleValues? {
        let data = scope ?? state.data
        let written = DataWords.withAffixIDs(words?.written(tags: tags, language: state.language, data: data) ?? [], fieldID: fieldID)
        switch rule {
        case .none:
            return written.isEmpty ? nil : RequestRuleValues(words: written)
        case .markdown(let filled):
            return RequestRuleValues(html: filled.html(tags: tags, data: data), words: written)
        case .slider(_, let bounds, let suffix, let words):
            let shown = suffix.written(tags: tags, language: state.language, data: data)
            let valueText = SliderText.valueText(value, words: words, suffix: shown)
            guard suffix.readsData else { return RequestRuleValues(valueText: valueText, words: written) }
            // A suffix that reads the data, and the bounds written with it, are the request's.
            return RequestRuleValues(valueText: valueText, words: written + [
                (.suffix, shown ?? ""), (.minText, SliderText.written(bounds.min, words: words, suffix: shown)),
                (.maxText, SliderText.written(bounds.max, words: words, suffix: shown)),
            ])
        case .date(let min, let max, let placeholder, let notADate):
            return RequestRuleValues(date: DateInputValues(value: value, min: min, max: max,
                                                           placeholder: placeholder.written(tags: tags, language: state.language, data: data),
                                                           notADate: notADate), words: written)
        case .temporal(let inputType, let placeholder, let notATime):
            return RequestRuleValues(date: DateInputValues(temporal: value, inputType: inputType,
                                                           placeholder: placeholder.written(tags: tags, language: state.language, data: data),
                                                           notATime: notATime), words: written)
        case .upload(let hint, let words):
            let files = UploadText.files(component.key.map { state.data.value(at: $0) }, ui: words, links: links,
                                         removeURL: disabled || formAction.isEmpty ? nil : formAction)
            return RequestRuleValues(files: files, uploadHint: hint.text(globalLimit: state.uploadLimit), words: written)
        case .dataOptions(let source):
            let options = OptionView.views(source.options(in: state.data), fieldID: fieldID,
                                           type: component.type, chosen: chosen) {
                $0.label.resolve(tags, language: state.language, data: data)
            }
            return RequestRuleValues(options: OptionRows(options, name: component.key?.description ?? "", invalid: error != nil,
                                                         disabled: disabled), fieldID: fieldID, words: written)
        case .table(let columns):
            return RequestRuleValues(tableRows: columns.rows(of: component.sourceValue(in: data).arrayValue ?? []), words: written)
        case .image(let media):
            // While the data names no image, none: a page prints nothing then
            // (`FieldRequestValues.printedWhole`), and the name stays the request's.
            let image = ImageSource(media: media, tags: copy tags, links: copy links)
                .resolve(component, data: data, language: state.language)
            return RequestRuleValues(imageURL: image?.url ?? "", words: written)
        }
    }
}

extension ScreenViewBuilder {
    /// A component specialized at load: only its dynamic names are worked out here.
    mutating func specializedView(_ entry: SpecializedComponents.Entry, _ resolved: ResolvedComponent) -> TemplateValue {
        let values = withUnsafePointer(to: resolved) {
            FieldRequestValues(entry, $0, state: state, links: links, markdown: markdown, tags: project.tags, ids: &ids, scope: scope)
        }
        if case .image = entry.rule, values.rule?.imageURL?.isEmpty ?? true {
            return .embed(templates.nothing, KeyedView([]))   // no image named yet, as the general path draws it
        }
        return .embed(entry.template, SpecializedComponentContext(values))
    }
}
