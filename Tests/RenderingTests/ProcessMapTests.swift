import Definitions
import Expressions
import Foundation
import Testing
import TestSupport
@testable import Rendering

/// The process map (issue 22): one SVG for a modeler's diagram and for the layered layout,
/// the path and the current node marked by more than colour, accessible, escaped, bounded.
@Suite struct ProcessMapRules {
    private static let examples = try! ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()

    private func renderer(_ project: Project = ProcessMapRules.examples, folder: URL = RepositoryPaths.examples) throws -> Renderer {
        Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder), links: TestLinks())
    }

    private func svg(_ view: ProcessMapView) throws -> HTMLElement {
        let svg = try #require(view.svg, "the map has a drawing")
        return try #require(HTMLDocument.parse(svg).first("svg"))
    }

    private func nodes(_ svg: HTMLElement) -> [String: HTMLElement] {
        Dictionary(svg.all(where: { $0.hasClass("fs-map__node") }).map { ($0["data-node"] ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    private func edges(_ svg: HTMLElement) -> [HTMLElement] {
        svg.all(where: { $0.hasClass("fs-map__edge") })
    }

    @Test func aJSONProcessMapHasEveryNodeAndEveryFlow() throws {
        let process = try #require(ProcessMapRules.examples.process(named: "loan_application"))
        #expect(process.diagram == nil, "a JSON process has no modeler's diagram: it is laid out")
        let svg = try svg(try renderer().processMap(.process(process), path: MapPath(), language: "en"))
        #expect(Set(nodes(svg).keys) == Set(process.nodes.map(\.id)))
        let drawn = Set(edges(svg).map { "\($0["data-from"] ?? "")→\($0["data-to"] ?? "")" })
        let flows = Set(process.nodes.flatMap { node in node.successors.map { "\(node.id)→\($0.id)" } })
        #expect(drawn == flows)
        for edge in edges(svg) {
            let points = try #require(edge.first("polyline")?["points"]).split(separator: " ")
            #expect(points.count >= 2)
        }
    }

    @Test func anAppFlowMapHasEveryStateAndEveryEventMove() throws {
        let flow = try #require(ProcessMapRules.examples.flows.first)
        let svg = try svg(try renderer().processMap(.flow(flow), path: MapPath(), language: "en"))
        #expect(Set(nodes(svg).keys) == Set(flow.states.map(\.id)))
        let drawn = Set(edges(svg).map { "\($0["data-from"] ?? "")→\($0["data-to"] ?? "")" })
        let moves = Set(flow.states.flatMap { state in state.events.flatMap { $0.nextStates.map { "\(state.id)→\($0.stateID)" } } })
        #expect(drawn == moves)
    }

    @Test func aBPMNExampleIsDrawnFromItsDiagramWithAShapeForEveryFlowNodeItDraws() throws {
        let process = try #require(ProcessMapRules.examples.process(named: "expense-claim"))
        let diagram = try #require(process.diagram, "the example model has a diagram")
        let svg = try svg(try renderer().processMap(.process(process), path: MapPath(), language: "en"))
        let drawn = nodes(svg)
        for shape in diagram.shapes {
            #expect(drawn[shape.id] != nil, "\(shape.id) is drawn")
        }
        let approve = try #require(diagram.shapes.first { $0.id == "approve-claim" })
        let rect = try #require(drawn["approve-claim"]?.all("rect").first { $0.hasClass("fs-map__shape") })
        #expect(rect["x"] == "\(Int(approve.bounds.x))" && rect["width"] == "\(Int(approve.bounds.width))", "as the modeler placed it")
        #expect(edges(svg).count == diagram.edges.count)
    }

    @Test func thePathAndTheCurrentNodeAreMarkedByShapeAndTextNotColourAlone() throws {
        let process = try #require(ProcessMapRules.examples.process(named: "loan_application"))
        let path = MapPath(passed: [.init(from: nil, to: "start"), .init(from: "start", to: "personal"), .init(from: "personal", to: "loan")],
                           current: ["loan"])
        let view = try renderer().processMap(.process(process), path: path, language: "en")
        let svg = try svg(view)
        let drawn = nodes(svg)
        let personal = try #require(drawn["personal"])
        #expect(personal["data-state"] == "passed" && personal.hasClass("fs-map__node--passed"))
        #expect(personal.all(where: { $0.hasClass("fs-map__tick") }).count == 1, "a tick, not only a colour")
        #expect(personal.first("title")?.text.hasSuffix("(done)") == true)
        #expect(personal.first(where: "fs-map__shape")?["stroke-width"] == "3")
        let loan = try #require(drawn["loan"])
        #expect(loan["data-state"] == "current" && loan.hasClass("fs-map__node--current"))
        #expect(loan.all(where: { $0.hasClass("fs-map__halo") }).count == 1, "a second outline")
        #expect(loan.all(where: { $0.hasClass("fs-map__badge") }).first?.text == "current", "a badge with text")
        let untouched = try #require(drawn["offer"])
        #expect(untouched["data-state"] == nil && untouched.first(where: "fs-map__shape")?["stroke-width"] == "1.5")
        let passedEdge = try #require(edges(svg).first { $0["data-from"] == "personal" && $0["data-to"] == "loan" })
        #expect(passedEdge["data-state"] == "passed" && passedEdge.first("polyline")?["stroke-width"] == "4")
        let otherEdge = try #require(edges(svg).first { $0["data-from"] == "loan" })
        #expect(otherEdge["data-state"] == nil && otherEdge.first("polyline")?["stroke-width"] == "1.5")
        #expect(view.steps.map(\.name) == ["Tell us about yourself", "How much would you like to borrow?"])
        #expect(view.steps.map(\.current) == [false, true])
    }

    @Test func theMapIsAnAccessibleImageWithATitleADescriptionAndTheStepsAsAList() throws {
        let inspection = {
            var inspection = Inspection(kind: .process, id: "i1", name: "loan_application", status: "running", current: "loan",
                                        history: ["personal"], incident: nil, data: "{}", warnings: [])
            inspection.map = MapPath(passed: [.init(from: "start", to: "personal"), .init(from: "personal", to: "loan")], current: ["loan"])
            return inspection
        }()
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        let page = HTMLDocument.parse(String(decoding: try renderer().inspector(inspection, settings: settings), as: UTF8.self))
        let svg = try #require(page.first("svg"))
        #expect(svg["role"] == "img")
        let titleID = try #require(svg["aria-labelledby"])
        let title = try #require(svg.element(id: titleID))
        #expect(title.tag == "title" && title.text == "Process map of “Loan application”")
        let descriptionID = try #require(svg["aria-describedby"])
        let description = try #require(svg.element(id: descriptionID))
        #expect(description.tag == "desc" && description.text.contains("Now at: How much would you like to borrow?"))
        #expect(svg["viewbox"]?.split(separator: " ").count == 4, "sized by a viewBox, so it scales")
        let list = try #require(page.all("ol").first { $0.hasClass("fs-map__steps") })
        #expect(list.all("li").map(\.text) == ["Tell us about yourself (done)", "How much would you like to borrow? (current)"])
        #expect(PageAudit.check(html: String(decoding: try renderer().inspector(inspection, settings: settings), as: UTF8.self)).isEmpty)
    }

    @Test func everyNameOnTheMapIsEscapedAndALongOneIsCutWithTheWholeNameInItsTitle() throws {
        let long = "Check <b>everything</b> & then check it all again, slowly and carefully, twice over"
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "title": "<script>alert(1)</script>", "nodes": [
              { "id": "start", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "\(long)", "screen": [ { "type": "button", "label": "Go", "action": "go" } ],
                "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
              { "id": "end", "type": "end", "outcome": "completed" } ] }
            """,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let process = try #require(project.process(named: "p"))
        let view = try renderer(project, folder: folder).processMap(.process(process), path: MapPath(), language: "en")
        let root = HTMLDocument.parse(try #require(view.svg))
        #expect(root.all("script").isEmpty && root.all("b").isEmpty, "names are text, never markup")
        let svg = try #require(root.first("svg"))
        #expect(svg.first("title")?.text.contains("<script>alert(1)</script>") == true)
        let task = try #require(nodes(svg)["t"])
        #expect(task.first("title")?.text == long)
        let shown = task.all("tspan").map(\.text).joined(separator: " ")
        #expect(shown.hasSuffix("…") && shown.count < long.count, "cut to fit the box: \(shown)")
    }

    @Test func theLayoutIsDeterministicAndNoTwoBoxesOverlap() throws {
        // A loop, a long edge, a fork: what real processes have.
        let graph = MapGraph(nodes: ["s", "a", "b", "c", "d", "e", "f", "end"].map { MapGraph.Node(id: $0, kind: .task(.user), name: $0) },
                             edges: [("s", "a"), ("a", "b"), ("b", "c"), ("c", "a"), ("a", "d"), ("d", "end"), ("b", "e"), ("e", "f"),
                                     ("f", "end"), ("s", "end"), ("c", "c")].enumerated().map { MapGraph.Edge(id: "e\($0)", source: $1.0, target: $1.1, name: nil) })
        let first = try #require(LayeredLayout.diagram(graph))
        #expect(LayeredLayout.diagram(graph) == first, "the same graph gives the same picture")
        #expect(first.shapes.count == graph.nodes.count && first.edges.count == graph.edges.count)
        for (index, one) in first.shapes.enumerated() {
            for other in first.shapes[(index + 1)...] {
                let apart = one.bounds.maxX <= other.bounds.x || other.bounds.maxX <= one.bounds.x
                    || one.bounds.maxY <= other.bounds.y || other.bounds.maxY <= one.bounds.y
                #expect(apart, "\(one.id) and \(other.id) overlap")
            }
        }
        let x = Dictionary(uniqueKeysWithValues: first.shapes.map { ($0.id, $0.bounds.x) })
        #expect(x["s"]! < x["a"]! && x["a"]! < x["b"]! && x["b"]! < x["c"]!, "layers follow the longest path; the loop c → a goes back")
        #expect(x["end"]! > x["f"]!, "the end comes after the longest way to it")
    }

    @Test func aGraphTooBigToLayOutGetsTheListOfStepsOnly() throws {
        let count = LayeredLayout.maxNodes + 1
        let graph = MapGraph(nodes: (0..<count).map { MapGraph.Node(id: "n\($0)", kind: .task(.user), name: "Step \($0)") },
                             edges: (1..<count).map { MapGraph.Edge(id: "e\($0)", source: "n\($0 - 1)", target: "n\($0)", name: nil) })
        #expect(LayeredLayout.diagram(graph) == nil)
        var nodes = [#"{ "id": "start", "type": "start", "next": "t0" }"#]
        for index in 0..<count {
            let next = index + 1 < count ? "t\(index + 1)" : "end"
            nodes.append(#"{ "id": "t\#(index)", "type": "userTask", "title": "Step \#(index)", "screen": [ { "type": "button", "label": "Go", "action": "go" } ], "actions": [ { "name": "go", "type": "submit", "next": "\#(next)" } ] }"#)
        }
        nodes.append(#"{ "id": "end", "type": "end", "outcome": "completed" }"#)
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/big.json": #"{ "name": "big", "nodes": [\#(nodes.joined(separator: ",\n"))] }"#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let big = try #require(project.process(named: "big"))
        let view = try renderer(project, folder: folder).processMap(.process(big),
                                                                   path: MapPath(passed: [.init(from: "t0", to: "t1")], current: ["t1"]), language: "en")
        #expect(view.svg == nil)
        #expect(view.steps.map(\.name) == ["Step 0", "Step 1"])
    }
}

private extension HTMLElement {
    func first(where className: String) -> HTMLElement? {
        all(where: { $0.hasClass(className) }).first
    }
}
