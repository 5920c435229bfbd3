import Markdown
import Expressions

/// Ad-hoc subprocesses (Camunda 8.7+, and what the AI Agent connector runs its tools in): in an
/// engine a person, a rule or an agent picks which inner activities run, in which order, and
/// when it is done. In a preview the person does, on the subprocess's page; each activity's
/// path returns there (`exit(of:)`).
///
/// With `activeElementsCollection` the model picks: on entering, the activities whose ids the
/// collection lists run side by side, and the subprocess completes when the last of them has
/// (the engine's rule); a collection that is unset or names none of them leaves it to the
/// person. With `outputCollection` each activity that completes appends its `outputElement`.
///
/// ```
/// <id>__enter (flag, collection = []) → <id>__activate ─ each listed activity → … → <id>__return → <id>__route ─ flag → <id>__join → after
///                                                      └ none listed → <id> (the page) → … → <id>__return → <id>__route ─ otherwise → <id>
/// ```
extension ProcessBuilder {
    /// The `zeebe:adHoc` settings of an ad-hoc subprocess: its FEEL collection of element ids,
    /// and where completed activities' output elements are gathered.
    struct AdHocSettings {
        var active: String?
        var output: (collection: String, element: String)?

        /// The data path of the flag "the model picked the activities this time".
        let flag: String
    }

    func adHocSettings(_ element: FlowElement) -> AdHocSettings? {
        guard element.kind == .other("adHocSubProcess") else { return nil }
        let settings = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("adHoc", in: BPMNNamespace.zeebe)
        func feel(_ text: String?) -> String? {
            guard let text = text?.trimmingWhitespace(), text.hasPrefix("="), (try? Expression(feel: String(text.dropFirst()))) != nil else { return nil }
            return String(text.dropFirst())
        }
        var found = AdHocSettings(flag: "_adhoc." + String(element.id.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
        found.active = feel(settings?.attribute("activeElementsCollection"))
        if let collection = settings?.attribute("outputCollection"), (try? DataPath(collection)) != nil,
           let output = feel(settings?.attribute("outputElement")) {
            found.output = (collection, output)
        }
        return found.active == nil && found.output == nil ? nil : found
    }

    mutating func adHoc(_ element: FlowElement) {
        let inner = (inside[element.id] ?? []).filter { !$0.triggeredByEvent && $0.attachedTo == nil }
        // The activities a choice can start: those no flow inside leads to.
        let starts = inner.filter { (incoming[$0.id] ?? []).isEmpty && $0.kind != .endEvent }
        let written = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("adHoc", in: BPMNNamespace.zeebe)
        var intro = "In an engine, the activities of “\(Markdown.escaped(element.label))” run as they are chosen at run time "
            + "(by a person, a rule or an AI agent). Choose the next one to preview, or finish."
        let settings = adHocSettings(element)
        if let active = settings?.active {
            intro += "\n\nThe model chooses them with `\(active.replacingOccurrences(of: "`", with: "'"))`, which named none of them this time; here you do."
            summary.append("ad-hoc subprocess \(element.id): runs the activities \(active.collapsingWhitespace()) lists, else the person chooses")
        } else if let collection = written?.attribute("activeElementsCollection"), !collection.isEmpty {
            warnings.append(located(element, "the activeElementsCollection \(collection) is not a FEEL expression that parses; the person chooses the activities"))
        }
        if let output = settings?.output {
            summary.append("ad-hoc subprocess \(element.id): each completed activity appends \(output.element.collapsingWhitespace()) to \(output.collection)")
        }
        var paths = starts.map { (label: $0.label, target: $0.id) }
        paths.append((label: "Done: leave “\(element.label)”", target: next(after: element)))
        append(withEventSubprocesses(choicePage(id: element.id, title: element.label, intro: intro, paths: paths), around: element), from: element)
        summary.append("ad-hoc subprocess \(element.id): the person chooses among \(starts.count) activit\(starts.count == 1 ? "y" : "ies") and when it is done")
        if let settings { appendAdHocRouting(element, settings: settings, starts: starts) }
    }

    /// The nodes around the page when the model picks activities or gathers their outputs.
    private mutating func appendAdHocRouting(_ element: FlowElement, settings: AdHocSettings, starts: [FlowElement]) {
        let id = element.id
        var enter: [String: JSONValue] = [:]
        if let active = settings.active {
            enter[settings.flag] = ["feel": .string("some id in [\(starts.map { JSONValue.string($0.id).feelLiteral }.joined(separator: ", "))] satisfies list contains(\n\(active)\n, id) = true")]
        }
        if let output = settings.output { enter[output.collection] = ["feel": "[]"] }
        append(["id": .string(id + "__enter"), "type": "scriptTask", "set": .object(enter),
                "next": .string(settings.active == nil ? id : id + "__activate")], from: element)
        if let active = settings.active {
            var branches: [JSONValue] = starts.map { start in
                ["when": ["feel": .string("list contains(\n\(active)\n, \(JSONValue.string(start.id).feelLiteral)) = true")], "next": .string(entry(start.id))]
            }
            branches.append(["next": .string(id)])
            append(["id": .string(id + "__activate"), "type": "inclusiveGateway", "branches": .array(branches)], from: element)
        }
        if let output = settings.output {
            append(["id": .string(id + "__return"), "type": "scriptTask",
                    "set": [output.collection: ["feel": .string("append(if \(output.collection) = null then [] else \(output.collection),\n\(output.element)\n)")]],
                    "next": .string(settings.active == nil ? id : id + "__route")], from: element)
        }
        if settings.active != nil {
            append(["id": .string(id + (settings.output == nil ? "__return" : "__route")), "type": "exclusiveGateway",
                    "branches": [["when": ["feel": .string("\(settings.flag) = true")], "next": .string(id + "__join")], ["next": .string(id)]]],
                   from: element)
            append(["id": .string(id + "__join"), "type": "inclusiveGateway", "join": true,
                    "branches": [["next": .string(next(after: element))]]], from: element)
        }
    }
}
