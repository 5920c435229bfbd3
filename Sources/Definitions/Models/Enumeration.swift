/// An option list from `enumerations/*.json` (docs/reference/enumerations.md): choices a select, radio group,
/// segmented control, checkbox group or multiselect can offer instead of inline `options`.
/// A child list names a `parent` list; each of its items names the parent item it belongs to.
public struct Enumeration: Sendable {
    public let name: String
    /// The parent list's name, for a child list.
    public let parent: String?
    /// Sorted once at load: by `order` (items without one last), then file order.
    public let items: [EnumerationItem]
    /// Project-relative file, for messages.
    public let file: String

    public init(name: String, parent: String? = nil, items: [EnumerationItem], file: String) {
        self.name = name; self.parent = parent; self.file = file
        self.items = items.enumerated().sorted { lhs, rhs in
            switch (lhs.element.order, rhs.element.order) {
            case let (left?, right?) where left != right: left < right
            case (.some, nil): true
            case (nil, .some): false
            default: lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    /// The items a child list offers while its parent field holds `parentCode` (none while it is empty).
    public func items(under parentCode: String?) -> [EnumerationItem] {
        guard parent != nil else { return items }
        guard let parentCode, !parentCode.isEmpty else { return [] }
        return items.filter { $0.parentCode == parentCode }
    }

    public func item(code: String) -> EnumerationItem? {
        items.first { $0.code == code }
    }
}

/// One choice of an enumeration.
public struct EnumerationItem: Sendable, Hashable {
    public let code: String
    /// Label per language; `""` holds a plain-string label meant for every language.
    public let content: [String: String]
    public let order: Double?
    /// For a child list: the code of the parent item it belongs to.
    public let parentCode: String?
    public let type: String?
    /// `childContentDescription.name`: what this item's children are called (e.g. "cities").
    public let childContentName: String?
    /// Where the item is in its file, for messages about it.
    public let pointer: JSONPointer

    public init(code: String, content: [String: String], order: Double? = nil, parentCode: String? = nil,
                type: String? = nil, childContentName: String? = nil, pointer: JSONPointer = JSONPointer()) {
        self.code = code; self.content = content; self.order = order; self.parentCode = parentCode
        self.type = type; self.childContentName = childContentName; self.pointer = pointer
    }

    /// The label in `language`, else in `defaultLanguage`, else a plain-string label, else the code:
    /// a missing translation never leaves an option blank.
    public func label(_ language: String, defaultLanguage: String) -> String {
        content[language] ?? content[defaultLanguage] ?? content[""] ?? content.sorted { $0.key < $1.key }.first?.value ?? code
    }
}
