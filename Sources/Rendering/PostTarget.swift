import Definitions

/// Where a post goes, named by the task: an action, or a flow screen's event. A form posts to
/// one (`FormFacts`), else to its instance; a component may post to one of its own (its
/// button's `formaction`, `init(_:task:)`).
enum PostTarget: Sendable, Equatable {
    case action(String)
    case event(String)

    /// Where a component posts of its own instead of its form's target: a button to its action
    /// or its flow event, a file upload to its upload action, which also removes its files; nil
    /// for the rest. One answer for the general path, a plan's request values and which plans
    /// leave the target to the request (`PlannedNames`).
    init?(_ component: Component, task: UserTask) {
        switch component.type {
        case .button:
            if let action = component.action { self = .action(action) }
            else if let event = component.event { self = .event(event) }
            else { return nil }
        case .fileUpload:
            guard let action = UploadText.action(component, task: task) else { return nil }
            self = .action(action)
        default:
            return nil
        }
    }

    func url(_ links: borrowing any PageLinks, instance: String) -> String {
        switch self {
        case .action(let action): links.action(instance, action)
        case .event(let event): links.event(instance, event)
        }
    }
}
