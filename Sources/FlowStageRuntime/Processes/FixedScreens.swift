import Definitions
import Expressions
import Foundation

/// The resolved components of every user task whose screen reads no data: no `hide`,
/// `disabled` or `default` anywhere in it, and no collection. Every instance shows such a
/// screen alike, so it is resolved once with the definitions (`ScreenResolver`, with nothing to
/// evaluate) rather than on each page view, where resolving the typical screen allocated an
/// array per component with children. Live reload makes a new engine, so a new table.
struct FixedScreens: Sendable {
    /// By the task's identity: the definitions outlive the table (both belong to one engine).
    private let byTask: [ObjectIdentifier: [ResolvedComponent]]

    init(_ processes: [ProcessDefinition]) {
        var byTask: [ObjectIdentifier: [ResolvedComponent]] = [:]
        for process in processes {
            for node in process.nodes {
                guard let task = node.userTask, byTask[task.identity] == nil, !ScreenResolver.readsData(task.screen) else { continue }
                // Nothing to evaluate: no data, no clock and no warnings reach the result.
                var evaluator = Evaluator(language: "", now: .distantPast)
                byTask[task.identity] = ScreenResolver.resolve(task.screen, data: .null, evaluator: &evaluator)
            }
        }
        self.byTask = byTask
    }

    /// The components `task` shows over `data`: the kept ones when its screen is fixed, else
    /// resolved now.
    func components(_ task: UserTask, data: JSONValue, evaluator: inout Evaluator) -> [ResolvedComponent] {
        byTask[task.identity] ?? ScreenResolver.resolve(task.screen, data: data, evaluator: &evaluator)
    }
}
