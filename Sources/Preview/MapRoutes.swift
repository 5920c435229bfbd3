import Definitions
import FlowStageRuntime
import HTTP
import Rendering

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
        if let instance = try? engine.instance(id, session: session.id) {
            settings.map = screenMap(of: instance)
        } else if let run = try? flows.run(id, session: session.id), let flow = project.flow(named: run.flow) {
            settings.map = ScreenMap(subject: .flow(flow), path: Self.mapPath(of: run))
        }
        return settings
    }

    /// The map beside an instance's screen (the setting, or a shared page).
    func screenMap(of instance: Instance) -> ScreenMap? {
        project.process(named: instance.process).map { ScreenMap(subject: .process($0), path: Self.mapPath(of: instance, in: $0)) }
    }

    /// The way an instance went: every flow its own process's tokens took (`Instance.trail`),
    /// oldest first, and the nodes where they wait now. Flows taken inside called processes
    /// are not on this map; their call activity is current while they run.
    static func mapPath(of instance: Instance, in process: ProcessDefinition) -> MapPath {
        var path = MapPath()
        for passage in instance.trail where passage.call == nil {
            path.passed.append(MapPath.Step(from: passage.from, to: passage.to))
        }
        for token in instance.tokens where token.call == nil && !path.current.contains(token.node) {
            path.current.append(token.node)
        }
        // Each business rule task of the instance's own process with its last decision's result.
        for record in instance.decisions where !record.task.contains("/") {
            guard let result = record.decisions.last?.result else { continue }
            path.outcomes[record.task] = result.count > 40 ? String(result.prefix(39)) + "…" : result
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
}
