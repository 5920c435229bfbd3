/// Checks that are not errors — the project still runs — but usually mean a mistake.
/// `validate` prints them after the errors; `serve` logs them.
public enum ProjectLint {
    /// Nodes no path from the start node reaches.
    public static func unreachableNodes(_ project: Project) -> [LoadError] {
        project.processes.flatMap { process -> [LoadError] in
            guard let start = process.startNode else { return [] }
            var seen: Set<String> = [start.id]
            var queue = [start]
            while let node = queue.popLast() {
                for next in node.successors where !seen.contains(next.id) {
                    seen.insert(next.id)
                    if let found = process.node(next.id) { queue.append(found) }
                }
            }
            return process.nodes.filter { !seen.contains($0.id) }.map { node in
                LoadError(file: process.file, pointer: node.pointer.description,
                          message: "node \"\(node.id)\" cannot be reached from the start node; link it with \"next\", a branch or an action, or remove it")
            }
        }
    }

    /// Every component of every user task, children included, with its process.
    public static func components(of process: ProcessDefinition) -> [Component] {
        func walk(_ list: [Component]) -> [Component] { list.flatMap { [$0] + walk($0.children) } }
        return process.nodes.compactMap(\.userTask).flatMap { walk($0.screen) }
    }
}
