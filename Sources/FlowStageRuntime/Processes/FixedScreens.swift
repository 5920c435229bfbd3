import Definitions
import Expressions
import Foundation

/// The resolved components of every user task whose screen reads no data: no `hide`,
/// `disabled` or `default` anywhere in it, and no collection. Every instance shows such a
/// screen alike, so it is resolved once with the definitions (`ScreenResolver`, with nothing to
/// evaluate) rather than on each page view, where resolving the typical screen allocated an
/// array per component with children. Live reload makes a new engine, so a new table.
struct FixedScreens: Sendable {
    private let byProcess: [String: [String: [ResolvedComponent]]]

    init(_ processes: [ProcessDefinition]) {
        var byProcess: [String: [String: [ResolvedComponent]]] = [:]
        for process in processes where byProcess[process.name] == nil {
            var screens: [String: [ResolvedComponent]] = [:]
            for node in process.nodes {
                guard let task = node.userTask, !ScreenResolver.readsData(task.screen) else { continue }
                // Nothing to evaluate: no data, no clock and no warnings reach the result.
                var evaluator = Evaluator(language: "", now: .distantPast)
                screens[node.id] = ScreenResolver.resolve(task.screen, data: .null, evaluator: &evaluator)
            }
            if !screens.isEmpty { byProcess[process.name] = screens }
        }
        self.byProcess = byProcess
    }

    /// The components `screen` (the task `node` of `process`) shows over `data`: the kept ones
    /// when the screen is fixed, else resolved now.
    func components(_ screen: [Component], node: String, process: String, data: JSONValue,
                    evaluator: inout Evaluator) -> [ResolvedComponent] {
        byProcess[process]?[node] ?? ScreenResolver.resolve(screen, data: data, evaluator: &evaluator)
    }
}
