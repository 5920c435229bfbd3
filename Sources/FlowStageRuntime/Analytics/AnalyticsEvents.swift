import Definitions
import Expressions
import Foundation

/// Which events a saved change makes: compares the instance before and after.
struct AnalyticsEvents {
    let project: Project
    let now: Date

    /// What ran the change, when it was an action.
    struct Trigger {
        let action: ActionDefinition
        let task: WaitingTask
        let language: String
    }

    func between(_ before: Instance?, _ after: Instance, trigger: Trigger? = nil) -> [AnalyticsEvent] {
        var events: [AnalyticsEvent] = []
        func event(_ kind: AnalyticsEvent.Kind, _ value: String, screen: String? = nil, component: String? = nil,
                   label: String? = nil, payload: JSONValue? = nil) {
            events.append(AnalyticsEvent(kind: kind, time: now, instance: after.id, process: after.process, session: after.session,
                                         value: value, screen: screen, component: component, label: label, customPayload: payload))
        }
        if before == nil { event(.start, after.process) }
        if let trigger {
            let source = Component.first(in: trigger.task.task.screen) {
                $0.action == trigger.action.name || $0.change == trigger.action.name
            }
            let label = source?.label?.resolve(project.tags, language: trigger.language, data: trigger.task.data)
            event(.action, trigger.action.analytics?.value ?? trigger.action.name, screen: trigger.task.key,
                  component: source?.type.rawValue, label: label, payload: trigger.action.analytics?.customPayload)
        }
        let shownBefore = Set(before?.waiting ?? [])
        if let root = project.process(named: after.process) {
            for key in after.waiting where !shownBefore.contains(key) {
                let task = project.userTask(at: key, from: root)?.task
                event(.screen, task?.analytics?.value ?? key, screen: key, payload: task?.analytics?.customPayload)
            }
        }
        if after.status != .running, before == nil || before?.status == .running {
            event(.end, after.status.rawValue, screen: after.endNode)
        }
        return events
    }
}
