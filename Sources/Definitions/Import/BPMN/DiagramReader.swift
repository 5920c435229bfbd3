/// Reads the diagram interchange of one process (`bpmndi:BPMNDiagram`), so the process map
/// draws the model as the modeler drew it: shapes with their bounds and labels, edges with
/// their waypoints, pools and lanes.
///
/// The diagram is a picture, never part of what runs: anything wrong with it (numbers that are
/// not finite or absurdly large, more shapes than a model has) is one located warning and no
/// diagram, never a load error.
struct DiagramReader {
    static let di = "http://www.omg.org/spec/BPMN/20100524/DI"
    static let dc = "http://www.omg.org/spec/DD/20100524/DC"
    static let dd = "http://www.omg.org/spec/DD/20100524/DI"

    let file: String
    private(set) var warnings: [LoadError] = []

    init(file: String) { self.file = file }

    /// What a diagram element may point at: a flow node, a sequence flow, a lane, a pool.
    private enum Target {
        case shape(ProcessDiagram.Kind, String?)
        case flow(SequenceFlow)
    }

    /// Why a diagram is dropped, where.
    private struct Refusal: Error {
        let node: XMLNode
        let message: String
    }

    /// The diagram of `process`, or nil when the file draws none of it (or draws it badly:
    /// then with a warning).
    mutating func read(_ root: XMLNode, process: BPMNProcess) -> ProcessDiagram? {
        let targets = DiagramReader.targets(root, process: process)
        let participants = Set(targets.compactMap { id, target -> String? in
            if case .shape(.pool, _) = target { return id } else { return nil }
        })
        let collaborations = Set(root.children("collaboration", in: BPMNNamespace.model).filter { collaboration in
            collaboration.children("participant", in: BPMNNamespace.model).contains { participants.contains($0.attribute("id") ?? "") }
        }.compactMap { $0.attribute("id") })
        let planes = root.children("BPMNDiagram", in: DiagramReader.di).compactMap { $0.child("BPMNPlane", in: DiagramReader.di) }
        // The plane of the process or of a collaboration that shows it; else the one drawing most of it.
        func drawn(_ plane: XMLNode) -> Int {
            plane.children.filter { targets[$0.attribute("bpmnElement") ?? ""] != nil }.count
        }
        let chosen = planes.first { plane in
            let element = plane.attribute("bpmnElement") ?? ""
            return (element == process.id || collaborations.contains(element)) && drawn(plane) > 0
        } ?? planes.filter { drawn($0) > 0 }.max { drawn($0) < drawn($1) }
        guard let plane = chosen else { return nil }
        do {
            return try diagram(plane, targets: targets)
        } catch {
            warnings.append(LoadError(file: file, pointer: error.node.attribute("id").map { "/" + $0 } ?? "",
                                      message: "the diagram of process \(process.id) is not drawn on the process map: \(error.message)",
                                      line: error.node.line, column: error.node.column))
            return nil
        }
    }

    private func diagram(_ plane: XMLNode, targets: [String: Target]) throws(Refusal) -> ProcessDiagram {
        let shapeNodes = plane.children("BPMNShape", in: DiagramReader.di)
        let edgeNodes = plane.children("BPMNEdge", in: DiagramReader.di)
        if shapeNodes.count > ProcessDiagram.maxShapes {
            throw Refusal(node: plane, message: "it has \(shapeNodes.count) shapes, more than the \(ProcessDiagram.maxShapes) a map draws")
        }
        if edgeNodes.count > ProcessDiagram.maxEdges {
            throw Refusal(node: plane, message: "it has \(edgeNodes.count) edges, more than the \(ProcessDiagram.maxEdges) a map draws")
        }
        var shapes: [ProcessDiagram.Shape] = []
        var seen = Set<String>()
        for node in shapeNodes {
            guard let id = node.attribute("bpmnElement"), case .shape(var kind, let name)? = targets[id], seen.insert(id).inserted else { continue }
            guard let boundsNode = node.child("Bounds", in: DiagramReader.dc) else {
                throw Refusal(node: node, message: "the shape of \(id) has no dc:Bounds")
            }
            let bounds = try DiagramReader.bounds(boundsNode)
            if case .subProcess = kind { kind = .subProcess(expanded: node.attribute("isExpanded") == "true") }
            let label = try node.child("BPMNLabel", in: DiagramReader.di)?.child("Bounds", in: DiagramReader.dc).map(DiagramReader.bounds)
            shapes.append(ProcessDiagram.Shape(id: id, kind: kind, name: name, bounds: bounds,
                                               isHorizontal: node.attribute("isHorizontal") != "false", label: label))
        }
        var edges: [ProcessDiagram.Edge] = []
        for node in edgeNodes {
            guard let id = node.attribute("bpmnElement"), case .flow(let flow)? = targets[id], seen.insert(id).inserted else { continue }
            let points = node.children("waypoint", in: DiagramReader.dd)
            if points.count > ProcessDiagram.maxWaypoints {
                throw Refusal(node: node, message: "the edge of \(id) has \(points.count) waypoints, more than the \(ProcessDiagram.maxWaypoints) a map draws")
            }
            var waypoints: [ProcessDiagram.Point] = []
            for point in points {
                waypoints.append(ProcessDiagram.Point(x: try DiagramReader.number(point, "x"), y: try DiagramReader.number(point, "y")))
            }
            guard waypoints.count >= 2 else { continue }
            let label = try node.child("BPMNLabel", in: DiagramReader.di)?.child("Bounds", in: DiagramReader.dc).map(DiagramReader.bounds)
            edges.append(ProcessDiagram.Edge(id: id, source: flow.source, target: flow.target,
                                             name: flow.name?.collapsingWhitespace(), waypoints: waypoints, label: label))
        }
        // Containers first, so what they hold is drawn over them.
        func layer(_ shape: ProcessDiagram.Shape) -> Int {
            switch shape.kind {
            case .pool: 0
            case .lane: 1
            case .subProcess(expanded: true): 2
            default: 3
            }
        }
        let ordered = shapes.enumerated().sorted { (layer($0.element), $0.offset) < (layer($1.element), $1.offset) }.map(\.element)
        return ProcessDiagram(shapes: ordered, edges: edges)
    }

