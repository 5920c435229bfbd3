import Expressions

/// A loaded, checked process definition (docs/reference/processes.md).
public struct ProcessDefinition: Sendable {
    public enum Navigation: String, Sendable, CaseIterable {
        case wizard, single, tabs
    }

    // The fields live in one immutable object, as `Component`'s do: every page view copies
    // the definition of the task it shows (into the waiting task, into the screen state), and
    // a copy is one retain, not eleven on tables every worker thread shares.
    private final class Storage: Sendable {
        let name: String
        let title: Text?
        let navigation: Navigation
        let modal: Bool
        let data: JSONValue
        let params: [Parameter]
        let nodes: [Node]
        let file: String
        let diagram: ProcessDiagram?
        let indexByID: [String: Int]
        /// For each node, the distinct nodes that can move a token to it: the incoming flows a
        /// parallel join waits for.
        let sourcesByID: [String: Set<String>]
        /// Each stand-in page's service task (`ServiceTask.ask`).
        let standInOfPage: [String: String]

        init(name: String, title: Text?, navigation: Navigation, modal: Bool, data: JSONValue,
             params: [Parameter], nodes: [Node], file: String, diagram: ProcessDiagram?) {
            self.name = name; self.title = title; self.navigation = navigation; self.modal = modal
            self.data = data; self.params = params; self.nodes = nodes; self.file = file; self.diagram = diagram
            var index: [String: Int] = [:]
            for (offset, node) in nodes.enumerated() where index[node.id] == nil { index[node.id] = offset }
            self.indexByID = index
            // A stand-in's page is the stand-in in the person's hands: a flow out of it is the task's.
            var asking: [String: String] = [:]
            for node in nodes {
                if case .serviceTask(let service) = node.kind, let ask = service.ask { asking[ask] = node.id }
            }
            self.standInOfPage = asking
            var sources: [String: Set<String>] = [:]
            for node in nodes {
                for successor in node.successors where asking[node.id] == nil || successor.id != asking[node.id] {
                    sources[successor.id, default: []].insert(asking[node.id] ?? node.id)
                }
            }
            self.sourcesByID = sources
        }
    }

    private let storage: Storage

    public var name: String { storage.name }
    public var title: Text? { storage.title }
    public var navigation: Navigation { storage.navigation }
    public var modal: Bool { storage.modal }
    public var data: JSONValue { storage.data }
    public var params: [Parameter] { storage.params }
    public var nodes: [Node] { storage.nodes }
    /// Project-relative file the process came from.
    public var file: String { storage.file }
    /// The shapes and edges its BPMN model draws (diagram interchange), for the process map;
    /// nil for FlowStage JSON processes and models without a diagram (the map lays those out).
    public var diagram: ProcessDiagram? { storage.diagram }

    public init(name: String, title: Text?, navigation: Navigation, modal: Bool, data: JSONValue,
                params: [Parameter], nodes: [Node], file: String, diagram: ProcessDiagram? = nil) {
        storage = Storage(name: name, title: title, navigation: navigation, modal: modal, data: data, params: params,
                          nodes: nodes, file: file, diagram: diagram)
    }

    /// The nodes with a flow into `id` (a stand-in's page counted as its service task).
    public func sources(of id: String) -> Set<String> {
        storage.sourcesByID[id] ?? []
    }

    /// The node a token coming from `id` counts as coming from at a join: a stand-in's page is its service task.
    public func source(_ id: String?) -> String? {
        id.map { storage.standInOfPage[$0] ?? $0 }
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
        storage.indexByID[id].map { storage.nodes[$0] }
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
