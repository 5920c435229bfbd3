/// A process drawn as positioned shapes and edges: what the process map draws.
///
/// Two sources make one: a BPMN model's diagram interchange (the shapes as the modeler drew
/// them, read by `DiagramReader`), and the renderer's automatic layout of a FlowStage JSON
/// process or an app flow. So one SVG writer draws both. Coordinates are in the model's units
/// (BPMN pixels), y downwards; every value is finite and bounded (`limit`).
public struct ProcessDiagram: Sendable, Equatable {
    /// At most this many shapes and edges, and waypoints per edge: a bigger diagram is not kept
    /// (a model never needs it, and a page must stay small).
    public static let maxShapes = 2_000
    public static let maxEdges = 4_000
    public static let maxWaypoints = 100
    /// Coordinates and sizes beyond ±limit are refused as nonsense.
    public static let limit = 1_000_000.0

    public struct Bounds: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public var midX: Double { x + width / 2 }
        public var midY: Double { y + height / 2 }
        public var maxX: Double { x + width }
        public var maxY: Double { y + height }
    }

    public struct Point: Sendable, Equatable {
        public var x, y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// What a shape stands for, in enough detail to draw the right BPMN symbol.
    public enum Kind: Sendable, Equatable {
        case task(TaskType)
        case subProcess(expanded: Bool)
        case event(Event)
        case gateway(Gateway)
        /// A participant's pool, and the lanes inside it.
        case pool, lane
        case other
    }

    public enum TaskType: String, Sendable, Equatable {
        case user, manual, service, script, send, receive, businessRule, plain, call
    }

    public enum Gateway: String, Sendable, Equatable {
        case exclusive, inclusive, parallel, eventBased, complex
    }

    public struct Event: Sendable, Equatable {
        public enum Position: String, Sendable, Equatable {
            case start, end, intermediateCatch, intermediateThrow, boundary
        }
        public enum Symbol: String, Sendable, Equatable {
            case none, message, timer, signal, error, escalation, conditional, link, terminate, cancel, compensate
        }
        public var position: Position
        public var symbol: Symbol
        /// A non-interrupting boundary or start event is drawn with a dashed ring.
        public var interrupting: Bool
        public init(position: Position, symbol: Symbol = .none, interrupting: Bool = true) {
            self.position = position; self.symbol = symbol; self.interrupting = interrupting
        }
    }

    public struct Shape: Sendable, Equatable {
        /// The element it draws: a node id of the process (BPMN element ids are node ids), a
        /// lane or a participant.
        public var id: String
        public var kind: Kind
        public var name: String?
        public var bounds: Bounds
        /// Pools and lanes: the name runs down the left side.
        public var isHorizontal: Bool
        /// Where the modeler put the name, when it did.
        public var label: Bounds?
        public init(id: String, kind: Kind, name: String?, bounds: Bounds, isHorizontal: Bool = true, label: Bounds? = nil) {
            self.id = id; self.kind = kind; self.name = name; self.bounds = bounds
            self.isHorizontal = isHorizontal; self.label = label
        }
    }

    public struct Edge: Sendable, Equatable {
        /// The sequence flow's id (BPMN), or one made up by the layout.
        public var id: String
        public var source: String?
        public var target: String?
        /// A flow's name, else a short form of its condition.
        public var name: String?
        /// At least two.
        public var waypoints: [Point]
        public var label: Bounds?
        public init(id: String, source: String?, target: String?, name: String?, waypoints: [Point], label: Bounds? = nil) {
            self.id = id; self.source = source; self.target = target; self.name = name
            self.waypoints = waypoints; self.label = label
        }
    }

    /// Pools and lanes first, then containers before what they hold: the drawing order.
    public let shapes: [Shape]
    public let edges: [Edge]

    public init(shapes: [Shape], edges: [Edge]) {
        self.shapes = shapes
        self.edges = edges
    }

    /// The box around every shape, edge and label (nil when there is nothing to draw).
    public var extent: Bounds? {
        var xs: [Double] = [], ys: [Double] = []
        for shape in shapes {
            for box in [shape.bounds] + (shape.label.map { [$0] } ?? []) { xs += [box.x, box.maxX]; ys += [box.y, box.maxY] }
        }
        for edge in edges {
            for point in edge.waypoints { xs.append(point.x); ys.append(point.y) }
            if let label = edge.label { xs += [label.x, label.maxX]; ys += [label.y, label.maxY] }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Bounds(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether a coordinate is one a diagram may hold: finite and within ±`limit`.
    public static func isSane(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= limit
    }
}
