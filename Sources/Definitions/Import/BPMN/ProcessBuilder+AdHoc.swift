import Markdown

/// Ad-hoc subprocesses (Camunda 8.7+, and what the AI Agent connector runs its tools in): in an
/// engine a person, a rule or an agent picks which inner activities run, in which order, and
/// when it is done. In a preview the person does, on the subprocess's page; each activity's
/// path returns there (`exit(of:)`).
extension ProcessBuilder {
    mutating func adHoc(_ element: FlowElement) {
        let inner = (inside[element.id] ?? []).filter { !$0.triggeredByEvent && $0.attachedTo == nil }
        // The activities a choice can start: those no flow inside leads to.
        let starts = inner.filter { (incoming[$0.id] ?? []).isEmpty && $0.kind != .endEvent }
        let settings = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("adHoc", in: BPMNNamespace.zeebe)
        var intro = "In an engine, the activities of “\(Markdown.escaped(element.label))” run as they are chosen at run time "
            + "(by a person, a rule or an AI agent). Choose the next one to preview, or finish."
        if let collection = settings?.attribute("activeElementsCollection"), !collection.isEmpty {
            intro += "\n\nThe model chooses them with `\(collection.replacingOccurrences(of: "`", with: "'"))`; here you do."
            summary.append("ad-hoc subprocess \(element.id): activeElementsCollection \(collection) is not evaluated; the person chooses")
        }
        var paths = starts.map { (label: $0.label, target: $0.id) }
        paths.append((label: "Done: leave “\(element.label)”", target: next(after: element)))
        append(choicePage(id: element.id, title: element.label, intro: intro, paths: paths), from: element)
        summary.append("ad-hoc subprocess \(element.id): the person chooses among \(starts.count) activit\(starts.count == 1 ? "y" : "ies") and when it is done")
    }
}
