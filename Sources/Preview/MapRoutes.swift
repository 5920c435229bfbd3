import Definitions
import HTTP
import Rendering
import Runtime

/// The process map of an instance or a flow run (`GET /instances/{id}/map`), and the path it
/// marks. Like the inspector it belongs to the session: another session gets 404.
extension PreviewApp {
    func mapPage(_ id: String, _ session: Session) -> Response {
        if let instance = try? engine.instance(id, session: session.id) {
            guard let process = project.process(named: instance.process) else { return notFoundPage(session) }
            return html(200, renderer.processMapPage(instanceID: instance.id, subject: .process(process),
                                                     path: Self.mapPath(of: instance, in: process), settings: settings(session)))
        }
        if let run = try? flows.run(id, session: session.id) {
            guard let flow = project.flow(named: run.flow) else { return notFoundPage(session) }
            return html(200, renderer.processMapPage(instanceID: run.id, subject: .flow(flow), path: Self.mapPath(of: run),
                                                     settings: settings(session)))
        }
        return notFoundPage(session)
    }

    /// The session's settings for a screen page of instance or run `id`: with its process map
    /// beside the form when the session chose "Show the process map beside the screen".
    func screenSettings(_ session: Session, for id: String) -> PageSettings {
        var settings = settings(session)
        guard settings.showsMap else { return settings }
        if let instance = try? engine.instance(id, session: session.id), let process = project.process(named: instance.process) {
            settings.map = ScreenMap(subject: .process(process), path: Self.mapPath(of: instance, in: process))
        } else if let run = try? flows.run(id, session: session.id), let flow = project.flow(named: run.flow) {
            settings.map = ScreenMap(subject: .flow(flow), path: Self.mapPath(of: run))
        }
        return settings
    }

    /// The way an instance went, from what it records today: each token of its own process
    /// remembers the user tasks it showed (`Token.history`) and where it waits. Between two
    /// of those, the nodes passed are filled in where only one shortest way leads from the one
    /// to the other without another screen; otherwise the step is a jump. The one place to swap
    /// for a recorded trail of the flows taken.
    static func mapPath(of instance: Instance, in process: ProcessDefinition) -> MapPath {
        var path = MapPath()
        let start = process.startNode?.id
        for token in instance.tokens where token.call == nil {
            let visited = (start.map { [$0] } ?? []) + token.history + [token.node]
            var previous: String?
            for node in visited where node != previous {
                if let from = previous {
                    var at = from
                    for between in unique(from: from, to: node, in: process) ?? [] {
                        path.passed.append(MapPath.Step(from: at, to: between))
                        at = between
                    }
                    path.passed.append(MapPath.Step(from: at, to: node))
                } else {
                    path.passed.append(MapPath.Step(from: nil, to: node))
                }
                previous = node
            }
            if !path.current.contains(token.node) { path.current.append(token.node) }
        }
        if instance.tokens.isEmpty, let end = instance.endNode {
            // A finished instance keeps no tokens: its end is what is known.
            path.passed.append(MapPath.Step(from: nil, to: end))
        }
        return path
    }

    /// A flow run's back stack: every state moved to, the last one current.
    static func mapPath(of run: FlowRun) -> MapPath {
        var path = MapPath()
        var previous: String?
        for state in run.backStack {
            path.passed.append(MapPath.Step(from: previous, to: state))
            previous = state
        }
        path.current = run.currentState.map { [$0] } ?? []
        return path
    }

    /// The nodes strictly between `from` and `to` on the one shortest way that passes no other
    /// user task; nil when there is none or more than one.
    static func unique(from: String, to: String, in process: ProcessDefinition) -> [String]? {
        var parent: [String: String] = [:]
        var ways: [String: Int] = [from: 1]
        var distance: [String: Int] = [from: 0]
        var queue = [from]
        var head = 0
        while head < queue.count {
            let node = queue[head]; head += 1
            if node == to { break }
            if node != from, process.node(node)?.userTask != nil { continue }
            for successor in Set(process.node(node)?.successors.map(\.id) ?? []).sorted() {
                if let known = distance[successor] {
                    if known == distance[node]! + 1 { ways[successor] = min(2, ways[successor, default: 0] + ways[node, default: 0]) }
                    continue
                }
                distance[successor] = distance[node]! + 1
                ways[successor] = ways[node]
                parent[successor] = node
                queue.append(successor)
            }
        }
        guard distance[to] != nil, ways[to] == 1 else { return nil }
        var between: [String] = []
        var at = parent[to]
        while let node = at, node != from {
            between.append(node)
            at = parent[node]
        }
        return between.reversed()
    }
}
