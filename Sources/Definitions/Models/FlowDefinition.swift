import Expressions

/// A loaded, checked app flow (docs/reference/flows.md): a state machine of screens, events,
/// conditions and a back stack. Every state, event and condition id it names exists.
public struct FlowDefinition: Sendable {
    public let name: String
    public let title: Text?
    /// `firstState`, or the first entry of `states` when the file names none.
    public let firstStateID: String
    /// Start data of every run.
    public let data: JSONValue
    /// The flow's own conditions by id (case-sensitive); Swift-registered ones win over these.
    public let conditions: [String: Expression]
    public let states: [FlowState]
    /// Project-relative file the flow came from, for messages.
    public let file: String
    private let indexByID: [String: Int]

    public init(name: String, title: Text?, firstStateID: String, data: JSONValue,
                conditions: [String: Expression], states: [FlowState], file: String) {
        self.name = name; self.title = title; self.firstStateID = firstStateID; self.data = data
        self.conditions = conditions; self.states = states; self.file = file
        var index: [String: Int] = [:]
        for (offset, state) in states.enumerated() where index[state.id] == nil { index[state.id] = offset }
        self.indexByID = index
    }

    /// The state with exactly this id: state ids are case-sensitive (rule 2).
    public func state(id: String) -> FlowState? {
        indexByID[id].map { states[$0] }
    }

    public var firstState: FlowState? { state(id: firstStateID) }
}

/// One state of a flow: a screen, or a process launched as a child (rule 10).
public struct FlowState: Sendable {
    public let id: String
    /// Heading of the state's page; the state id when absent.
    public let title: Text?
    public let screen: [Component]
    /// In file order; looked up case-insensitively (rule 1).
    public let events: [FlowEvent]
    public let process: FlowProcessLaunch?
    public let pointer: JSONPointer
    private let eventIndex: [String: Int]

    public init(id: String, title: Text? = nil, screen: [Component] = [], events: [FlowEvent] = [],
                process: FlowProcessLaunch? = nil, pointer: JSONPointer = JSONPointer()) {
        self.id = id; self.title = title; self.screen = screen; self.events = events
        self.process = process; self.pointer = pointer
        var index: [String: Int] = [:]
        for (offset, event) in events.enumerated() where index[event.key] == nil { index[event.key] = offset }
        self.eventIndex = index
    }

    /// The event named `id` in any letter case: `Next`, `next` and `NEXT` are one event.
    public func event(_ id: String) -> FlowEvent? {
        eventIndex[FlowEvent.key(id)].map { events[$0] }
    }

    /// The state's own `back` event, which replaces popping the stack (rule 8).
    public var backEvent: FlowEvent? { event(FlowEvent.back) }
}

/// An event of a state and where it leads: the first next state whose conditions all hold.
public struct FlowEvent: Sendable {
    /// The name that makes an event a back event (in any letter case).
    public static let back = "back"

    /// As written in the file.
    public let id: String
    public let nextStates: [FlowNextState]
    public let pointer: JSONPointer

    public init(id: String, nextStates: [FlowNextState], pointer: JSONPointer = JSONPointer()) {
        self.id = id; self.nextStates = nextStates; self.pointer = pointer
    }

    /// The case-folded form events are compared by.
    public var key: String { FlowEvent.key(id) }

    public static func key(_ id: String) -> String { id.lowercased() }

    public var isBack: Bool { key == FlowEvent.back }
}

/// One candidate target of an event; an empty `conditions` list is always satisfied.
public struct FlowNextState: Sendable {
    /// Condition ids, all of which must hold (case-sensitive).
    public let conditions: [String]
    public let stateID: String
    public let pointer: JSONPointer

    public init(conditions: [String], stateID: String, pointer: JSONPointer = JSONPointer()) {
        self.conditions = conditions; self.stateID = stateID; self.pointer = pointer
    }
}

/// A process a state starts as a child, with the data mappings both ways.
public struct FlowProcessLaunch: Sendable {
    public let process: String
    /// Child start data: child path ← expression over the flow data.
    public let input: [Assignment]
    /// Copied back when the child ends: flow path ← expression over the child data.
    public let output: [Assignment]

    public init(process: String, input: [Assignment] = [], output: [Assignment] = []) {
        self.process = process; self.input = input; self.output = output
    }
}

extension ProcessDefinition {
    /// A flow as a process whose user tasks are its screen states (same ids, no actions): how
    /// the runtime shows a flow state and the renderer prepares its screens, as a process's.
    public init(screensOf flow: FlowDefinition) {
        let nodes = flow.states.filter { $0.process == nil }.map { state in
            Node(id: state.id, kind: .userTask(UserTask(
                title: state.title, step: nil, substep: nil, screen: state.screen, actions: [],
                allowBack: true, analytics: nil)), next: nil, pointer: state.pointer)
        }
        self.init(name: flow.name, title: flow.title, navigation: .single, modal: false,
                  data: flow.data, params: [], nodes: nodes, file: flow.file)
    }
}
