import Foundation
import Definitions
import Expressions

/// A user task an instance waits on, found from its task key: the token, the process the
/// task belongs to (a called one inside a call activity) and the data its screen binds to.
struct WaitingTask {
    let key: String
    let token: Token
    let process: ProcessDefinition
    let node: Node
    let task: UserTask
    let data: JSONValue

    /// The task `key`; when `exact` is false, the first waiting task if `key` is nil or no longer waits.
    /// Borrowing: an initializer otherwise takes its arguments owned, and every page view
    /// copied the instance and the whole project to ask this.
    init?(_ instance: borrowing Instance, key: String?, project: borrowing Project, exact: Bool = false) {
        let found = key.flatMap { instance.taskToken($0) }
        guard let token = found ?? (exact ? nil : instance.firstTaskToken) else { return nil }
        let process = token.call.flatMap { id in instance.calls.first { $0.id == id } }.map(\.process) ?? instance.process
        guard let definition = project.process(named: process), let node = definition.node(token.node),
              let task = node.userTask else { return nil }
        self.key = instance.key(token)
        self.token = token
        self.process = definition
        self.node = node
        self.task = task
        self.data = instance.scope(of: token)
    }

    /// The task's components over its data (`ResolvedScreens`: kept by the values resolving reads).
    func components(_ resolvedScreens: ResolvedScreens, evaluator: inout Evaluator) -> [ResolvedComponent] {
        resolvedScreens.components(task, data: data, evaluator: &evaluator)
    }

    func state(_ instance: Instance, project: Project, steppers: Steppers, resolvedScreens: ResolvedScreens,
               components: [ResolvedComponent], data: JSONValue, rawValues: [String: String], errors: [FieldError],
               notice: String?, language: String, now: Date, uploadLimit: Int) -> ScreenState {
        let stepper = token.call == nil ? steppers.stepper(ownTask: task) : steppers.stepper(process: instance.process, key: key)
        var state = ScreenState(instanceID: instance.id, modal: instance.modal, process: process, nodeID: key, task: task,
                                components: components, data: data, rawValues: rawValues, errors: errors,
                                stepper: stepper,
                                canGoBack: task.allowBack && !token.history.isEmpty, notice: notice, language: language)
        state.uploadLimit = uploadLimit
        navigate(&state, instance, project: project, resolvedScreens: resolvedScreens, language: language, now: now)
        return state
    }

    /// The tabs or sections of the instance's navigation. Apart from `state`: switched over
    /// inside it, the state was copied into the result and the original destroyed on every page.
    private func navigate(_ state: inout ScreenState, _ instance: Instance, project: Project, resolvedScreens: ResolvedScreens,
                          language: String, now: Date) {
        // The instance's own process navigates; it is this task's unless the task is in a called
        // one (searched for only then).
        let navigation = instance.process == process.name ? process.navigation : project.process(named: instance.process)?.navigation
        switch navigation {
        case .tabs?: state.tabs = WaitingTask.tabs(instance, selected: key, project: project, language: language)
        case .single?: state.sections = sections(instance, current: state, project: project, resolvedScreens: resolvedScreens,
                                                 language: language, now: now, uploadLimit: state.uploadLimit)
        default: break
        }
    }

    /// Every waiting task's screen for a `single` page, when more than one waits: `current`
    /// as it is (a failed post keeps its errors and values), the others from the instance data.
    private func sections(_ instance: Instance, current: ScreenState, project: Project, resolvedScreens: ResolvedScreens,
                          language: String, now: Date, uploadLimit: Int) -> [ScreenState] {
        let waiting = instance.waiting
        guard waiting.count > 1 else { return [] }
        return waiting.compactMap { other in
            if other == key { return current }
            guard let task = WaitingTask(instance, key: other, project: project, exact: true) else { return nil }
            var evaluator = Evaluator(language: language, now: now)
            let resolved = task.components(resolvedScreens, evaluator: &evaluator)
            var section = ScreenState(instanceID: instance.id, modal: instance.modal, process: task.process, nodeID: task.key,
                                      task: task.task, components: resolved, data: task.data, rawValues: [:], errors: [],
                                      stepper: nil, canGoBack: task.task.allowBack && !task.token.history.isEmpty,
                                      notice: nil, language: language)
            section.uploadLimit = uploadLimit
            return section
        }
    }

    /// One tab per waiting task when more than one waits and the instance's process navigates
    /// by `tabs`. A `wizard` shows the first waiting task alone; `single` shows them all as sections.
    static func tabs(_ instance: Instance, selected: String, project: Project, language: String) -> [ScreenTab] {
        let waiting = instance.waiting
        guard waiting.count > 1, let root = project.process(named: instance.process) else { return [] }
        return waiting.map { key in
            let found = project.userTask(at: key, from: root)
            let data = instance.taskToken(key).map { instance.scope(of: $0) } ?? instance.data
            let title = [found?.task.title, found?.task.step].lazy.compactMap { $0?.resolve(project.tags, language: language, data: data) }
                .first { !$0.isEmpty } ?? key
            return ScreenTab(task: key, title: title, selected: key == selected)
        }
    }
}
