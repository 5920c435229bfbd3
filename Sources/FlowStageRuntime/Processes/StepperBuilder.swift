import Definitions

/// Builds the stepper of a user task from the definition's step and substep labels.
///
/// A called process's screens appear in the caller's navigation (docs/reference/processes.md,
/// `callActivity`): the labels are counted over the instance's process in definition order,
/// with each call activity replaced by the user tasks of the process it calls.
enum StepperBuilder {
    /// The stepper of every task key of `root` (keys without a `step` have none).
    static func steppers(of root: ProcessDefinition, project: Project) -> [String: Stepper] {
        var tasks: [(key: String, task: UserTask)] = []
        collect(root, prefix: "", project: project, calling: [root.name], into: &tasks)
        var steps: [Text] = []
        var substeps: [[Text]] = []   // per step, in order of first appearance
        for (_, task) in tasks {
            guard let label = task.step else { continue }
            let index = steps.firstIndex(of: label) ?? { steps.append(label); substeps.append([]); return steps.count - 1 }()
            if let substep = task.substep, !substeps[index].contains(substep) { substeps[index].append(substep) }
        }
        var result: [String: Stepper] = [:]
        for (key, task) in tasks where result[key] == nil {
            guard let step = task.step, let index = steps.firstIndex(of: step) else { continue }
            result[key] = Stepper(steps: steps, current: index, substeps: substeps[index],
                                  currentSubstep: task.substep.flatMap { substeps[index].firstIndex(of: $0) })
        }
        return result
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

/// Every task's stepper, for every process of a project, built once with the engine.
///
/// A stepper depends only on the definitions, yet building it walks every node of the
/// process and of the processes it calls: done per page view, that was about 3 % of the
/// server's time on `make bench`. Live reload makes a new engine, so a new table.
struct Steppers: Sendable {
    private let byProcess: [String: [String: Stepper]]
    /// The steppers of the tasks an instance's own process shows (not a called one's), by the
    /// task's identity: one pointer hashed per page view instead of two names. A task belongs to
    /// one process, and its stepper depends only on that process and the task's labels.
    private let byOwnTask: [ObjectIdentifier: Stepper]

    init(project: Project) {
        var byProcess: [String: [String: Stepper]] = [:]
        var byOwnTask: [ObjectIdentifier: Stepper] = [:]
        for process in project.processes where byProcess[process.name] == nil {
            let steppers = StepperBuilder.steppers(of: process, project: project)
            byProcess[process.name] = steppers
            for node in process.nodes {
                if let task = node.userTask, let stepper = steppers[node.id] { byOwnTask[task.identity] = stepper }
            }
        }
        self.byProcess = byProcess
        self.byOwnTask = byOwnTask
    }

    /// The stepper of the task `key` of an instance of `process`, or nil when the task has no step.
    func stepper(process: String, key: String) -> Stepper? {
        byProcess[process]?[key]
    }

    /// The stepper of `task`, shown by an instance of the process it belongs to.
    func stepper(ownTask task: UserTask) -> Stepper? {
        byOwnTask[task.identity]
    }
}
