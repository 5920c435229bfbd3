import Template

/// A view model for page-level templates and list items: a few named values.
///
/// An array of pairs, not a dictionary: for the dozen names a page context holds, comparing
/// small integers beats hashing.
final class KeyedView: TemplateContext {
    /// A struct, not a tuple: an array of tuples is destroyed through the runtime's generic
    /// tuple code, element by element.
    struct Field {
        let key: ViewKey
        let value: TemplateValue
    }

    private let fields: [Field]

    init(_ fields: KeyValuePairs<ViewKey, TemplateValue>) {
        self.fields = fields.map { Field(key: $0.key, value: $0.value) }
    }

    /// For contexts built up step by step; a key given twice answers with its first value.
    init(_ fields: [(key: ViewKey, value: TemplateValue)]) {
        self.fields = fields.map { Field(key: $0.key, value: $0.value) }
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        ViewKey(key).flatMap { self[$0] }
    }

    subscript(key: ViewKey) -> TemplateValue? {
        // By index, so the values passed over are not copied.
        for index in fields.indices where fields[index].key == key { return fields[index].value }
        return nil
    }
}

/// Views as rows (a page's forms): in a page plan, a request name inside one is bound to its
/// row (`TemplateKey.row`), so each form of a page with several tasks posts to its own action.
final class KeyedRows: TemplateRows {
    let views: [KeyedView]

    init(_ views: [KeyedView]) {
        self.views = views
    }

    var count: Int { views.count }

    func value(for key: TemplateKey, row: Int) -> TemplateValue? {
        views[row].value(for: key)
    }
}

extension TemplateValue {
    /// Optional text: absent or empty is false in a section.
    static func optional(_ text: String?) -> TemplateValue {
        guard let text, !text.isEmpty else { return .bool(false) }
        return .text(text)
    }
}
