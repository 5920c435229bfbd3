import Expressions

/// The untyped properties a page reads on every request, parsed once when the component is
/// made: a path or a text parsed per page cost more than the rest of the component's view.
/// A collection item's rebased copies share their definition's (`Component.rebased`).
struct ParsedProperties: Sendable {
    /// `parentKey`: for a child list, the field holding the parent list's code.
    let parentKey: DataPath?
    /// `source`: where a table's rows, a collection's items, an image or a choice field's options are.
    private(set) var source: DataPath?
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
        selectKey = type == .collection ? path("selectKey") : nil
        selectValue = type == .collection ? path("selectValue") : nil
        var texts: [String: Text] = [:]
        for name in Component.textPropertyNames { if let words = properties[name]?.stringValue { texts[name] = Text(words) } }
        self.texts = texts
        columns = type == .table ? (properties["columns"]?.arrayValue ?? []).compactMap(TableColumnDefinition.init) : []
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

    init?(_ column: JSONValue) {
        guard let key = column["key"]?.stringValue.flatMap({ try? DataPath($0) }) else { return nil }
        self.key = key
        label = Text(column["label"]?.stringValue ?? key.description)
        format = column["format"]?.stringValue.flatMap(Format.init) ?? .text
        currency = column["currency"]?.stringValue ?? "EUR"
    }
}
