import Template

/// What a specialized component needs from a request, answered from plain fields. The names
/// `value(for:)` answers are the ones specialization leaves to the request (`answers`), so a
/// name added here is dynamic at once, and no second list is kept. A value, so a page plan
/// keeps a screen's worth in one array (`PlannedPageValues.parts`), not an object per component.
struct FieldRequestValues {
    let value: String
    let error: String?
    let describedBy: String?
    let disabled: Bool
    let checked: Bool
    /// Per option, in order.
    let selected: [Bool]
    let changeURL: String?
    let formAction: String
    /// The names of a `ComponentRequestRule`, nil for components without one: a markdown
    /// text's HTML, a slider's written value, a date picker's input.
    var html: String? = nil
    var valueText: String? = nil
    var date: DateInputValues? = nil
    var files: [UploadedFileView]? = nil
    var uploadHint: String? = nil

    /// Whether a request answers `key`: everything else is written into the plan at load.
    static func answers(_ key: TemplateKey, inRow: Bool) -> Bool {
        probe.value(for: inRow ? TemplateKey(key.text, slot: key.slot, row: 0) : key) != nil
    }

    private static let probe = FieldRequestValues(value: "", error: nil, describedBy: nil, disabled: false, checked: false,
                                                  selected: [false], changeURL: nil, formAction: "")
    /// The placeholder of a component drawn whole (`PlannedPageValues.wholeParts`).
    static let none = FieldRequestValues(value: "", error: nil, describedBy: nil, disabled: false, checked: false,
                                         selected: [], changeURL: nil, formAction: "")

    func value(for key: TemplateKey) -> TemplateValue? {
        // In an option's row only `selected` changes; the option's own names are fixed.
        return switch ViewKey(key) {
        case .selected where key.row >= 0: .bool(key.row < selected.count && selected[key.row])
        case _ where key.row >= 0: nil
        case .value: .text(value)
        case .error: .optional(error)
        case .invalid: .bool(error != nil)
        case .describedBy: .optional(describedBy)
        case .disabled: .bool(disabled)
        case .checked: .bool(checked)
        case .selected: .bool(false)
        case .changeURL: .optional(changeURL)
        case .formAction: .text(formAction)
        case .html: html.map(TemplateValue.html)
        case .valueText: valueText.map(TemplateValue.text)
        case .inputType: date.map { .text($0.inputType) }
        case .placeholder: date.map { .optional($0.placeholder) }
        case .spellcheckOff: date.map { .bool($0.spellcheckOff) }
        case .min: date.map { .optional($0.min) }
        case .max: date.map { .optional($0.max) }
        case .files: files.map { .list($0.map { .object($0) }) }
        case .hasFiles: files.map { .bool(!$0.isEmpty) }
        case .uploadHint: uploadHint.map(TemplateValue.text)
        default: nil
        }
    }
}

/// A specialized component's values as the context of its embedded template (the general path).
final class FieldRequestContext: TemplateContext {
    let fields: FieldRequestValues

    init(_ fields: FieldRequestValues) {
        self.fields = fields
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        fields.value(for: key)
    }
}
