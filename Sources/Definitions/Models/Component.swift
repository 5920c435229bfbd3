import Expressions
import Synchronization

/// One component of a screen, decoded and checked at load (docs/reference/components.md).
///
/// Properties the catalogue names are typed; anything else stays in `properties`
/// so a custom component or a later renderer can read it without a model change.
public struct Component: Sendable {
    // The fields live in one immutable object: a screen's components are copied into arrays
    // and view models on every post and every page, and a copy is now one retain, not ~25.
    private final class Storage: Sendable {
        let type: ComponentType
        let id: String?
        let key: DataPath?
        let label: Text?
        let hint: Text?
        let placeholder: Text?
        let title: Text?
        let markdown: Text?
        let hide: Expression?
        let disabled: Expression?
        let defaultValue: Expression?
        let validators: [ValidatorDefinition]
        let options: [Option]
        let children: [Component]
        let action: String?
        let event: String?
        let validate: Bool
        let variant: String?
        let inputType: String?
        let autocomplete: String?
        let kind: String?
        let className: String?
        let change: String?
        let pointer: JSONPointer
        let properties: [String: JSONValue]
        let htmlID: String
        let parsed: ParsedProperties
        /// A collection's item components rebased under its first items (`Component.item(_:)`).
        let firstItems: [[Component]]
        /// Its item components under the items after those, made when first asked for and kept
        /// up to `itemsKept`: a page plan is kept by its components' identities.
        let laterItems: Mutex<[[Component]]>
        /// A collection's radio group for 0 to `itemsMadeOnce` items, when they store the index
        /// (`Component.selectionField(items:)`).
        let firstSelections: [Component]

        init(type: ComponentType, id: String?, key: DataPath?, label: Text?, hint: Text?, placeholder: Text?,
                title: Text?, markdown: Text?, hide: Expression?, disabled: Expression?,
                defaultValue: Expression?, validators: [ValidatorDefinition], options: [Option],
                children: [Component], action: String?, event: String?, validate: Bool, variant: String?,
                inputType: String?, autocomplete: String?, kind: String?, className: String?, change: String?,
                pointer: JSONPointer, properties: [String: JSONValue], parsed: ParsedProperties?) {
            self.type = type
            self.id = id
            self.key = key
            self.label = label
            self.hint = hint
            self.placeholder = placeholder
            self.title = title
            self.markdown = markdown
            self.hide = hide
            self.disabled = disabled
            self.defaultValue = defaultValue
            self.validators = validators
            self.options = options
            self.children = children
            self.action = action
            self.event = event
            self.validate = validate
            self.variant = variant
            self.inputType = inputType
            self.autocomplete = autocomplete
            self.kind = kind
            self.className = className
            self.change = change
            self.pointer = pointer
            self.properties = properties
            self.parsed = parsed ?? ParsedProperties(properties, type: type)
            // Made with the definition; a copy (`with`, a rebased item) makes none.
            firstItems = parsed == nil ? Component.firstItems(type: type, source: self.parsed.source, children: children) : []
            laterItems = Mutex([])
            if parsed == nil, type == .collection, let selectKey = self.parsed.selectKey, self.parsed.selectValue == nil {
                firstSelections = (0...Component.itemsMadeOnce).map { count in
                    Component.selection(key: selectKey, label: label, hint: hint, validators: validators, pointer: pointer,
                                        values: (0..<count).map(String.init), storesIndex: true)
                }
            } else {
                firstSelections = []
            }
            if let id, !id.isEmpty {
                htmlID = HTMLID.sanitise(id)
            } else if let key {
                htmlID = "field-" + HTMLID.sanitise(key.description)
            } else {
                htmlID = "c-" + type.rawValue
            }
        }
    }

    private let storage: Storage

