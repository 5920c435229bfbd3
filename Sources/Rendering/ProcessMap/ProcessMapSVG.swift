import Definitions
import Template

/// Writes a `ProcessDiagram` as inline SVG, the same for a modeler's diagram and a computed
/// layout: a picture with a title and a description (`role="img"`), colours only through
/// classes that read the theme's variables (Public/flowstage.css), so light and dark both work.
///
/// The path taken and the current nodes are never told by colour alone: passed edges and nodes
/// are drawn thicker, with a tick; current nodes get a second outline and a "Current" badge with
/// text. Every name is escaped; a long one is wrapped or cut, with the whole name in a `<title>`.
struct ProcessMapSVG {
    struct Marks {
        var passedNodes: Set<String> = []
        var passedEdges: Set<String> = []
        var current: Set<String> = []
        /// Text shown under a node: a decision's result.
        var outcomes: [String: String] = [:]
    }

    struct Words {
        let title: String
        let description: String
        let current: String
        let done: String
    }

    let diagram: ProcessDiagram
    let marks: Marks
    let words: Words
    /// Prefix of every id in the drawing, unique on the page.
    let id: String

    static let fontSize = 12.0
    static let lineHeight = 14.0
    /// A rough average advance of a character at `fontSize`: enough to wrap without measuring.
    static let charWidth = 6.4

    func write() -> String {
        var out = HTMLBuffer(capacity: 8 << 10)
        let extent = diagram.extent ?? .init(x: 0, y: 0, width: 100, height: 100)
        let pad = 30.0
        let box = ProcessDiagram.Bounds(x: extent.x - pad, y: extent.y - pad, width: extent.width + 2 * pad, height: extent.height + 2 * pad)
        out.appendRaw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"fs-map__svg\" role=\"img\" viewBox=\"")
        out.appendRaw("\(n(box.x)) \(n(box.y)) \(n(box.width)) \(n(box.height))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\"")
        out.appendRaw(" aria-labelledby=\"\(id)-title\" aria-describedby=\"\(id)-desc\" font-size=\"\(n(Self.fontSize))\">")
        out.appendRaw("<title id=\"\(id)-title\">"); out.appendEscaped(words.title); out.appendRaw("</title>")
        out.appendRaw("<desc id=\"\(id)-desc\">"); out.appendEscaped(words.description); out.appendRaw("</desc>")
        out.appendRaw("<defs>")
        for (suffix, kind) in [("arrow", ""), ("arrow-passed", " fs-map__arrowhead--passed")] {
            out.appendRaw("<marker id=\"\(id)-\(suffix)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"10\" markerHeight=\"10\" orient=\"auto\">")
            out.appendRaw("<path d=\"M0,0 L10,5 L0,10 z\" class=\"fs-map__arrowhead\(kind)\" fill=\"currentColor\"/></marker>")
        }
        out.appendRaw("</defs>")
        let containers = diagram.shapes.filter(isContainer)
        for shape in containers { container(shape, into: &out) }
        for edge in diagram.edges { self.edge(edge, into: &out) }
        for shape in diagram.shapes where !isContainer(shape) { node(shape, into: &out) }
        out.appendRaw("</svg>")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private func isContainer(_ shape: ProcessDiagram.Shape) -> Bool {
        switch shape.kind {
        case .pool, .lane, .subProcess(expanded: true): true
        default: false
        }
    }

    // MARK: - Pools, lanes, expanded subprocesses

