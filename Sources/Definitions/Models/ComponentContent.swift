import Expressions

/// The content properties of docs/reference/components.md read from a component's `properties`: which
/// enumeration a choice field offers and which picture an image shows. Kept out of the
/// stored fields so the component model stays one shape for every type.
extension Component {
    /// Types that may take `enumeration` instead of inline `options`.
    public static let enumerationTypes: Set<ComponentType> = [.select, .multiselect, .radio, .segmented, .checkbox]

    /// `enumeration`: the name of the list the field offers.
    public var enumerationName: String? { properties["enumeration"]?.stringValue }

    /// Whether the field is a child list (it names a `parentKey`), without parsing the path.
    public var isChildList: Bool { properties["parentKey"] != nil }

    /// `source` of a choice field: a data path holding its options, as a list of values or
    /// of `{ "value", "label" }` objects (the shape form-js's `valuesKey` reads).
    public var optionsSource: DataPath? { takesOptionsFromSource ? source : nil }

    /// A choice field whose options are its `source`'s FEEL value (form-js's `valuesExpression`).
    public var isChoiceFromExpression: Bool { takesOptionsFromSource && sourceExpression != nil }

    /// A field whose `source` holds its options: not an image's, table's or collection's
    /// `source` (what they show), and no options of its own.
    private var takesOptionsFromSource: Bool {
        type != .image && type != .table && type != .collection && options.isEmpty
    }

    /// The options a `source` list holds; entries without a value are skipped.
    public static func options(from list: JSONValue) -> [Option] {
        guard case .array(let items) = list else { return [] }
        return items.prefix(1_000).compactMap { item in
            if case .object = item {
                guard let value = item["value"], value != .null else { return nil }
                let text = value.displayString
                return Option(value: text, label: Text(item["label"]?.displayString ?? text))
            }
            return item == .null ? nil : Option(value: item.displayString, label: Text(item.displayString))
        }
    }

    /// `media`: an image's key in media.json.
    public var mediaKey: String? { type == .image ? properties["media"]?.stringValue : nil }

    /// `source` of an image: a data path holding a media key or an http(s) URL.
    public var imageSource: DataPath? {
        type == .image ? source : nil
    }

    /// `url` of an image.
    public var imageURL: String? { type == .image ? properties["url"]?.stringValue : nil }

    /// The image's own `alt`, when it has one.
    public var alt: Text? { text("alt") }

    /// `decorative: true` or `alt: ""`: the image adds nothing a reader needs, so `alt=""`.
    public var isDecorative: Bool {
        properties["decorative"]?.boolValue == true || properties["alt"]?.stringValue == ""
    }
}

extension Project {
    /// The choices a field offers under `data`: its enumeration's items (a child list only
    /// those under the parent field's current value) with labels in `language`, else its
    /// inline options. The one place runtime typing and rendering ask, so both agree.
    public func options(for component: Component, data: JSONValue, language: String) -> [Option] {
        guard let name = component.enumerationName, let list = enumerations[name] else {
            let fromSource = component.optionsSource != nil || component.isChoiceFromExpression
            return fromSource ? Component.options(from: component.sourceValue(in: data)) : component.options
        }
        let parentCode = component.parentKey.flatMap { key -> String? in
            let value = key.get(in: data)
            return value == .null ? nil : value.displayString
        }
        return list.items(under: parentCode).map { item in
            Option(value: item.code, label: Text(item.label(language, defaultLanguage: defaultLanguage)))
        }
    }

    /// For a child list waiting on its parent: the parent field's key, when that field is still empty.
    public func waitsForParent(_ component: Component, data: JSONValue) -> DataPath? {
        guard let name = component.enumerationName, enumerations[name]?.parent != nil, let key = component.parentKey else { return nil }
        let value = key.get(in: data)
        return value == .null || value == .string("") ? key : nil
    }
}
