import Definitions
import Expressions
import Foundation

/// Turns a component's gallery examples into the `ScreenState` of one page, resolved the way
/// a running process resolves a screen (`hide`, `disabled`, `default` evaluated over the
/// example's data), so the renderer draws each example exactly as a screen would.
///
/// The page is a `single`-navigation screen with one section per example: each example
/// gets its own heading and form, and field ids stay unique across the whole page.
public enum ExampleScreens {
    /// The instance id the gallery's forms would name; gallery links never use it.
    public static let instanceID = "gallery"

    public static func page(_ examples: ComponentExamples, title: String, language: String,
                            now: Date = Date()) -> ScreenState {
        let nodes = examples.examples.map { example in
            Node(id: example.name, kind: .userTask(task(for: example)), next: nil, pointer: example.pointer)
        }
        let process = ProcessDefinition(name: "gallery-" + examples.component, title: Text(title), navigation: .single,
                                        modal: false, data: .object([:]), params: [], nodes: nodes, file: examples.file)
        let sections = zip(examples.examples, nodes).map { example, node in
            var evaluator = Evaluator(language: language, now: now)
            let components = ScreenResolver.resolve([example.component], data: example.data, evaluator: &evaluator)
            return ScreenState(instanceID: instanceID, modal: false, process: process, nodeID: node.id, task: node.userTask!,
                               components: components, data: example.data, rawValues: [:], errors: example.errors,
                               stepper: nil, canGoBack: false, notice: nil, language: language)
        }
        // The page itself has no error summary: each example shows its own field errors, and
        // one summary over many examples (which share keys) could not link to the right field.
        var state = ScreenState(instanceID: instanceID, modal: false, process: process,
                                nodeID: nodes.first?.id ?? "gallery", task: nodes.first?.userTask ?? emptyTask,
                                components: sections.first?.components ?? [], data: .object([:]), rawValues: [:],
                                errors: [], stepper: nil, canGoBack: false, notice: nil, language: language)
        state.sections = sections
        return state
    }

    /// One user task per example: its title, its component, and a `submit` action for every
    /// button's action the example does not define itself.
    private static func task(for example: ComponentExample) -> UserTask {
        var actions = example.actions
        for name in example.component.flattened.compactMap(\.action) where !actions.contains(where: { $0.name == name }) {
            actions.append(ActionDefinition(name: name, kind: .submit))
        }
        return UserTask(title: Text(example.title), step: nil, substep: nil, screen: [example.component], actions: actions,
                        allowBack: false, analytics: nil)
    }

    private static let emptyTask = UserTask(title: nil, step: nil, substep: nil, screen: [], actions: [], allowBack: false,
                                            analytics: nil)
}
