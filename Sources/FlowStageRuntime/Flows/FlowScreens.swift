import Definitions
import Expressions

/// Makes the renderer's `ScreenState` for a flow state, so flows and processes share one
/// renderer. `ScreenState` points into a process, so each flow is mirrored once, at
/// engine start, as a process whose user tasks are the flow's screen states (same ids,
/// no actions): the renderer reads the title, the components and the state id from it.
struct FlowScreens: Sendable {
    private let mirrors: [String: ProcessDefinition]
    /// The mirrors' screens resolved, kept by the values they read.
    private let resolvedScreens: ResolvedScreens

    init(flows: [FlowDefinition]) {
        mirrors = Dictionary(flows.map { ($0.name, ProcessDefinition(screensOf: $0)) }, uniquingKeysWith: { first, _ in first })
        resolvedScreens = ResolvedScreens(Array(mirrors.values))
    }

    /// Nil for a state with `process` (its child's screens are shown instead).
    func screen(_ run: FlowRun, flow: FlowDefinition, state: FlowState, data: JSONValue,
                rawValues: [String: String] = [:], errors: [FieldError] = [], notice: String?,
                language: String, evaluator: inout Evaluator) -> ScreenState? {
        guard let mirror = mirrors[flow.name], let task = mirror.node(state.id)?.userTask else { return nil }
        let components = resolvedScreens.components(task, data: data, evaluator: &evaluator)
        return ScreenState(instanceID: run.id, modal: false, process: mirror, nodeID: state.id, task: task,
                           components: components, data: data, rawValues: rawValues, errors: errors, stepper: nil,
                           canGoBack: run.backStack.count > 1 || state.backEvent != nil, notice: notice,
                           language: language)
    }
}
