import Definitions
import Expressions
import Foundation

/// The resolved components of each user task's screen (`ScreenResolver`), remembered by what
/// resolving reads: the values of the data paths that its `hide`, `disabled` and `default`
/// expressions and its collections read, and the language. A screen that reads nothing is
/// resolved once, with the definitions; one whose expressions ask the clock (`today()`, `now()`,
/// `age()`), on every page view. Resolving allocated an array per component with children and
/// evaluated each expression over a copy of its scope: reading a few values and looking them up
/// costs a fraction of that. Live reload makes a new engine, so new tables.
struct ResolvedScreens: Sendable {
    /// By the task's identity: the definitions outlive the table (both belong to one engine).
    private let byTask: [ObjectIdentifier: Reads]

    /// What resolving a task's screen reads.
    private enum Reads: Sendable {
        /// Nothing: resolved once.
        case nothing([ResolvedComponent])
        /// These paths of the data (and the language): kept by their values, up to 64
        /// resolutions a task (the values are people's data; a big project has hundreds of tasks).
        case paths([DataPath], KeptResults<Key, Resolution>)
        /// The clock, or a path that could not be told: resolved on each view.
        case unknown
    }

    private struct Key: Hashable, Sendable {
        let language: String
        let values: ReadValues
    }

    /// A resolution and the warnings its expressions gave, given again with it.
    private struct Resolution: Sendable {
        let components: [ResolvedComponent]
        let warnings: [String]
    }

    init(_ processes: [ProcessDefinition]) {
        var byTask: [ObjectIdentifier: Reads] = [:]
        for process in processes {
            for node in process.nodes {
                guard let task = node.userTask, byTask[task.identity] == nil else { continue }
                if !ScreenResolver.readsData(task.screen) {
                    // Nothing to evaluate: no data, no clock and no warnings reach the result.
                    var evaluator = Evaluator(language: "", now: .distantPast)
                    byTask[task.identity] = .nothing(ScreenResolver.resolve(task.screen, data: .null, evaluator: &evaluator))
                } else {
                    byTask[task.identity] = ScreenResolver.paths(task.screen).map { .paths($0, KeptResults(limit: 64)) } ?? .unknown
                }
            }
        }
        self.byTask = byTask
    }

    /// The components `task` shows over `data`.
    func components(_ task: UserTask, data: JSONValue, evaluator: inout Evaluator) -> [ResolvedComponent] {
        switch byTask[task.identity] {
        case .nothing(let components)?:
            return components
        case .paths(let paths, let kept)?:
            let key = Key(language: evaluator.language, values: ReadValues(reading: paths, in: data))
            if let known = kept.value(for: key) {
                evaluator.warnings += known.warnings
                return known.components
            }
            let before = evaluator.warnings.count
            let components = ScreenResolver.resolve(task.screen, data: data, evaluator: &evaluator)
            let resolution = Resolution(components: components, warnings: Array(evaluator.warnings[before...]))
            kept.keep(resolution, for: key)
            return components
        case .unknown?, nil:
            return ScreenResolver.resolve(task.screen, data: data, evaluator: &evaluator)
        }
    }
}