    private static func bounds(_ node: XMLNode) throws(Refusal) -> ProcessDiagram.Bounds {
        let bounds = ProcessDiagram.Bounds(x: try number(node, "x"), y: try number(node, "y"),
                                           width: try number(node, "width"), height: try number(node, "height"))
        guard bounds.width >= 0, bounds.height >= 0 else {
            throw Refusal(node: node, message: "a dc:Bounds has a negative width or height")
        }
        return bounds
    }

    private static func number(_ node: XMLNode, _ name: String) throws(Refusal) -> Double {
        guard let text = node.attribute(name), let value = Double(text.trimmingWhitespace()) else {
            throw Refusal(node: node, message: "<\(node.name)> has no number in \(name)")
        }
        guard ProcessDiagram.isSane(value) else {
            throw Refusal(node: node, message: "<\(node.name)> has \(name)=\"\(text.prefix(40))\", which is not a coordinate within ±\(Int(ProcessDiagram.limit))")
        }
        return value
    }

    /// Everything of the process a diagram element may draw, by id.
    private static func targets(_ root: XMLNode, process: BPMNProcess) -> [String: Target] {
        var targets: [String: Target] = [:]
        for element in process.elements {
            targets[element.id] = .shape(kind(of: element), element.name.map { $0.collapsingWhitespace() })
        }
        for flow in process.flows { targets[flow.id] = .flow(flow) }
        for collaboration in root.children("collaboration", in: BPMNNamespace.model) {
            for participant in collaboration.children("participant", in: BPMNNamespace.model)
            where participant.attribute("processRef") == process.id {
                if let id = participant.attribute("id") {
                    targets[id] = .shape(.pool, participant.attribute("name")?.collapsingWhitespace() ?? process.name)
                }
            }
        }
        func lanes(_ laneSet: XMLNode) {
            for lane in laneSet.children("lane", in: BPMNNamespace.model) {
                if let id = lane.attribute("id") { targets[id] = .shape(.lane, lane.attribute("name")?.collapsingWhitespace()) }
                for child in lane.children("childLaneSet", in: BPMNNamespace.model) { lanes(child) }
            }
        }
        for node in root.children("process", in: BPMNNamespace.model) where node.attribute("id") == process.id {
            for laneSet in node.children("laneSet", in: BPMNNamespace.model) { lanes(laneSet) }
        }
        return targets
    }

    /// The symbol a flow element is drawn with.
    static func kind(of element: FlowElement) -> ProcessDiagram.Kind {
        typealias Event = ProcessDiagram.Event
        func event(_ position: Event.Position) -> ProcessDiagram.Kind {
            let interrupting = position == .boundary ? element.cancelActivity : element.node.attribute("isInterrupting") != "false"
            return .event(Event(position: position, symbol: symbol(element.event), interrupting: interrupting))
        }
        switch element.kind {
        case .startEvent: return event(.start)
        case .endEvent: return event(.end)
        case .intermediateCatchEvent: return event(.intermediateCatch)
        case .intermediateThrowEvent: return event(.intermediateThrow)
        case .boundaryEvent: return event(.boundary)
        case .userTask: return .task(.user)
        case .manualTask(let name):
            return .task(name == "manualTask" ? .manual : name == "receiveTask" ? .receive : .plain)
        case .automaticTask(let name):
            return .task([
                "sendTask": .send, "scriptTask": .script, "businessRuleTask": .businessRule,
            ][name] ?? .service)
        case .exclusiveGateway: return .gateway(.exclusive)
        case .inclusiveGateway: return .gateway(.inclusive)
        case .parallelGateway: return .gateway(.parallel)
        case .eventBasedGateway: return .gateway(.eventBased)
        case .complexGateway: return .gateway(.complex)
        case .subProcess: return .subProcess(expanded: false)
        case .callActivity: return .task(.call)
        case .other(let name): return name == "adHocSubProcess" ? .subProcess(expanded: false) : .other
        }
    }

    private static func symbol(_ definition: FlowElement.EventDefinition) -> ProcessDiagram.Event.Symbol {
        switch definition {
        case .none: .none
        case .message: .message
        case .timer: .timer
        case .signal: .signal
        case .error: .error
        case .escalation: .escalation
        case .conditional: .conditional
        case .link: .link
        case .terminate: .terminate
        case .cancel: .cancel
        case .compensate: .compensate
        }
    }
}
