import Expressions

/// One item of a shown `collection`: its components with keys rebased under the item
/// (`documents[2].name`), their conditions evaluated with `$item` and `$index` in scope.
public struct ResolvedItem: Sendable {
    public let index: Int
    /// The item's data, which `$item` names in the item's texts and expressions.
    public let value: JSONValue
    public let components: [ResolvedComponent]

    public init(index: Int, value: JSONValue, components: [ResolvedComponent]) {
        self.index = index
        self.value = value
        self.components = components
    }

    /// The data an item's expressions and texts see: the instance data with `$item` and
    /// `$index` added at the top.
    public static func scope(_ data: JSONValue, item: JSONValue, index: Int) -> JSONValue {
        guard case .object(var members) = data else { return .object(["$item": item, "$index": .number(Double(index))]) }
        members["$item"] = item
        members["$index"] = .number(Double(index))
        return .object(members)
    }
}

extension Component {
    /// The component with its key (and its children's) under `base`: a collection's item
    /// fields are written relative to the item.
    public func rebased(under base: DataPath) -> Component {
        with(id: id.map { "\($0)-\(base.description)" }, key: key.map(base.appending), children: children.map { $0.rebased(under: base) })
    }

    /// A collection with `selectKey`: the radio group that stores the chosen item, one option
    /// per item. Its value is the item's `selectValue` when set, else the item's index.
    public func selectionField(items: [(index: Int, value: JSONValue)]) -> Component? {
        guard type == .collection, let key = selectKey else { return nil }
        let valuePath = selectValue
        let options = items.map { item in
            // The renderer labels each radio with the item's `itemLabel`; the option's own label
            // only names it in messages.
            Option(value: valuePath.map { $0.get(in: item.value).displayString } ?? String(item.index),
                   label: Text(String(item.index + 1)))
        }
        // Made per page: only the one property its typing reads.
        return Component(type: .radio, key: key, label: self.label, hint: hint, validators: validators, options: options,
                         pointer: pointer, properties: ["storesIndex": .bool(valuePath == nil)])
    }
}
