import Definitions

/// What a task's form is, fixed by the task and the components shown: where Enter in a field
/// posts, whether the screen has a Back of its own, whether it posts files. Worked out once per
/// page plan (`ScreenPlan.forms`), and per page on the general path, by the same rules.
struct FormFacts: Sendable {
    /// Where Enter in a field posts: the first submit action, else the first action, else on a
    /// flow screen the first button's event; nil for the instance.
    let target: PostTarget?
    /// A button for a `back` action, or a flow's `back` event, anywhere in the screen: the
    /// built-in Back is then never shown beside it.
    let hasOwnBack: Bool
    /// A screen with a file field posts multipart, so the file travels with any button.
    let postsFiles: Bool

    init(_ state: borrowing ScreenState) {
        let task = state.task
        if let primary = task.actions.first(where: { $0.kind == .submit }) ?? task.actions.first {
            target = .action(primary.name)
        } else if let event = task.screen.first(where: { $0.type == .button && $0.event != nil })?.event {
            target = .event(event)
        } else {
            target = nil
        }
        hasOwnBack = Component.first(in: task.screen) { component in
            component.event.map(FlowEvent.key) == FlowEvent.back || component.action.flatMap(task.action(named:))?.kind == .back
        } != nil
        postsFiles = state.components.contains { $0.contains(.fileUpload) }
    }

    /// The form's `action` for the instance `id`.
    func action(_ links: any PageLinks, instance id: String) -> String {
        target?.url(links, instance: id) ?? links.instance(id)
    }

    /// Whether the built-in Back shows: where going back is possible (`canGoBack`), never beside the screen's own.
    func showsBack(canGoBack: Bool) -> Bool {
        canGoBack && !hasOwnBack
    }
}
