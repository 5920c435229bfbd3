import Expressions

/// A loaded, checked process definition (docs/reference/processes.md).
public struct ProcessDefinition: Sendable {
    public enum Navigation: String, Sendable, CaseIterable {
        case wizard, single, tabs
    }

    public let name: String
    public let title: Text?
    public let navigation: Navigation
    public let modal: Bool
    public let data: JSONValue
    public let params: [Parameter]
    public let nodes: [Node]
    /// Project-relative file the process came from.
    public let file: String
    /// The shapes and edges its BPMN model draws (diagram interchange), for the process map;
    /// nil for FlowStage JSON processes and models without a diagram (the map lays those out).
    public let diagram: ProcessDiagram?
    private let indexByID: [String: Int]
    /// For each node, the distinct nodes that can move a token to it: the incoming flows a
    /// parallel join waits for.
    private let sourcesByID: [String: Set<String>]

    public init(name: String, title: Text?, navigation: Navigation, modal: Bool, data: JSONValue,
                params: [Parameter], nodes: [Node], file: String, diagram: ProcessDiagram? = nil) {
        self.name = name; self.title = title; self.navigation = navigation; self.modal = modal
        self.data = data; self.params = params; self.nodes = nodes; self.file = file; self.diagram = diagram
        var index: [String: Int] = [:]
        for (offset, node) in nodes.enumerated() where index[node.id] == nil { index[node.id] = offset }
        self.indexByID = index
        var sources: [String: Set<String>] = [:]
        for node in nodes {
            for successor in node.successors { sources[successor.id, default: []].insert(node.id) }
        }
        self.sourcesByID = sources
    }

    /// The nodes with a flow into `id`.
    public func sources(of id: String) -> Set<String> {
        sourcesByID[id] ?? []
    }

    /// Whether a token at `start` can ever move to `target` (`start == target` included): what
    /// an inclusive join asks of every other token before it goes on. A breadth-first walk;
    /// processes have at most a few hundred nodes and joins are rare.
    public func reaches(from start: String, to target: String) -> Bool {
        var seen: Set<String> = [start]
        var queue = [start]
        while let id = queue.popLast() {
            if id == target { return true }
            for successor in node(id)?.successors ?? [] where seen.insert(successor.id).inserted {
                queue.append(successor.id)
            }
        }
        return false
    }

    public func node(_ id: String) -> Node? {
        indexByID[id].map { nodes[$0] }
    }

    public var startNode: Node? {
        nodes.first { if case .start = $0.kind { true } else { false } }
    }

    /// User tasks in definition order: the order the stepper counts in.
    public var userTaskIDs: [String] {
        nodes.compactMap { $0.userTask == nil ? nil : $0.id }
    }
}

/// A start parameter the process accepts.
public struct Parameter: Sendable {
    public let key: DataPath
    public let required: Bool
    public let label: Text?
    public init(key: DataPath, required: Bool, label: Text?) {
        self.key = key
        self.required = required
        self.label = label
    }
}
