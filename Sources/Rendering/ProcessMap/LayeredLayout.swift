import Definitions

/// Places a `MapGraph` in layers from left to right (a Sugiyama-style layout, kept small):
/// each node's layer is its longest path from the start once loops are turned around, edges
/// longer than one layer pass through placeholders so they never cross a box, and a few
/// barycenter passes order each layer to cut crossings. Deterministic: the same graph gives
/// the same picture, since ties keep the order of the definition.
///
/// Bounded: a graph of more than `maxNodes` nodes (or whose long edges need more than
/// `maxPlaceholders` placeholders) gets no layout; the map then shows only its text list.
public enum LayeredLayout {
    public static let maxNodes = 300
    public static let maxPlaceholders = 3_000
    static let passes = 4
    static let columnGap = 90.0
    static let rowGap = 36.0
    static let taskSize = (width: 120.0, height: 64.0)
    static let gatewaySize = 50.0
    static let eventSize = 36.0

    public static func diagram(_ graph: MapGraph) -> ProcessDiagram? {
        let count = graph.nodes.count
        guard count > 0, count <= maxNodes else { return nil }
        var index: [String: Int] = [:]
        for (offset, node) in graph.nodes.enumerated() where index[node.id] == nil { index[node.id] = offset }
        let edges = graph.edges.compactMap { edge -> (Int, Int, MapGraph.Edge)? in
            guard let source = index[edge.source], let target = index[edge.target] else { return nil }
            return (source, target, edge)
        }
        var outgoing = [[Int]](repeating: [], count: count)
        for (offset, edge) in edges.enumerated() where edge.0 != edge.1 { outgoing[edge.0].append(offset) }

        // Loops: an edge back to a node still on the depth-first path is turned around.
        let reversed = backEdges(count: count, edges: edges, outgoing: outgoing)

        // Layers: longest path from the sources of the graph without its loops.
        var layer = [Int](repeating: 0, count: count)
        var incomingCount = [Int](repeating: 0, count: count)
        var forward = [[Int]](repeating: [], count: count)
        for (offset, edge) in edges.enumerated() where edge.0 != edge.1 {
            let (from, to) = reversed.contains(offset) ? (edge.1, edge.0) : (edge.0, edge.1)
            forward[from].append(to)
            incomingCount[to] += 1
        }
        var queue = (0..<count).filter { incomingCount[$0] == 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]; head += 1
            for next in forward[node] {
                layer[next] = max(layer[next], layer[node] + 1)
                incomingCount[next] -= 1
                if incomingCount[next] == 0 { queue.append(next) }
            }
        }

        // Placeholders: one per layer an edge passes through.
        var chains: [Int: [Int]] = [:]   // edge offset → placeholder vertices, in the edge's layer order
        var vertexLayer = layer
        for (offset, edge) in edges.enumerated() where edge.0 != edge.1 {
            let (from, to) = reversed.contains(offset) ? (edge.1, edge.0) : (edge.0, edge.1)
            guard layer[to] - layer[from] > 1 else { continue }
            var chain: [Int] = []
            for between in (layer[from] + 1)..<layer[to] {
                chain.append(vertexLayer.count)
                vertexLayer.append(between)
            }
            chains[offset] = chain
            if vertexLayer.count - count > maxPlaceholders { return nil }
        }
        let vertices = vertexLayer.count
        var neighboursBefore = [[Int]](repeating: [], count: vertices)
        var neighboursAfter = [[Int]](repeating: [], count: vertices)
        for (offset, edge) in edges.enumerated() where edge.0 != edge.1 {
            let (from, to) = reversed.contains(offset) ? (edge.1, edge.0) : (edge.0, edge.1)
            let path = [from] + (chains[offset] ?? []) + [to]
            for (a, b) in zip(path, path.dropFirst()) {
                neighboursAfter[a].append(b)
                neighboursBefore[b].append(a)
            }
        }

        // Order within layers: first as found, then barycenter passes down and up.
        let layerCount = (vertexLayer.max() ?? 0) + 1
        var layers = [[Int]](repeating: [], count: layerCount)
        for vertex in 0..<vertices { layers[vertexLayer[vertex]].append(vertex) }
        var position = [Int](repeating: 0, count: vertices)
        func number() { for row in layers { for (at, vertex) in row.enumerated() { position[vertex] = at } } }
        number()
        for pass in 0..<passes {
            let down = pass % 2 == 0
            for layerIndex in down ? Array(1..<max(layerCount, 1)) : Array((0..<max(layerCount - 1, 0)).reversed()) {
                let row = layers[layerIndex]
                let keyed = row.map { vertex -> (Double, Int, Int) in
                    let neighbours = down ? neighboursBefore[vertex] : neighboursAfter[vertex]
                    let centre = neighbours.isEmpty ? Double(position[vertex])
                        : Double(neighbours.map { position[$0] }.reduce(0, +)) / Double(neighbours.count)
                    return (centre, position[vertex], vertex)
                }
                layers[layerIndex] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
                for (at, vertex) in layers[layerIndex].enumerated() { position[vertex] = at }
            }
        }

