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
    /// The events of the call activities around the task, innermost first: their buttons
    /// follow the task's own on its page.
    let callerEvents: [CallerEvent]

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
        self.callerEvents = token.call == nil ? [] : CallerEvent.around(token, in: instance, project: project)
    }

    /// The caller's event named `name`, posted from this task's page.
    func callerEvent(named name: String) -> CallerEvent? {
        callerEvents.first { $0.event.name == name }
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
                                components: callerEvents.isEmpty ? components : components + callerButtons(data: data, language: language, now: now), data: data, rawValues: rawValues, errors: errors,
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

extension WaitingTask {
    /// The rows of buttons of the calls around the task, one per call activity with events.
    func callerButtons(data: JSONValue, language: String, now: Date) -> [ResolvedComponent] {
        var evaluator = Evaluator(language: language, now: now)
        var rows: [Component] = []
        for event in callerEvents {
            if let row = event.buttons, !rows.contains(where: { $0.identity == row.identity }) { rows.append(row) }
        }
        return ScreenResolver.resolve(rows, data: data, evaluator: &evaluator)
    }
}

/// An event of a call activity around a waiting task (`CallActivity.events`): which call it
/// ends or runs beside, and the token waiting at the call activity.
struct CallerEvent {
    let event: CallEvent
    let call: Int
    let callerToken: Int
    let buttons: Component?

    /// The events of every call activity `token` runs under, innermost first.
    static func around(_ token: borrowing Token, in instance: borrowing Instance, project: borrowing Project) -> [CallerEvent] {
        var found: [CallerEvent] = []
        var callID = token.call
        while let id = callID, let call = instance.calls.first(where: { $0.id == id }),
              let caller = instance.tokens.first(where: { $0.id == call.caller }) {
            let process = caller.call.flatMap { outer in instance.calls.first { $0.id == outer } }.map(\.process) ?? instance.process
            if case .callActivity(let activity)? = project.process(named: process)?.node(call.node)?.kind {
                found += activity.events.map { CallerEvent(event: $0, call: id, callerToken: caller.id, buttons: activity.eventButtons) }
            }
            callID = caller.call
        }
        return found
    }
}
