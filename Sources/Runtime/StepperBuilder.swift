import Definitions

/// Builds the stepper of a user task from the definition's step and substep labels.
///
/// A called process's screens appear in the caller's navigation (process.md,
/// `callActivity`): the labels are counted over the instance's process in definition order,
/// with each call activity replaced by the user tasks of the process it calls.
enum StepperBuilder {
    static func stepper(for key: String, instance: Instance, project: Project) -> Stepper? {
        guard let root = project.process(named: instance.process) else { return nil }
        var tasks: [(key: String, task: UserTask)] = []
        collect(root, prefix: "", project: project, calling: [root.name], into: &tasks)
        guard let current = tasks.first(where: { $0.key == key })?.task, let step = current.step else { return nil }
        var steps: [Text] = []
        for (_, task) in tasks {
            if let label = task.step, !steps.contains(label) { steps.append(label) }
        }
        guard let index = steps.firstIndex(of: step) else { return nil }
        var substeps: [Text] = []
        for (_, task) in tasks where task.step == step {
            if let label = task.substep, !substeps.contains(label) { substeps.append(label) }
        }
        return Stepper(steps: steps, current: index, substeps: substeps,
                       currentSubstep: current.substep.flatMap { substeps.firstIndex(of: $0) })
    }

    /// User tasks with their task keys, in definition order; a process already being expanded
    /// is not expanded again, so recursive calls end.
    private static func collect(_ process: ProcessDefinition, prefix: String, project: Project, calling: Set<String>,
                                into tasks: inout [(key: String, task: UserTask)]) {
        for node in process.nodes {
            switch node.kind {
            case .userTask(let task):
                tasks.append((prefix + node.id, task))
            case .callActivity(let call):
                guard !calling.contains(call.process), let called = project.process(named: call.process) else { continue }
                collect(called, prefix: prefix + node.id + "/", project: project, calling: calling.union([called.name]), into: &tasks)
            default:
                continue
            }
        }
    }
}
