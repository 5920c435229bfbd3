import Expressions

/// One component of a screen, decoded and checked at load (screens.md).
///
/// Properties the catalogue names are typed; anything else stays in `properties`
/// so a custom component or a later renderer can read it without a model change.
public struct Component: Sendable {
    public let type: ComponentType
    public let id: String?
    public let key: DataPath?
    public let label: Text?
    public let hint: Text?
    public let placeholder: Text?
    public let title: Text?
    public let markdown: Text?
    public let hide: Expression?
    public let disabled: Expression?
    public let defaultValue: Expression?
    public let validators: [ValidatorDefinition]
    public let options: [Option]
    public let children: [Component]
    /// Button: the user-task action it triggers.
    public let action: String?
    /// Button in an app flow: the event it fires.
    public let event: String?
    /// Button with `event`: whether the fields are validated first (default true).
    public let validate: Bool
    public let variant: String?
    public let inputType: String?
    public let autocomplete: String?
    public let kind: String?
    public let className: String?
    /// Field: the action to run when its value changes.
    public let change: String?
    /// Where the component is in its file, for messages about it.
    public let pointer: JSONPointer
    public let properties: [String: JSONValue]

    public init(
        type: ComponentType, id: String? = nil, key: DataPath? = nil, label: Text? = nil, hint: Text? = nil,
        placeholder: Text? = nil, title: Text? = nil, markdown: Text? = nil, hide: Expression? = nil,
        disabled: Expression? = nil, defaultValue: Expression? = nil, validators: [ValidatorDefinition] = [],
        options: [Option] = [], children: [Component] = [], action: String? = nil, event: String? = nil,
        validate: Bool = true, variant: String? = nil, inputType: String? = nil, autocomplete: String? = nil,
        kind: String? = nil, className: String? = nil, change: String? = nil, pointer: JSONPointer = JSONPointer(),
        properties: [String: JSONValue] = [:]
    ) {
        self.type = type; self.id = id; self.key = key; self.label = label; self.hint = hint
        self.placeholder = placeholder; self.title = title; self.markdown = markdown; self.hide = hide
        self.disabled = disabled; self.defaultValue = defaultValue; self.validators = validators
        self.options = options; self.children = children; self.action = action; self.event = event
        self.validate = validate; self.variant = variant; self.inputType = inputType
        self.autocomplete = autocomplete; self.kind = kind; self.className = className; self.change = change
        self.pointer = pointer; self.properties = properties
    }

    /// A checkbox with options is a group storing an array; without, one boolean.
    public var isCheckboxGroup: Bool { type == .checkbox && (!options.isEmpty || properties["enumeration"] != nil) }

    /// Whether the field's value is a list of choices.
    public var storesArray: Bool { type == .multiselect || isCheckboxGroup }

    /// The first component of `components` or of their descendants, depth first, that matches:
    /// what `flatMap(\.flattened).first` finds, without copying the tree.
    public static func first(in components: [Component], where match: (Component) -> Bool) -> Component? {
        for component in components {
            if match(component) { return component }
            if let found = first(in: component.children, where: match) { return found }
        }
        return nil
    }

    /// Every component in this subtree, depth first, this one included.
    public var flattened: [Component] {
        [self] + children.flatMap(\.flattened)
    }
}

/// One choice of a select, radio group, segmented control or checkbox group.
public struct Option: Sendable, Hashable {
    public let value: String
    public let label: Text
    public init(value: String, label: Text) {
        self.value = value
        self.label = label
    }
}
