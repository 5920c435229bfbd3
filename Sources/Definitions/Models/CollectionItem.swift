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
    /// fields are written relative to the item. A collection inside the item keeps its own
    /// children as written (they are relative to its elements, rebased as it shows them); its
    /// `selectKey` is the item's, and a `source` that starts at `$item` is under `base` too.
    public func rebased(under base: DataPath) -> Component {
        let id = id.map { "\($0)-\(base.description)" }
        guard type == .collection else {
            return with(id: id, key: key.map(base.appending), children: children.map { $0.rebased(under: base) })
        }
        return with(id: id, key: key.map(base.appending), children: children, parsed: parsedProperties.rebased(under: base))
    }

    /// A collection with `selectKey`: the radio group that stores the chosen item, one option
    /// per item. Its value is the item's `selectValue` when set, else the item's index.
    /// Storing indexes, for up to `itemsMadeOnce` items, it is made once with the definition.
    /// `items` are the collection's, the first at index 0.
    public func selectionField(items: some Collection<JSONValue>) -> Component? {
        guard type == .collection, let key = selectKey else { return nil }
        let valuePath = selectValue
        if valuePath == nil, items.count < firstSelections.count { return firstSelections[items.count] }
        return Component.selection(key: key, label: label, hint: hint, validators: validators, pointer: pointer,
                                   values: items.enumerated().map { index, item in valuePath.map { $0.get(in: item).displayString } ?? String(index) },
                                   storesIndex: valuePath == nil)
    }

    /// The radio group of a collection (`label`…`pointer` its own) whose items' radios hold
    /// `values`, in order.
    static func selection(key: DataPath, label: Text?, hint: Text?, validators: [ValidatorDefinition], pointer: JSONPointer,
                          values: [String], storesIndex: Bool) -> Component {
        // The renderer labels each radio with the item's `itemLabel`; the option's own label
        // only names it in messages.
        let options = values.enumerated().map { Option(value: $0.element, label: Text(String($0.offset + 1))) }
        // Only the one property its typing reads.
        return Component(type: .radio, key: key, label: label, hint: hint, validators: validators, options: options,
                         pointer: pointer, properties: ["storesIndex": .bool(storesIndex)])
    }
}
