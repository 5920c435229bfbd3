import Definitions

/// A process or an app flow as nodes and the moves between them, before it is laid out: what
/// `LayeredLayout` places when no model drew the process.
public struct MapGraph: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        public let id: String
        public let kind: ProcessDiagram.Kind
        public let name: String?
        public init(id: String, kind: ProcessDiagram.Kind, name: String?) { self.id = id; self.kind = kind; self.name = name }
    }

    public struct Edge: Sendable, Equatable {
        public let id: String
        public let source: String
        public let target: String
        public let name: String?
        public init(id: String, source: String, target: String, name: String?) {
            self.id = id; self.source = source; self.target = target; self.name = name
        }
    }

    /// The first node is where the process or flow starts.
    public let nodes: [Node]
    /// At most one per source and target: moves between the same two nodes share an edge and its label.
    public let edges: [Edge]

    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        var merged: [Edge] = []
        var index: [String: Int] = [:]
        for edge in edges {
            let key = edge.source + "\u{0}" + edge.target
            if let at = index[key] {
                let names = [merged[at].name, edge.name].compactMap { $0 }
                var seen = Set<String>()
                let unique = names.flatMap { $0.components(separatedBy: ", ") }.filter { seen.insert($0).inserted }
                merged[at] = Edge(id: merged[at].id, source: edge.source, target: edge.target,
                                  name: unique.isEmpty ? nil : unique.joined(separator: ", "))
            } else {
                index[key] = merged.count
                merged.append(edge)
            }
        }
        self.edges = merged
    }

    /// A label short enough for an edge: conditions are code and can be long.
    static func short(_ text: String, _ limit: Int = 28) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
    }
}

extension MapGraph {
    /// A FlowStage process: every node, every way a token can move (`Node.successors`), with
    /// branch conditions, action names and error paths as labels.
    public init(process: ProcessDefinition, title: (Text?) -> String?) {
        var nodes: [Node] = []
        var edges: [Edge] = []
        // The start node first, so the layout begins there.
        let ordered = process.nodes.filter { if case .start = $0.kind { true } else { false } }
            + process.nodes.filter { if case .start = $0.kind { false } else { true } }
        for node in ordered {
            let (kind, name): (ProcessDiagram.Kind, String?) = switch node.kind {
            case .start: (.event(.init(position: .start)), nil)
            case .userTask(let task): (.task(.user), title(task.title) ?? node.id)
            case .scriptTask: (.task(.script), node.id)
            case .serviceTask(let service): (.task(.service), service.handler)
            case .exclusiveGateway: (.gateway(.exclusive), nil)
            case .inclusiveGateway: (.gateway(.inclusive), nil)
            case .parallelGateway: (.gateway(.parallel), nil)
            case .callActivity(let call): (.task(.call), call.process)
            case .end(let outcome, _, let terminate):
                // The end's id, not its message: messages are long and often read the data.
                (.event(.init(position: .end, symbol: terminate ? .terminate : outcome == .failed ? .error : outcome == .cancelled ? .cancel : .none)),
                 node.id)
            }
            // Gateways and the start say nothing by a name; their id is in the drawing's title.
            nodes.append(Node(id: node.id, kind: kind, name: name))
            var labels: [String: String] = [:]
            switch node.kind {
            case .exclusiveGateway(let branches), .inclusiveGateway(let branches, _):
                for branch in branches { if let when = branch.when { labels[branch.next] = labels[branch.next] ?? MapGraph.short(when.source) } }
            case .userTask(let task):
                for action in task.actions { if let next = action.next { labels[next] = labels[next].map { $0 + ", " + action.name } ?? action.name } }
            case .serviceTask(let service):
                if let onError = service.onError { labels[onError] = "onError" }
            case .callActivity(let call):
                if let onError = call.onError { labels[onError] = "onError" }
            default:
                break
            }
            for successor in node.successors {
                edges.append(Edge(id: successor.pointer.description, source: node.id, target: successor.id, name: labels[successor.id]))
            }
        }
        self.init(nodes: nodes, edges: edges.filter { process.node($0.target) != nil })
    }

    /// An app flow: every state, and every event's possible next states, labelled with the event.
    public init(flow: FlowDefinition, title: (Text?) -> String?) {
        let ordered = (flow.firstState.map { [$0] } ?? []) + flow.states.filter { $0.id != flow.firstStateID }
        var nodes: [Node] = []
        var edges: [Edge] = []
        for state in ordered {
            nodes.append(Node(id: state.id, kind: state.process == nil ? .task(.user) : .task(.call), name: title(state.title) ?? state.id))
            for event in state.events {
                for next in event.nextStates where flow.state(id: next.stateID) != nil {
                    let condition = next.conditions.isEmpty ? "" : " [" + next.conditions.joined(separator: ", ") + "]"
                    edges.append(Edge(id: next.pointer.description.isEmpty ? "\(state.id)/\(event.id)/\(next.stateID)" : next.pointer.description,
                                      source: state.id, target: next.stateID, name: MapGraph.short(event.id + condition)))
                }
            }
        }
        self.init(nodes: nodes, edges: edges)
    }
}
