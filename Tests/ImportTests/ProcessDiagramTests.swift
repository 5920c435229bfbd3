import Definitions
import Foundation
import Preview
import Rendering
import Testing
import TestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The diagram interchange of a BPMN model (docs/reference/bpmn.md, "The process map"): read
/// into `ProcessDefinition.diagram`, bounded, and never a reason for a model not to load.
struct ProcessDiagramRules {
    private let project = #"{ "name": "Models", "languages": ["en"] }"#

    /// A pool with two lanes; start → task (with a non-interrupting timer) → gateway → end, and `plane` as the DI.
    private func model(plane: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
          xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="d">
          <bpmn:collaboration id="collab">
            <bpmn:participant id="pool" name="Claims office" processRef="claim"/>
          </bpmn:collaboration>
          <bpmn:process id="claim" name="Claim" isExecutable="true">
            <bpmn:laneSet id="lanes">
              <bpmn:lane id="clerk" name="Clerk"><bpmn:flowNodeRef>start1</bpmn:flowNodeRef><bpmn:flowNodeRef>check</bpmn:flowNodeRef></bpmn:lane>
              <bpmn:lane id="manager" name="Manager"><bpmn:flowNodeRef>ok</bpmn:flowNodeRef><bpmn:flowNodeRef>end1</bpmn:flowNodeRef></bpmn:lane>
            </bpmn:laneSet>
            <bpmn:startEvent id="start1" name="Claim in"/>
            <bpmn:userTask id="check" name="Check the claim"/>
            <bpmn:boundaryEvent id="nudge" attachedToRef="check" cancelActivity="false"><bpmn:timerEventDefinition/></bpmn:boundaryEvent>
            <bpmn:exclusiveGateway id="ok" name="Fine?"/>
            <bpmn:endEvent id="end1" name="Filed"/>
            <bpmn:sequenceFlow id="f1" sourceRef="start1" targetRef="check"/>
            <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="ok"/>
            <bpmn:sequenceFlow id="f3" name="Yes" sourceRef="ok" targetRef="end1"/>
          </bpmn:process>
          <bpmndi:BPMNDiagram id="diagram">
            <bpmndi:BPMNPlane id="plane" bpmnElement="collab">
        \(plane)
            </bpmndi:BPMNPlane>
          </bpmndi:BPMNDiagram>
        </bpmn:definitions>
        """
    }

    private let goodPlane = """
          <bpmndi:BPMNShape id="pool_di" bpmnElement="pool" isHorizontal="true"><dc:Bounds x="0" y="0" width="600" height="250"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="clerk_di" bpmnElement="clerk" isHorizontal="true"><dc:Bounds x="30" y="0" width="570" height="125"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="manager_di" bpmnElement="manager" isHorizontal="true"><dc:Bounds x="30" y="125" width="570" height="125"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="start1_di" bpmnElement="start1"><dc:Bounds x="80" y="44" width="36" height="36"/>
            <bpmndi:BPMNLabel><dc:Bounds x="75" y="85" width="46" height="14"/></bpmndi:BPMNLabel></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="check_di" bpmnElement="check"><dc:Bounds x="170" y="22.5" width="100" height="80"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="nudge_di" bpmnElement="nudge"><dc:Bounds x="232" y="85" width="36" height="36"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="ok_di" bpmnElement="ok" isMarkerVisible="true"><dc:Bounds x="325" y="160" width="50" height="50"/></bpmndi:BPMNShape>
          <bpmndi:BPMNShape id="end1_di" bpmnElement="end1"><dc:Bounds x="432" y="167" width="36" height="36"/></bpmndi:BPMNShape>
          <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="116" y="62"/><di:waypoint x="170" y="62"/></bpmndi:BPMNEdge>
          <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="270" y="62"/><di:waypoint x="350" y="62"/><di:waypoint x="350" y="160"/></bpmndi:BPMNEdge>
          <bpmndi:BPMNEdge id="f3_di" bpmnElement="f3"><di:waypoint x="375" y="185"/><di:waypoint x="432" y="185"/>
            <bpmndi:BPMNLabel><dc:Bounds x="395" y="167" width="18" height="14"/></bpmndi:BPMNLabel></bpmndi:BPMNEdge>
    """

    private func load(_ model: String) throws -> Project {
        try ModelHarness.load(try RepositoryPaths.fixture(["project.json": project, "claim.bpmn": model])).get()
    }

    @Test func diagramShapesAndEdgesAreReadWithTheirBoundsLabelsAndWaypoints() throws {
        let project = try load(model(plane: goodPlane))
        let diagram = try #require(project.process(named: "claim")?.diagram)
        let shapes = Dictionary(uniqueKeysWithValues: diagram.shapes.map { ($0.id, $0) })
        #expect(shapes["pool"]?.kind == .pool && shapes["pool"]?.name == "Claims office")
        #expect(shapes["clerk"]?.kind == .lane && shapes["manager"]?.bounds == .init(x: 30, y: 125, width: 570, height: 125))
        #expect(diagram.shapes.prefix(3).map(\.id) == ["pool", "clerk", "manager"], "containers are drawn first")
        #expect(shapes["check"]?.kind == .task(.user) && shapes["check"]?.bounds == .init(x: 170, y: 22.5, width: 100, height: 80))
        #expect(shapes["start1"]?.label == .init(x: 75, y: 85, width: 46, height: 14))
        #expect(shapes["nudge"]?.kind == .event(.init(position: .boundary, symbol: .timer, interrupting: false)))
        #expect(shapes["ok"]?.kind == .gateway(.exclusive) && shapes["ok"]?.name == "Fine?")
        #expect(shapes["end1"]?.kind == .event(.init(position: .end)))
        let edges = Dictionary(uniqueKeysWithValues: diagram.edges.map { ($0.id, $0) })
        #expect(edges["f2"]?.waypoints == [.init(x: 270, y: 62), .init(x: 350, y: 62), .init(x: 350, y: 160)])
        #expect(edges["f2"]?.source == "check" && edges["f2"]?.target == "ok")
        #expect(edges["f3"]?.name == "Yes" && edges["f3"]?.label == .init(x: 395, y: 167, width: 18, height: 14))
        #expect(project.warnings.allSatisfy { !$0.message.contains("diagram") })
    }

    @Test func aModelWithoutADiagramHasNoneAndIsLaidOutInstead() throws {
        let project = try load(model(plane: ""))
        #expect(project.process(named: "claim")?.diagram == nil)
    }

    @Test func aBrokenDiagramIsLeftOutWithALocatedWarningAndTheModelStillLoads() throws {
        let tooMany = String(repeating: #"<bpmndi:BPMNShape bpmnElement="check"><dc:Bounds x="1" y="1" width="1" height="1"/></bpmndi:BPMNShape>"#,
                             count: ProcessDiagram.maxShapes + 1)
        let manyPoints = #"<bpmndi:BPMNEdge bpmnElement="f1">"# + String(repeating: #"<di:waypoint x="1" y="1"/>"#, count: ProcessDiagram.maxWaypoints + 1) + "</bpmndi:BPMNEdge>"
        let broken: [(String, String)] = [
            ("NaN", goodPlane.replacingOccurrences(of: #"x="170" y="22.5""#, with: #"x="NaN" y="22.5""#)),
            ("infinite", goodPlane.replacingOccurrences(of: #"<di:waypoint x="116" y="62"/>"#, with: #"<di:waypoint x="116" y="INF"/>"#)),
            ("far away", goodPlane.replacingOccurrences(of: #"width="600""#, with: #"width="1e9""#)),
            ("negative size", goodPlane.replacingOccurrences(of: #"width="100" height="80""#, with: #"width="-100" height="80""#)),
            ("no number", goodPlane.replacingOccurrences(of: #"x="432" y="167""#, with: #"x="left" y="167""#)),
            ("no bounds", goodPlane.replacingOccurrences(of: #"<dc:Bounds x="325" y="160" width="50" height="50"/>"#, with: "")),
            ("too many shapes", tooMany),
            ("too many waypoints", manyPoints),
        ]
        for (name, plane) in broken {
            let project = try load(model(plane: plane))
            let process = try #require(project.process(named: "claim"), "\(name): the model loads")
            #expect(process.diagram == nil, "\(name): no diagram")
            let warning = project.warnings.first { $0.message.contains("is not drawn on the process map") }
            #expect(warning?.file == "claim.bpmn" && warning?.line != nil, "\(name): a located warning, got \(project.warnings)")
        }
    }

    /// Every model of the wild corpus that has a diagram: each flow node its plane draws is a
    /// shape of the map, where the file puts it. Read where the corpus lies, never copied.
    @Test func everyFlowNodeACorpusModelDrawsHasAShapeOnItsMap() throws {
        let corpus = CorpusCoverage.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("the wild corpus is missing at \(corpus.path)") }
            return
        }
        let models = (FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.lastPathComponent.hasSuffix(".bpmn") || $0.lastPathComponent.hasSuffix(".bpmn20.xml") }
        var drawnProcesses = 0
        for folder in Set(models.map { $0.deletingLastPathComponent() }).sorted(by: { $0.path < $1.path }) {
            guard case .success(let project) = ModelHarness.load(folder) else { continue }
            let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: ServerLinks())
            for process in project.processes {
                guard let diagram = process.diagram else { continue }
                drawnProcesses += 1
                let shapesInFile = ShapeBounds.read(folder.appendingPathComponent(process.file))
                let svg = HTMLDocument.parse(try #require(renderer.processMap(.process(process), path: MapPath(), language: "en").svg))
                let drawn = Set(svg.all(where: { $0.hasClass("fs-map__node") || $0.hasClass("fs-map__container") }).compactMap { $0["data-node"] })
                for node in process.nodes {
                    guard let bounds = shapesInFile[node.id] else { continue }
                    #expect(drawn.contains(node.id), "\(process.file): \(node.id) is drawn in the file but not on the map")
                    let shape = diagram.shapes.first { $0.id == node.id }
                    #expect(shape?.bounds.x == bounds.x && shape?.bounds.width == bounds.width, "\(process.file): \(node.id) where the file puts it")
                }
            }
        }
        #expect(drawnProcesses >= 10, "only \(drawnProcesses) corpus processes have a diagram")
    }
}

/// The `dc:Bounds` of every `bpmndi:BPMNShape` of a file's first plane by element id, read with Foundation's
/// parser: a second reading, so the test does not trust the reader it checks.
private final class ShapeBounds: NSObject, XMLParserDelegate {
    private var found: [String: ProcessDiagram.Bounds] = [:]
    private var shape: String?
    private var planes = 0

    static func read(_ file: URL) -> [String: ProcessDiagram.Bounds] {
        guard let parser = XMLParser(contentsOf: file) else { return [:] }
        let reader = ShapeBounds()
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        _ = parser.parse()
        return reader.found
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        // Only the first plane: a collapsed subprocess's inside is drawn on a plane of its own,
        // which the map opens from the subprocess, not on the process's map.
        if name == "BPMNPlane" { planes += 1 }
        guard planes <= 1 else { return }
        if name == "BPMNShape" { shape = attributes["bpmnElement"] }
        if name == "Bounds", let id = shape, found[id] == nil,
           let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
           let width = attributes["width"].flatMap(Double.init), let height = attributes["height"].flatMap(Double.init) {
            found[id] = .init(x: x, y: y, width: width, height: height)
        }
        if name == "BPMNLabel" { shape = nil }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "BPMNShape" { shape = nil }
    }
}
