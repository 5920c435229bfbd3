import Definitions

/// Where a component posts of its own (its button's `formaction`) instead of its form's target:
/// a button to its action or its flow event, a file upload to its upload action, which also
/// removes its files. One answer for the general path, a plan's request values and which plans
/// leave the target to the request (`PlannedNames`).
enum OwnTarget: Sendable, Equatable {
    case action(String)
    case event(String)

    /// nil for a component that posts its form's target.
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
