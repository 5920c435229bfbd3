import Definitions
import Template

/// The way an instance or a run went: what the process map marks. Node ids are those of the
/// instance's own process (or the flow's state ids).
public struct MapPath: Sendable, Equatable {
    /// One move, in order: from a node (nil for the first) to the next.
    public struct Step: Sendable, Equatable {
        public let from: String?
        public let to: String
        public init(from: String?, to: String) { self.from = from; self.to = to }
    }

    public var passed: [Step]
    /// Where tokens wait (or the flow's current state).
    public var current: [String]
    /// What a node came to, shown beside it: a business rule task's decision result.
    public var outcomes: [String: String]

    public init(passed: [Step] = [], current: [String] = [], outcomes: [String: String] = [:]) {
        self.passed = passed
        self.current = current
        self.outcomes = outcomes
    }
}

/// What a map is drawn of.
public enum MapSubject: Sendable {
    case process(ProcessDefinition)
    case flow(FlowDefinition)
}

/// A drawn map: the SVG (nil when the graph is too big to lay out) and the steps in words, the
/// path taken first, then the current nodes.
public struct ProcessMapView: Sendable {
    public struct Step: Sendable, Equatable {
        public let name: String
        public let current: Bool
    }
    public let svg: String?
    public let steps: [Step]
}

extension Renderer {
    /// The map of `subject` with `path` marked: the modeler's diagram when the BPMN model has
    /// one, else the layered layout. `id` prefixes the SVG's ids (unique on the page).
    public func processMap(_ subject: MapSubject, path: MapPath, language: String, id: String = "fs-map") -> ProcessMapView {
        let ui = project.words.for(language)
        let resolve: (Text?) -> String? = { self.text($0, language) }
        let graph: MapGraph
        let drawn: ProcessDiagram?
        let title: String
        switch subject {
        case .process(let process):
            graph = MapGraph(process: process, title: resolve)
            drawn = process.diagram ?? LayeredLayout.diagram(graph)
            title = text(process.title, language) ?? process.name
        case .flow(let flow):
            graph = MapGraph(flow: flow, title: resolve)
            drawn = LayeredLayout.diagram(graph)
            title = text(flow.title, language) ?? flow.name
        }
        let shapeIDs = Set(drawn?.shapes.map(\.id) ?? [])
        /// The shape a node is drawn as: its own, or for a node the import made (`Task_1__split`)
        /// the element it was made for.
        func shape(_ node: String?) -> String? {
            guard let node else { return nil }
            if shapeIDs.contains(node) { return node }
            if let range = node.range(of: "__"), shapeIDs.contains(String(node[..<range.lowerBound])) {
                return String(node[..<range.lowerBound])
            }
            return nil
        }
        var marks = ProcessMapSVG.Marks()
        for step in path.passed {
            let (from, to) = (shape(step.from), shape(step.to))
            if let from { marks.passedNodes.insert(from) }
            if let to { marks.passedNodes.insert(to) }
            if let from, let to, let edge = drawn?.edges.first(where: { $0.source == from && $0.target == to }) {
                marks.passedEdges.insert(edge.id)
            }
        }
        marks.current = Set(path.current.compactMap(shape))
        for (node, outcome) in path.outcomes { if let drawnNode = shape(node) { marks.outcomes[drawnNode] = outcome } }

        // The steps in words: named nodes only (a gateway without a name says nothing).
        let names = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let drawnNames = Dictionary((drawn?.shapes ?? []).compactMap { shape in shape.name.map { (shape.id, $0) } }, uniquingKeysWith: { first, _ in first })
        func name(_ node: String) -> String? {
            if let drawnName = drawnNames[node] { return drawnName }
            guard let entry = names[node] else { return nil }
            switch entry.kind {
            case .gateway, .event(.init(position: .start)): return nil
            default: return entry.name
            }
        }
        var walked = path.passed.first.flatMap { $0.from }.map { [$0] } ?? []
        for step in path.passed where walked.last != step.to { walked.append(step.to) }
        while let last = walked.last, path.current.contains(last) { walked.removeLast() }
        // A business rule task's result follows its name: "Check the claim = "manager approval"".
        let done = walked.compactMap { node in name(node).map { name in path.outcomes[node].map { "\(name) = \($0)" } ?? name } }
        let now = path.current.map { name($0) ?? $0 }
        let steps = done.map { ProcessMapView.Step(name: $0, current: false) } + now.map { ProcessMapView.Step(name: $0, current: true) }

        guard let drawn else { return ProcessMapView(svg: nil, steps: steps) }
        var description: [String] = []
        if !done.isEmpty { description.append(ui.fill("mapDescriptionDone", ["steps": ProcessMapView.list(done)])) }
        if !now.isEmpty { description.append(ui.fill("mapDescriptionCurrent", ["steps": ProcessMapView.list(now)])) }
        if description.isEmpty { description.append(ui["mapNoSteps"]) }
        let svg = ProcessMapSVG(diagram: drawn, marks: marks,
                                words: .init(title: ui.named("mapTitle", title), description: description.joined(separator: " "),
                                             current: ui["mapCurrent"], done: ui["mapDone"]),
                                id: id).write()
        return ProcessMapView(svg: svg, steps: steps)
    }

    /// The map a screen page shows beside its form (`PageSettings.map`), `false` for none.
    func mapValue(_ settings: PageSettings, ui: Words) -> TemplateValue {
        settings.map.map { mapValue(processMap($0.subject, path: $0.path, language: settings.language), id: "fs-map", ui: ui) }
            ?? .bool(false)
    }

    /// The map as the `process-map` partial shows it.
    func mapValue(_ view: ProcessMapView, id: String, ui: Words) -> TemplateValue {
        .object(KeyedView([
            .id: .text(id),
            .html: .html(view.svg ?? ""),
            .steps: view.steps.isEmpty ? .bool(false) : .object(KeyedView([.entries: .list(view.steps.map { step in
                .object(KeyedView([.label: .text(step.name), .current: .bool(step.current)]))
            })])),
            .ui: .object(ui),
        ]))
    }

    /// `GET /instances/{id}/map`: the map and the steps of an instance or a run, in the page chrome.
    public func processMapPage(instanceID: String, subject: MapSubject, path: MapPath, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let name: String = switch subject {
        case .process(let process): text(process.title, settings.language) ?? process.name
        case .flow(let flow): text(flow.title, settings.language) ?? flow.name
        }
        let heading = ui.named("mapPageHeading", name)
        let content = KeyedView([
            .heading: .text(heading),
            .map: mapValue(processMap(subject, path: path, language: settings.language), id: "fs-map", ui: ui),
            .screenURL: .text(links.instance(instanceID)),
            .inspectURL: .text(links.inspect(instanceID)),
            .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: false,
                    content: .embed(templates.page("map"), content), settings: settings, ui: ui)
    }
}

extension ProcessMapView {
    /// Names for one sentence: at most 20, then "…".
    static func list(_ names: [String]) -> String {
        names.count <= 20 ? names.joined(separator: ", ") : names.prefix(20).joined(separator: ", ") + ", …"
    }
}
