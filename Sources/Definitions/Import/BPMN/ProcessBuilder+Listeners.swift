/// Execution and task listeners (Camunda 8's `zeebe:executionListeners`/`zeebe:taskListeners`,
/// Camunda 7's `camunda:executionListener`/`camunda:taskListener`) run code in an engine; a
/// preview passes them by, and `validate` lists each so nobody counts on what they set.
extension ProcessBuilder {
    mutating func noteListeners() {
        for element in process.elements {
            guard let extensions = element.node.child("extensionElements", in: BPMNNamespace.model) else { continue }
            var found: [String] = []
            for group in ["executionListeners", "taskListeners"] {
                for listener in extensions.child(group, in: BPMNNamespace.zeebe)?.children ?? [] where listener.namespace == BPMNNamespace.zeebe {
                    found.append("\(group == "taskListeners" ? "task" : "execution") listener on \(listener.attribute("eventType") ?? "?") (job type \(listener.attribute("type") ?? "?"))")
                }
            }
            for namespace in BPMNNamespace.camunda {
                for kind in ["executionListener", "taskListener"] {
                    for listener in extensions.children(kind, in: namespace) {
                        let what = listener.attribute("class") ?? listener.attribute("delegateExpression") ?? listener.attribute("expression") ?? "a script"
                        found.append("\(kind == "taskListener" ? "task" : "execution") listener on \(listener.attribute("event") ?? "?") (\(what))")
                    }
                }
            }
            if !found.isEmpty { summary.append("\(element.id): \(found.joined(separator: "; ")): not run in a preview") }
        }
    }
}