        // Coordinates: columns of the widest box, rows of the tallest, each layer centred.
        let rowHeight = taskSize.height + rowGap
        let columnWidth = taskSize.width + columnGap
        let tallest = layers.map(\.count).max() ?? 1
        var centre = [ProcessDiagram.Point](repeating: .init(x: 0, y: 0), count: vertices)
        for (layerIndex, row) in layers.enumerated() {
            let offset = Double(tallest - row.count) * rowHeight / 2
            for (at, vertex) in row.enumerated() {
                centre[vertex] = .init(x: Double(layerIndex) * columnWidth + taskSize.width / 2,
                                       y: offset + Double(at) * rowHeight + taskSize.height / 2)
            }
        }
        var shapes: [ProcessDiagram.Shape] = []
        for (offset, node) in graph.nodes.enumerated() where index[node.id] == offset {
            let size = size(of: node.kind)
            shapes.append(ProcessDiagram.Shape(id: node.id, kind: node.kind, name: node.name,
                                               bounds: .init(x: centre[offset].x - size.width / 2, y: centre[offset].y - size.height / 2,
                                                             width: size.width, height: size.height)))
        }
        let bounds = Dictionary(uniqueKeysWithValues: shapes.map { ($0.id, $0.bounds) })

        var drawn: [ProcessDiagram.Edge] = []
        for (offset, (source, target, edge)) in edges.enumerated() {
            let from = bounds[graph.nodes[source].id]!, to = bounds[graph.nodes[target].id]!
            var points: [ProcessDiagram.Point]
            if source == target {
                // A move back to the same node: a small loop over its top-right corner.
                points = [.init(x: from.maxX, y: from.midY), .init(x: from.maxX + 18, y: from.midY),
                          .init(x: from.maxX + 18, y: from.y - 14), .init(x: from.midX, y: from.y - 14), .init(x: from.midX, y: from.y)]
            } else if reversed.contains(offset) {
                // Back to an earlier layer: out of the left side, in at the right, a little lower
                // than the forward edges so a loop between two nodes shows as two lines.
                let drop = 10.0
                points = [.init(x: from.x, y: from.midY + drop)]
                for vertex in (chains[offset] ?? []).reversed() {
                    let column = Double(vertexLayer[vertex]) * columnWidth
                    points += [.init(x: column + taskSize.width, y: centre[vertex].y + drop), .init(x: column, y: centre[vertex].y + drop)]
                }
                points.append(.init(x: to.maxX, y: to.midY + drop))
            } else {
                points = [.init(x: from.maxX, y: from.midY)]
                for vertex in chains[offset] ?? [] {
                    let column = Double(vertexLayer[vertex]) * columnWidth
                    points += [.init(x: column, y: centre[vertex].y), .init(x: column + taskSize.width, y: centre[vertex].y)]
                }
                points.append(.init(x: to.x, y: to.midY))
            }
            drawn.append(ProcessDiagram.Edge(id: edge.id, source: edge.source, target: edge.target, name: edge.name,
                                             waypoints: points,
                                             label: edge.name.map { label(for: $0, first: points[0], second: points[1], below: reversed.contains(offset)) }))
        }
        return ProcessDiagram(shapes: shapes, edges: drawn)
    }

    /// Edges that close a loop, by offset: found depth first from the start, then from any
    /// node not reached yet, in definition order.
    private static func backEdges(count: Int, edges: [(Int, Int, MapGraph.Edge)], outgoing: [[Int]]) -> Set<Int> {
        var state = [UInt8](repeating: 0, count: count)   // 0 new, 1 on the path, 2 done
        var reversed = Set<Int>()
        for root in 0..<count where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < outgoing[top.node].count {
                    stack[stack.count - 1].next += 1
                    let offset = outgoing[top.node][top.next]
                    let target = edges[offset].1
                    switch state[target] {
                    case 0: state[target] = 1; stack.append((target, 0))
                    case 1: reversed.insert(offset)
                    default: break
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return reversed
    }

    static func size(of kind: ProcessDiagram.Kind) -> (width: Double, height: Double) {
        switch kind {
        case .event: (eventSize, eventSize)
        case .gateway: (gatewaySize, gatewaySize)
        default: taskSize
        }
    }

    /// Where an edge's name goes: above the middle of its first segment, in the gap between
    /// columns; below it for an edge going back, so a loop's two names do not overprint.
    private static func label(for name: String, first: ProcessDiagram.Point, second: ProcessDiagram.Point, below: Bool) -> ProcessDiagram.Bounds {
        let width = columnGap - 8
        return .init(x: (first.x + second.x) / 2 - width / 2, y: (first.y + second.y) / 2 + (below ? 4 : -30), width: width, height: 28)
    }
}