    public var type: ComponentType { storage.type }
    public var id: String? { storage.id }
    /// The id of its element on a page unless another element has it already: its `id`, else
    /// `field-` and its key, else `c-` and its type, made safe for HTML. Worked out once here,
    /// not on every page.
    public var htmlID: String { storage.htmlID }
    var firstSelections: [Component] { storage.firstSelections }
    /// The same for every copy of this component and different for every other: caches of
    /// what is worked out per component at load are keyed by it.
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }
    public var key: DataPath? { storage.key }
    public var label: Text? { storage.label }
    public var hint: Text? { storage.hint }
    public var placeholder: Text? { storage.placeholder }
    public var title: Text? { storage.title }
    public var markdown: Text? { storage.markdown }
    public var hide: Expression? { storage.hide }
    public var disabled: Expression? { storage.disabled }
    public var defaultValue: Expression? { storage.defaultValue }
    public var validators: [ValidatorDefinition] { storage.validators }
    public var options: [Option] { storage.options }
    public var children: [Component] { storage.children }
    /// Button: the user-task action it triggers.
    public var action: String? { storage.action }
    /// Button in an app flow: the event it fires.
    public var event: String? { storage.event }
    /// Button with `event`: whether the fields are validated first (default true).
    public var validate: Bool { storage.validate }
    public var variant: String? { storage.variant }
    public var inputType: String? { storage.inputType }
    public var autocomplete: String? { storage.autocomplete }
    public var kind: String? { storage.kind }
    public var className: String? { storage.className }
    /// Field: the action to run when its value changes.
    public var change: String? { storage.change }
    /// Where the component is in its file, for messages about it.
    public var pointer: JSONPointer { storage.pointer }
    public var properties: [String: JSONValue] { storage.properties }
    /// `parentKey`: for a child list, the data path of the field holding the parent list's code.
    public var parentKey: DataPath? { storage.parsed.parentKey }
    /// `source`: the data path of a table's rows, a collection's items, an image's picture or
    /// a choice field's options.
    public var source: DataPath? { storage.parsed.source }
    /// `source` written as FEEL: what a table, an image or a choice field shows, computed from the data.
    public var sourceExpression: Expression? { storage.parsed.sourceExpression }
    /// A table's `columns` written as FEEL (a list of `{key, label}`), computed from the data.
    public var columnsExpression: Expression? { storage.parsed.columnsExpression }

    /// What the component shows from the data: the value at `source`, or its FEEL's value
    /// (`data` may be a collection item's scope, holding `$item` and `$index`).
    public func sourceValue(in data: JSONValue) -> JSONValue {
        if let expression = sourceExpression { return expression.evaluate(in: TemplateSection.scope(data)).value }
        return source?.get(in: data) ?? .null
    }

    /// A collection's `selectKey` (where the chosen item is stored) and `selectValue` (what of it).
    public var selectKey: DataPath? { storage.parsed.selectKey }
    public var selectValue: DataPath? { storage.parsed.selectValue }
    /// A table's `columns`.
    public var tableColumns: [TableColumnDefinition] { storage.parsed.columns }
    /// The properties holding words (`textPropertyNames`), parsed once like `label`.
    public func text(_ property: String) -> Text? { storage.parsed.texts[property] }
    /// The untyped properties that hold words a page shows.
    public static let textPropertyNames = ["prefix", "suffix", "emptyLabel", "subtitle", "caption", "itemLabel", "emptyText",
                                           "uploadLabel", "alt"]

    public init(
        type: ComponentType, id: String? = nil, key: DataPath? = nil, label: Text? = nil, hint: Text? = nil,
        placeholder: Text? = nil, title: Text? = nil, markdown: Text? = nil, hide: Expression? = nil,
        disabled: Expression? = nil, defaultValue: Expression? = nil, validators: [ValidatorDefinition] = [],
        options: [Option] = [], children: [Component] = [], action: String? = nil, event: String? = nil,
        validate: Bool = true, variant: String? = nil, inputType: String? = nil, autocomplete: String? = nil,
        kind: String? = nil, className: String? = nil, change: String? = nil, pointer: JSONPointer = JSONPointer(),
        properties: [String: JSONValue] = [:]
    ) {
        storage = Storage(type: type, id: id, key: key, label: label, hint: hint, placeholder: placeholder,
                title: title, markdown: markdown, hide: hide, disabled: disabled, defaultValue: defaultValue,
                validators: validators, options: options, children: children, action: action, event: event,
                validate: validate, variant: variant, inputType: inputType, autocomplete: autocomplete,
                kind: kind, className: className, change: change, pointer: pointer, properties: properties, parsed: nil)
    }

    /// How many items of a collection have their components made with the definition: lists
    /// are short, and a page otherwise made each item's components anew on every view.
    public static var itemsMadeOnce: Int { 16 }
    /// How many items of a collection have their components kept once made: those after the
    /// first are made when a page first shows them. A longer list's are made per page.
    public static var itemsKept: Int { 100 }

    private static func firstItems(type: ComponentType, source: DataPath?, children: [Component]) -> [[Component]] {
        // Not inside an item that is itself a collection's: the copies would multiply.
        guard type == .collection, let source, !children.contains(where: { Component.first(in: [$0]) { $0.type == .collection } != nil })
        else { return [] }
        return (0..<itemsMadeOnce).map { index in
            children.map { $0.rebased(under: source.appending(DataPath(segments: [.index(index)]))) }
        }
    }

    /// A collection's item components for its item `index`: its children, their keys under
    /// `source[index]` (made once for the first items, kept once made up to `itemsKept`).
    public func item(_ index: Int) -> [Component] {
        if index < storage.firstItems.count { return storage.firstItems[index] }
        guard let source else { return children }
        func made(_ index: Int) -> [Component] {
            children.map { $0.rebased(under: source.appending(DataPath(segments: [.index(index)]))) }
        }
        guard index < Component.itemsKept else { return made(index) }
        let first = storage.firstItems.count
        return storage.laterItems.withLock { later in
            while first + later.count <= index { later.append(made(first + later.count)) }
            return later[index - first]
        }
    }

    /// `self` with another id, key and children, sharing what was parsed of its properties.
    func with(id: String?, key: DataPath?, children: [Component], parsed: ParsedProperties? = nil) -> Component {
        let old = storage
        return Component(storage: Storage(
            type: old.type, id: id, key: key, label: old.label, hint: old.hint, placeholder: old.placeholder, title: old.title,
            markdown: old.markdown, hide: old.hide, disabled: old.disabled, defaultValue: old.defaultValue,
            validators: old.validators, options: old.options, children: children, action: old.action, event: old.event,
            validate: old.validate, variant: old.variant, inputType: old.inputType, autocomplete: old.autocomplete,
            kind: old.kind, className: old.className, change: old.change, pointer: old.pointer, properties: old.properties,
            parsed: parsed ?? old.parsed))
    }

    /// What was parsed of its properties: a copy rebased under an item shares it but for its paths.
    var parsedProperties: ParsedProperties { storage.parsed }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// A checkbox with options (inline, an enumeration's or read from the data at `source`, as a
    /// form-js checklist's `valuesKey`) is a group storing an array; without, one boolean.
    public var isCheckboxGroup: Bool {
        type == .checkbox && (!options.isEmpty || properties["enumeration"] != nil || properties["source"] != nil)
    }

    /// Whether the field must be answered: a `required` or `requiredTrue` validator.
    public var isRequired: Bool { validators.contains { $0.kind == .required || $0.kind == .requiredTrue } }

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
