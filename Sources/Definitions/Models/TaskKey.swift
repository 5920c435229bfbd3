/// Names a waiting user task across call activities.
///
/// A task of the instance's own process is its node id (`personal`); a task of a called
/// process is the call-activity node ids down to it, then its node id, joined by `/`
/// (`review/ask`). The key is what a screen posts in `_screen` and what a scenario expects.
public enum TaskKey {
    public static let separator: Character = "/"
}

extension Project {
    /// The user task a task key names, starting from `process`, with the process it belongs to.
    public func userTask(at key: String, from process: ProcessDefinition) -> (process: ProcessDefinition, node: Node, task: UserTask)? {
        // Most keys name a task of the process itself: no splitting needed.
        if !key.contains(TaskKey.separator) {
            guard let node = process.node(key), let task = node.userTask else { return nil }
            return (process, node, task)
        }
        let parts = key.split(separator: TaskKey.separator, omittingEmptySubsequences: false).map(String.init)
        var current = process
        for callID in parts.dropLast() {
            guard case .callActivity(let call)? = current.node(callID)?.kind, let called = self.process(named: call.process) else {
                return nil
            }
            current = called
        }
        guard let last = parts.last, let node = current.node(last), let task = node.userTask else { return nil }
        return (current, node, task)
    }
}
