import Expressions

/// A form made into a user task's screen, written as FlowStage component JSON so the one
/// component decoder checks it like any screen.
struct MappedForm {
    /// FlowStage components (`{"type": "input", …}`), the Complete button excluded.
    var components: [JSONValue] = []
    /// Computed values (form-js `expression` fields): data path ← their FEEL (`{"feel": …}`),
    /// set when the task is completed.
    var computed: [String: JSONValue] = [:]
    /// The upload actions the file fields post to.
    var actions: [JSONValue] = []
    /// The label of the form's own submit button, when it has one (words, or FEEL or a template).
    var submitLabel: JSONValue?
    /// Where the form's things went, for problems that are not worth a warning.
    var warnings: [LoadError] = []
    /// One line per approximation, for `validate`'s summary.
    var notes: [String] = []

    /// The primary button that completes the task, labelled by the form's own submit button.
    func completeButton(_ label: String) -> JSONValue {
        ["type": "button", "label": submitLabel ?? .string(label), "action": "complete", "variant": "primary"]
    }

    /// The action that button runs: saves the fields, sets the computed values, moves to `next`.
    func completeAction(next: String) -> JSONValue {
        var action: [String: JSONValue] = ["name": "complete", "type": "submit", "next": .string(next)]
        if !computed.isEmpty { action["params"] = .object(computed) }
        return .object(action)
    }
}
