import Expressions

/// The untyped properties a page reads on every request, parsed once when the component is
/// made: a path or a text parsed per page cost more than the rest of the component's view.
/// A collection item's rebased copies share their definition's (`Component.rebased`).
struct ParsedProperties: Sendable {
    /// `parentKey`: for a child list, the field holding the parent list's code.
    let parentKey: DataPath?
    /// `source`: where a table's rows, a collection's items, an image or a choice field's options are.
    private(set) var source: DataPath?
    /// `source` written as FEEL (`{"feel": "…"}`): a table's rows, an image or a choice field's
    /// options computed from the data, as form-js's `dataSource`, `source` and `valuesExpression`.
    let sourceExpression: Expression?
    /// A table's `columns` written as FEEL, a list of `{key, label}` (form-js's `columnsExpression`).
    let columnsExpression: Expression?
    /// `selectKey` and `selectValue` of a collection.
    private(set) var selectKey: DataPath?
    let selectValue: DataPath?
    /// The words of `Component.textPropertyNames`, by name.
    let texts: [String: Text]
    /// A table's `columns`.
    let columns: [TableColumnDefinition]

    /// A collection's paths inside an item at `base`: its choice stored in the item, and a
    /// source read from the item (`$item.people` is `base.people`); another source is the
    /// instance data's, as a table's or an image's in an item is.
    func rebased(under base: DataPath) -> ParsedProperties {
        var rebased = self
        if case .key("$item")? = source?.segments.first, let source {
            rebased.source = DataPath(segments: base.segments + source.segments.dropFirst())
        }
        rebased.selectKey = selectKey.map(base.appending)
        return rebased
    }

    init(_ properties: [String: JSONValue], type: ComponentType) {
        func path(_ name: String) -> DataPath? { properties[name]?.stringValue.flatMap { try? DataPath($0) } }
        parentKey = path("parentKey")
        source = path("source")
        func feel(_ name: String) -> Expression? {
            guard case .object(let members)? = properties[name], case .string(let source)? = members["feel"] else { return nil }
            return try? Expression(feel: source)
        }
        sourceExpression = type == .collection ? nil : feel("source")
        columnsExpression = type == .table ? feel("columns") : nil
        selectKey = type == .collection ? path("selectKey") : nil
        selectValue = type == .collection ? path("selectValue") : nil
        var texts: [String: Text] = [:]
        for name in Component.textPropertyNames { if let words = properties[name].flatMap(Text.init(json:)) { texts[name] = words } }
        self.texts = texts
        columns = type == .table ? (properties["columns"]?.arrayValue ?? []).compactMap { TableColumnDefinition($0) } : []
    }
}

/// One column of a `table` as written: where its value is in a row, its header, its format.
public struct TableColumnDefinition: Sendable {
    public enum Format: String, Sendable, CaseIterable { case text, number, currency, date, percent, boolean }

    public let key: DataPath
    /// The header: the column's `label`, else its key.
    public let label: Text
    public let format: Format
    /// For the currency format: an ISO 4217 code (EUR when not given).
    public let currency: String

    /// The columns a table's FEEL `columns` computes from `data`: its `{key, label}` items
    /// (a key any name, read as one member of the row); nothing when it is no such list.
    public static func computed(_ expression: Expression, in data: JSONValue) -> [TableColumnDefinition] {
        let value = expression.evaluate(in: TemplateSection.scope(data)).value
        return (value.arrayValue ?? []).prefix(100).compactMap { column in
            guard let key = column["key"]?.stringValue, !key.isEmpty else { return nil }
            return TableColumnDefinition(["key": .string(key), "label": column["label"] ?? .string(key)], computed: true)
        }
    }

    /// `computed`: the column comes from the data, so its key is one member's name and its
    /// label is shown as it is (a `${…}` or `@@tag` in data fills nothing in).
    init?(_ column: JSONValue, computed: Bool = false) {
        let written = column["key"]?.stringValue
        guard let key = computed ? written.map({ DataPath(segments: [.key($0)]) }) : written.flatMap({ try? DataPath($0) })
        else { return nil }
        self.key = key
        let words = column["label"]?.stringValue ?? column["label"].map(\.displayString) ?? written ?? key.description
        label = computed ? Text(source: words, parts: [.literal(words)]) : Text(words)
        format = column["format"]?.stringValue.flatMap(Format.init) ?? .text
        currency = column["currency"]?.stringValue ?? "EUR"
    }
}
