import Expressions

/// An action of a user task (docs/reference/processes.md, "Actions").
public struct ActionDefinition: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case submit, save, back, upload, startProcess, dismiss, link, handler
        /// A list of rows (a collection over `list`): add an empty row, remove the row whose
        /// button was pressed (it posts `_item` with the row's position). Fields are saved first.
        case addItem, removeItem
    }

    /// Most rows `addItem` makes in one list: a post cannot grow the data without bound.
    public static let maxItems = 50

    public let name: String
    public let kind: Kind
    /// Node to move to; nil means the user task's own `next`.
    public let next: String?
    /// Only validate and save these paths (and what lies under them).
    public let keys: [DataPath]?
    /// Assignments applied after the fields are saved.
    public let params: [Assignment]
    public let validate: Bool
    /// A submit that leaves its user task waiting and starts a new branch at `next`, shown
    /// first (a BPMN non-interrupting boundary event).
    public let keepTask: Bool
    public let process: String?
    public let url: String?
    public let newTab: Bool
    public let handler: String?
    /// An `upload`'s field.
    public let key: DataPath?
    /// The list of an `addItem` or `removeItem` (written as `key` too).
    public let list: ListKey?
    /// `analytics`: `value` names the action event (default: the action name).
    public let analytics: AnalyticsTag?
    /// A field (a top-level name) whose text is a JSON object of variables: a submit sets each
    /// of them and drops the field, as a job completed with those variables would.
    public let variablesFrom: DataPath?
    /// A submit that interrupts its task (an interrupting boundary event): the task's results
    /// are not set and nothing it wrote leaves it.
    public let interrupts: Bool
    /// A submit that ends every other branch of its process (or call) before it moves on, as a
    /// terminate end does: an interrupting event subprocess's start.
    public let terminate: Bool
    /// The model event the action simulates (a message, timer, signal…): how a Camunda test
    /// case's PUBLISH_MESSAGE or INCREASE_TIME finds the button.
    public let trigger: EventTrigger?
    public let pointer: JSONPointer

    /// How many row positions this action's button posts (`_item`): one per `[]` of its list,
    /// and for `removeItem` the row it removes.
    public var rowsPosted: Int {
        guard let list else { return 0 }
        return list.rowsAbove + (kind == .removeItem ? 1 : 0)
    }

    /// What a button of this action inside items at `rows` (their positions, outermost first)
    /// posts as `_item`: the innermost `rowsPosted`; nil when it posts none, or is in too few.
    public func posted(rows: [Int]) -> String? {
        let count = rowsPosted
        guard count > 0, rows.count >= count else { return nil }
        return ListKey.posted(rows: rows.suffix(count))
    }

    public init(name: String, kind: Kind, next: String? = nil, keys: [DataPath]? = nil, params: [Assignment] = [],
                validate: Bool = true, keepTask: Bool = false, process: String? = nil, url: String? = nil, newTab: Bool = false,
                handler: String? = nil, key: DataPath? = nil, list: ListKey? = nil, analytics: AnalyticsTag? = nil,
                variablesFrom: DataPath? = nil, interrupts: Bool = false, terminate: Bool = false, trigger: EventTrigger? = nil,
                pointer: JSONPointer = JSONPointer()) {
        self.name = name; self.kind = kind; self.next = next; self.keys = keys; self.params = params
        self.validate = validate; self.keepTask = keepTask; self.process = process; self.url = url; self.newTab = newTab
        self.handler = handler; self.key = key; self.list = list; self.analytics = analytics
        self.variablesFrom = variablesFrom; self.interrupts = interrupts; self.terminate = terminate; self.trigger = trigger; self.pointer = pointer
    }
}

/// `path ← expression`, as in script tasks and action params; applied in the order of their paths.
public struct Assignment: Sendable {
    public let path: DataPath
    public let expression: Expression
    public init(path: DataPath, expression: Expression) {
        self.path = path
        self.expression = expression
    }
}

/// A model event a button stands for: `kind` (message, timer, signal, error, escalation,
/// condition) and its message, signal or escalation name, error code or timer text
/// (`PT1H`, `2026-12-24T09:00:00Z`, `R3/PT10M`).
public struct EventTrigger: Sendable, Equatable {
    public let kind: String
    public let name: String?

    public static let kinds = ["message", "timer", "signal", "error", "escalation", "condition"]

    public init(kind: String, name: String?) {
        self.kind = kind
        self.name = name
    }
}
