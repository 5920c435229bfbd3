import Template

/// What a specialized component needs from a request: its dynamic names, answered from plain
/// fields (`SpecializedComponents.isDynamic` lists them). A value, so a page plan keeps a
/// screen's worth in one array (`PlannedPageValues.parts`) instead of an object per component.
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

    func value(for key: TemplateKey) -> TemplateValue? {
        switch ViewKey(key) {
        case .value: .text(value)
        case .error: .optional(error)
        case .invalid: .bool(error != nil)
        case .describedBy: .optional(describedBy)
        case .disabled: .bool(disabled)
        case .checked: .bool(checked)
        case .selected: .bool(key.row >= 0 && key.row < selected.count && selected[key.row])
        case .changeURL: .optional(changeURL)
        case .formAction: .text(formAction)
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
