import Expressions

/// What a screen shows, as pure data: the runtime makes it, the renderer turns it into
/// HTML, the JSON API into JSON. It lives here, beside the definitions it points into, so
/// the renderer needs nothing from the runtime.
public struct ScreenState: Sendable {
    public let instanceID: String
    /// Modal instances show a Close button on every screen.
    public let modal: Bool
    public let process: ProcessDefinition
    public let nodeID: String
    public let task: UserTask
    /// Components still on screen after `hide`, with `disabled` evaluated.
    public let components: [ResolvedComponent]
    /// The values to show: instance data, overlaid with the posted values after a failed post.
    public let data: JSONValue
    /// Posted text that could not be typed (e.g. "12a" in a number field), shown back as typed.
    public let rawValues: [String: String]
    /// Field errors in screen order.
    public let errors: [FieldError]
    public let stepper: Stepper?
    public let canGoBack: Bool
    /// A sentence for the top of the page: a stale post, a refused back, an action error.
    public let notice: String?
    public let language: String
    /// With `tabs` navigation and several waiting user tasks: one tab per task, in order.
    public var tabs: [ScreenTab] = []
    /// With `single` navigation and several waiting user tasks: every task's screen, in order,
    /// this one among them (with its errors); the page shows one section and form per task.
    public var sections: [ScreenState] = []
    /// Why the action just posted failed (a `handler` action's message): shown as an error
    /// banner above the form; nothing was saved.
    public var actionError: String?
    /// The server's largest upload, for a `fileUpload` without its own smaller `maxSize`.
    public var uploadLimit: Int = 10 << 20

    public init(instanceID: String, modal: Bool, process: ProcessDefinition, nodeID: String, task: UserTask,
                components: [ResolvedComponent], data: JSONValue, rawValues: [String: String],
                errors: [FieldError], stepper: Stepper?, canGoBack: Bool, notice: String?, language: String) {
        self.instanceID = instanceID; self.modal = modal; self.process = process; self.nodeID = nodeID; self.task = task
        self.components = components; self.data = data; self.rawValues = rawValues; self.errors = errors
        self.stepper = stepper; self.canGoBack = canGoBack; self.notice = notice; self.language = language
    }

    public func errors(for key: DataPath) -> [FieldError] {
        errors.filter { $0.key == key.description }
    }
}

/// One waiting user task in a tab bar (docs/reference/processes.md, "Navigation": `tabs`).
public struct ScreenTab: Sendable, Equatable {
    /// The task key, as `Instance.waiting` and `_screen` name it.
    public let task: String
    public let title: String
    public let selected: Bool

    public init(task: String, title: String, selected: Bool) {
        self.task = task
        self.title = title
        self.selected = selected
    }
}

/// A component that is shown, with its conditions evaluated against the instance data.
public struct ResolvedComponent: Sendable {
    public let definition: Component
    public let disabled: Bool
    /// The evaluated `default`, shown while the field's data is empty.
    public let defaultValue: JSONValue?
    public let children: [ResolvedComponent]
    /// A collection's items, each with its own components.
    public var items: [ResolvedItem] = []
    /// A collection with `selectKey`: the radio field that stores the chosen item.
    public var selection: Component?

    public init(definition: Component, disabled: Bool, defaultValue: JSONValue? = nil, children: [ResolvedComponent]) {
        self.definition = definition
        self.disabled = disabled
        self.defaultValue = defaultValue
        self.children = children
    }

    /// Whether this component or a shown descendant is of `type` (without building `flattened`).
    public func contains(_ type: ComponentType) -> Bool {
        // Plain loops: asked of every component of every page (does it post a file?).
        if definition.type == type { return true }
        for child in children where child.contains(type) { return true }
        for item in items {
            for component in item.components where component.contains(type) { return true }
        }
        return false
    }

    /// This component and every shown descendant, depth first.
    public var flattened: [ResolvedComponent] {
        [self] + children.flatMap(\.flattened) + items.flatMap { $0.components.flatMap(\.flattened) }
    }
}

/// A validation error on one field, with the message already in the page's language.
public struct FieldError: Sendable, Equatable {
    /// The field's data path.
    public let key: String
    public let message: String
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }
}

/// The stepper header of a wizard (docs/reference/processes.md, "Navigation"), counted over the
/// definition's step labels in order.
public struct Stepper: Sendable, Hashable {
    public let steps: [Text]
    /// 0-based index of the current step.
    public let current: Int
    public let substeps: [Text]
    /// 0-based index of the current substep, when the step has substeps.
    public let currentSubstep: Int?

    public init(steps: [Text], current: Int, substeps: [Text], currentSubstep: Int?) {
        self.steps = steps
        self.current = current
        self.substeps = substeps
        self.currentSubstep = currentSubstep
    }
}
