import Definitions

/// Builds the stepper of a user task from the definition's step and substep labels.
enum StepperBuilder {
    static func stepper(for nodeID: String, in process: ProcessDefinition) -> Stepper? {
        let tasks = process.nodes.compactMap { node in node.userTask.map { (node.id, $0) } }
        guard let current = tasks.first(where: { $0.0 == nodeID })?.1, let step = current.step else { return nil }
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
}