    private func container(_ shape: ProcessDiagram.Shape, into out: inout HTMLBuffer) {
        let b = shape.bounds
        let kind = switch shape.kind {
        case .pool: "pool"
        case .lane: "lane"
        default: "subprocess"
        }
        out.appendRaw("<g class=\"fs-map__container fs-map__container--\(kind)\" data-node=\"")
        out.appendEscaped(shape.id)
        out.appendRaw("\">")
        if let name = shape.name { out.appendRaw("<title>"); out.appendEscaped(name); out.appendRaw("</title>") }
        out.appendRaw("<rect x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\"\(kind == "subprocess" ? " rx=\"10\"" : "") fill=\"none\" stroke=\"currentColor\"/>")
        if let name = shape.name {
            if kind == "subprocess" || !shape.isHorizontal {
                text(name, in: .init(x: b.x + 6, y: b.y + 4, width: b.width - 12, height: 2 * Self.lineHeight), anchor: "start", into: &out)
            } else {
                // The name runs up the band on the left, as modelers draw it.
                let band = kind == "pool" ? 30.0 : 24.0
                if kind == "pool" {
                    out.appendRaw("<line x1=\"\(n(b.x + band))\" y1=\"\(n(b.y))\" x2=\"\(n(b.x + band))\" y2=\"\(n(b.maxY))\" stroke=\"currentColor\"/>")
                }
                let line = cut(name, chars: max(3, Int((b.height - 8) / Self.charWidth)))
                out.appendRaw("<text class=\"fs-map__text\" fill=\"currentColor\" text-anchor=\"middle\" transform=\"rotate(-90 \(n(b.x + band / 2)) \(n(b.midY)))\" x=\"\(n(b.x + band / 2))\" y=\"\(n(b.midY + 4))\">")
                out.appendEscaped(line)
                out.appendRaw("</text>")
            }
        }
        out.appendRaw("</g>")
    }

    // MARK: - Edges

    private func edge(_ edge: ProcessDiagram.Edge, into out: inout HTMLBuffer) {
        let passed = marks.passedEdges.contains(edge.id)
        out.appendRaw("<g class=\"fs-map__edge\(passed ? " fs-map__edge--passed" : "")\" data-flow=\"")
        out.appendEscaped(edge.id)
        if let source = edge.source { out.appendRaw("\" data-from=\""); out.appendEscaped(source) }
        if let target = edge.target { out.appendRaw("\" data-to=\""); out.appendEscaped(target) }
        out.appendRaw(passed ? "\" data-state=\"passed\">" : "\">")
        if let name = edge.name { out.appendRaw("<title>"); out.appendEscaped(name + (passed ? " (\(words.done))" : "")); out.appendRaw("</title>") }
        out.appendRaw("<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(passed ? 4 : 1.5))\" points=\"")
        out.appendRaw(edge.waypoints.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " "))
        out.appendRaw("\" marker-end=\"url(#\(id)-\(passed ? "arrow-passed" : "arrow"))\"/>")
        if let name = edge.name {
            let place = edge.label ?? {
                let a = edge.waypoints[0], b = edge.waypoints[1]
                return .init(x: (a.x + b.x) / 2 - 45, y: (a.y + b.y) / 2 - 30, width: 90, height: 28)
            }()
            text(name, in: widened(place), anchor: "middle", maxLines: 2, into: &out)
        }
        out.appendRaw("</g>")
    }

    // MARK: - Nodes

    private func node(_ shape: ProcessDiagram.Shape, into out: inout HTMLBuffer) {
        let b = shape.bounds
        let current = marks.current.contains(shape.id)
        let passed = !current && marks.passedNodes.contains(shape.id)
        let kind: String = switch shape.kind {
        case .task: "task"
        case .subProcess: "task"
        case .event: "event"
        case .gateway: "gateway"
        default: "other"
        }
        out.appendRaw("<g class=\"fs-map__node fs-map__node--\(kind)\(current ? " fs-map__node--current" : passed ? " fs-map__node--passed" : "")\" data-node=\"")
        out.appendEscaped(shape.id)
        out.appendRaw(current ? "\" data-state=\"current\">" : passed ? "\" data-state=\"passed\">" : "\">")
        out.appendRaw("<title>")
        out.appendEscaped((shape.name ?? shape.id) + (current ? " (\(words.current))" : passed ? " (\(words.done))" : ""))
        out.appendRaw("</title>")
        let width = current || passed ? 3.0 : 1.5
        switch shape.kind {
        case .event(let event):
            let r = min(b.width, b.height) / 2
            if current { circle(b.midX, b.midY, r + 5, "fs-map__halo", 2, into: &out) }
            let ring = event.position == .end ? max(width, 3.5) : width
            out.appendRaw("<circle cx=\"\(n(b.midX))\" cy=\"\(n(b.midY))\" r=\"\(n(r))\" class=\"fs-map__shape\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(ring))\"\(event.interrupting ? "" : " stroke-dasharray=\"4 3\"")/>")
            if [.intermediateCatch, .intermediateThrow, .boundary].contains(event.position) {
                out.appendRaw("<circle cx=\"\(n(b.midX))\" cy=\"\(n(b.midY))\" r=\"\(n(max(r - 3, 1)))\" fill=\"none\" stroke=\"currentColor\"\(event.interrupting ? "" : " stroke-dasharray=\"4 3\"")/>")
            }
            symbol(event.symbol, cx: b.midX, cy: b.midY, r: r, filled: event.position == .end || event.position == .intermediateThrow, into: &out)
        case .gateway(let gateway):
            let diamond = { (grow: Double) in
                "\(n(b.midX)),\(n(b.y - grow)) \(n(b.maxX + grow)),\(n(b.midY)) \(n(b.midX)),\(n(b.maxY + grow)) \(n(b.x - grow)),\(n(b.midY))"
            }
            if current { out.appendRaw("<polygon class=\"fs-map__halo\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" points=\"\(diamond(6))\"/>") }
            out.appendRaw("<polygon class=\"fs-map__shape\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(width))\" points=\"\(diamond(0))\"/>")
            gatewayMarker(gateway, b, into: &out)
        default:
            if current {
                out.appendRaw("<rect class=\"fs-map__halo\" x=\"\(n(b.x - 5))\" y=\"\(n(b.y - 5))\" width=\"\(n(b.width + 10))\" height=\"\(n(b.height + 10))\" rx=\"13\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>")
            }
            let call: Bool = if case .task(.call) = shape.kind { true } else { false }
            out.appendRaw("<rect class=\"fs-map__shape\" x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" rx=\"8\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(call ? max(width, 3.5) : width))\"/>")
            if case .subProcess = shape.kind {
                // The collapsed subprocess's [+].
                let x = b.midX - 6, y = b.maxY - 15
                out.appendRaw("<path fill=\"none\" stroke=\"currentColor\" d=\"M\(n(x)),\(n(y))h12v12h-12z M\(n(x + 6)),\(n(y + 2))v8 M\(n(x + 2)),\(n(y + 6))h8\"/>")
            }
        }
        if let name = shape.name {
            switch shape.kind {
            case .event, .gateway:
                let place = shape.label ?? .init(x: b.midX - 55, y: b.maxY + 6, width: 110, height: 3 * Self.lineHeight)
                text(name, in: widened(place), anchor: "middle", maxLines: 3, into: &out)
            default:
                text(name, in: .init(x: b.x + 5, y: b.y + 4, width: b.width - 10, height: b.height - 8), anchor: "middle", centred: true, into: &out)
            }
        }
        if passed {
            // A tick on the top right corner: done, whatever the colours.
            out.appendRaw("<g class=\"fs-map__tick\"><circle cx=\"\(n(b.maxX))\" cy=\"\(n(b.y))\" r=\"8\" stroke=\"currentColor\"/>")
            out.appendRaw("<path fill=\"none\" stroke-width=\"2\" d=\"M\(n(b.maxX - 4)),\(n(b.y)) l3,3 l5,-6\"/></g>")
        }
        if let outcome = marks.outcomes[shape.id] {
            text("= " + outcome, in: .init(x: b.x - 20, y: b.maxY + 4, width: b.width + 40, height: 2 * Self.lineHeight), anchor: "middle",
                 maxLines: 2, into: &out)
        }
        if current {
            let badgeWidth = Double(words.current.count) * Self.charWidth + 12
            let x = min(b.midX - badgeWidth / 2, b.x - 5), y = b.y - 9 - 20
            out.appendRaw("<g class=\"fs-map__badge\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(badgeWidth))\" height=\"18\" rx=\"9\"/>")
            out.appendRaw("<text class=\"fs-map__badge-text\" x=\"\(n(x + badgeWidth / 2))\" y=\"\(n(y + 13))\" text-anchor=\"middle\" font-weight=\"700\">")
            out.appendEscaped(words.current)
            out.appendRaw("</text></g>")
        }
        out.appendRaw("</g>")
    }

    private func circle(_ cx: Double, _ cy: Double, _ r: Double, _ kind: String, _ width: Double, into out: inout HTMLBuffer) {
        out.appendRaw("<circle class=\"\(kind)\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(n(width))\"/>")
    }

    private func gatewayMarker(_ gateway: ProcessDiagram.Gateway, _ b: ProcessDiagram.Bounds, into out: inout HTMLBuffer) {
        let s = min(b.width, b.height) * 0.22, x = b.midX, y = b.midY
        let path: String = switch gateway {
        case .exclusive: "M\(n(x - s)),\(n(y - s))L\(n(x + s)),\(n(y + s))M\(n(x + s)),\(n(y - s))L\(n(x - s)),\(n(y + s))"
        case .parallel: "M\(n(x)),\(n(y - s * 1.3))V\(n(y + s * 1.3))M\(n(x - s * 1.3)),\(n(y))H\(n(x + s * 1.3))"
        case .complex: "M\(n(x)),\(n(y - s * 1.3))V\(n(y + s * 1.3))M\(n(x - s * 1.3)),\(n(y))H\(n(x + s * 1.3))M\(n(x - s)),\(n(y - s))L\(n(x + s)),\(n(y + s))M\(n(x + s)),\(n(y - s))L\(n(x - s)),\(n(y + s))"
        case .inclusive, .eventBased: ""
        }
        if gateway == .inclusive || gateway == .eventBased {
            circle(x, y, s * 1.2, "fs-map__mark", 2.5, into: &out)
            if gateway == .eventBased { circle(x, y, s * 0.8, "fs-map__mark", 1, into: &out) }
        } else {
            out.appendRaw("<path class=\"fs-map__mark\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"3\" d=\"\(path)\"/>")
        }
    }

    /// The small picture inside an event: an envelope, a clock, a bolt…
    private func symbol(_ symbol: ProcessDiagram.Event.Symbol, cx: Double, cy: Double, r: Double, filled: Bool, into out: inout HTMLBuffer) {
        let s = r * 0.5
        let d: String
        switch symbol {
        case .none: return
        case .terminate:
            out.appendRaw("<circle class=\"fs-map__mark fs-map__mark--filled\" cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r * 0.6))\" fill=\"currentColor\"/>")
            return
        case .timer:
            circle(cx, cy, r * 0.65, "fs-map__mark", 1.5, into: &out)
            d = "M\(n(cx)),\(n(cy))V\(n(cy - r * 0.5))M\(n(cx)),\(n(cy))L\(n(cx + r * 0.35)),\(n(cy + r * 0.1))"
        case .message: d = "M\(n(cx - s)),\(n(cy - s * 0.7))h\(n(2 * s))v\(n(1.4 * s))h\(n(-2 * s))z M\(n(cx - s)),\(n(cy - s * 0.7))L\(n(cx)),\(n(cy + s * 0.1))L\(n(cx + s)),\(n(cy - s * 0.7))"
        case .signal: d = "M\(n(cx)),\(n(cy - s))L\(n(cx + s)),\(n(cy + s * 0.8))L\(n(cx - s)),\(n(cy + s * 0.8))z"
        case .error: d = "M\(n(cx - s)),\(n(cy + s))L\(n(cx - s * 0.4)),\(n(cy - s))L\(n(cx + s * 0.2)),\(n(cy + s * 0.2))L\(n(cx + s)),\(n(cy - s))L\(n(cx + s * 0.4)),\(n(cy + s))L\(n(cx - s * 0.2)),\(n(cy - s * 0.2))z"
        case .escalation: d = "M\(n(cx)),\(n(cy - s))L\(n(cx + s * 0.8)),\(n(cy + s))L\(n(cx)),\(n(cy + s * 0.3))L\(n(cx - s * 0.8)),\(n(cy + s))z"
        case .conditional: d = "M\(n(cx - s * 0.7)),\(n(cy - s))h\(n(1.4 * s))v\(n(2 * s))h\(n(-1.4 * s))z M\(n(cx - s * 0.4)),\(n(cy - s * 0.4))h\(n(0.8 * s)) M\(n(cx - s * 0.4)),\(n(cy + s * 0.4))h\(n(0.8 * s))"
        case .link: d = "M\(n(cx - s)),\(n(cy - s * 0.4))h\(n(s))v\(n(-s * 0.5))l\(n(s)),\(n(s * 0.9))l\(n(-s)),\(n(s * 0.9))v\(n(-s * 0.5))h\(n(-s))z"
        case .cancel: d = "M\(n(cx - s)),\(n(cy - s))L\(n(cx + s)),\(n(cy + s))M\(n(cx + s)),\(n(cy - s))L\(n(cx - s)),\(n(cy + s))"
        case .compensate: d = "M\(n(cx)),\(n(cy - s * 0.7))v\(n(1.4 * s))l\(n(-s)),\(n(-s * 0.7))z M\(n(cx + s)),\(n(cy - s * 0.7))v\(n(1.4 * s))l\(n(-s)),\(n(-s * 0.7))z"
        }
        let fill = filled && symbol != .cancel && symbol != .timer
        out.appendRaw("<path class=\"fs-map__mark\(fill ? " fs-map__mark--filled" : "")\" fill=\"\(fill ? "currentColor" : "none")\" stroke=\"currentColor\" stroke-width=\"1.5\" d=\"\(d)\"/>")
    }

    // MARK: - Text

    /// A label's box as modelers size it (to their own font): at least 100 wide, three lines
    /// high, around the same centre, so a name is not cut where the modeler shows it whole.
    private func widened(_ place: ProcessDiagram.Bounds) -> ProcessDiagram.Bounds {
        let width = max(place.width, 100)
        return .init(x: place.midX - width / 2, y: place.y, width: width, height: max(place.height, 3 * Self.lineHeight))
    }

    /// `text` wrapped into `place` (roughly: no measuring on the server), cut with "…" when it
    /// does not fit; the full text is in the element's `<title>`.
    private func text(_ text: String, in place: ProcessDiagram.Bounds, anchor: String, maxLines: Int = 6, centred: Bool = false,
                      into out: inout HTMLBuffer) {
        let chars = max(3, Int(place.width / Self.charWidth))
        let fit = max(1, min(maxLines, Int(place.height / Self.lineHeight)))
        let lines = wrap(text, chars: chars, lines: fit)
        guard !lines.isEmpty else { return }
        let x = anchor == "middle" ? place.midX : place.x
        let top = centred ? place.midY - Double(lines.count) * Self.lineHeight / 2 : place.y
        out.appendRaw("<text class=\"fs-map__text\" fill=\"currentColor\" stroke=\"none\" text-anchor=\"\(anchor)\">")
        for (index, line) in lines.enumerated() {
            out.appendRaw("<tspan x=\"\(n(x))\" y=\"\(n(top + Double(index + 1) * Self.lineHeight - 3))\">")
            out.appendEscaped(line)
            out.appendRaw("</tspan>")
        }
        out.appendRaw("</text>")
    }

    /// Words in lines of at most `chars` characters, at most `lines` lines; the last one ends in
    /// "…" when text was left out.
    func wrap(_ text: String, chars: Int, lines: Int) -> [String] {
        var result: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            var word = word
            while word.count > chars {
                if !line.isEmpty { result.append(line); line = "" }
                result.append(String(word.prefix(chars)))
                word = String(word.dropFirst(chars))
            }
            if line.isEmpty { line = word } else if line.count + 1 + word.count <= chars { line += " " + word } else { result.append(line); line = word }
        }
        if !line.isEmpty { result.append(line) }
        guard result.count > lines else { return result }
        var kept = Array(result.prefix(lines))
        kept[lines - 1] = cut(kept[lines - 1] + " …", chars: chars, always: true)
        return kept
    }

    private func cut(_ text: String, chars: Int, always: Bool = false) -> String {
        if text.count <= chars && !always { return text }
        if text.count <= chars { return text.hasSuffix("…") ? text : text + "…" }
        var head = String(text.prefix(chars - 1))
        while head.last == " " { head.removeLast() }
        return head + "…"
    }

    /// A coordinate as SVG text: at most one decimal, no exponent.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}
