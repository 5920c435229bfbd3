/// A view model for page-level templates (one per request): a small dictionary is clear
/// and cheap there. Per-component views use typed structs instead (`ComponentView`).
struct FieldsContext: TemplateContext {
    var values: [String: TemplateValue]

    init(_ values: [String: TemplateValue]) { self.values = values }

    func value(forKey key: String) -> TemplateValue? { values[key] }
}

extension TemplateValue {
    /// Optional text: absent or empty is false in a section.
    static func optional(_ text: String?) -> TemplateValue {
        guard let text, !text.isEmpty else { return .bool(false) }
        return .text(text)
    }
}
