import Markdown
import Expressions

/// The page where the person completes a stand-in that nothing else answers for (no handler, no
/// mock, no example data): **Complete**, **Complete with data** (a JSON object of variables,
/// pre-filled with the names later conditions and mappings read and nothing in the model
/// sets), **Throw error** for each error boundary event, and the task's other boundary events.
extension ProcessBuilder {
    static let variablesField = "_variables"

    mutating func appendStandInPage(_ element: FlowElement, id: String, service: [String: JSONValue], type: String?) {
        guard let after = service["next"]?.stringValue else { return }
        let worker = type.map { " (job type `\(Markdown.escaped($0))`)" } ?? ""
        let mock = Markdown.escaped(service["handler"]?.stringValue ?? element.id)
        let intro = service["decision"]?["id"]?.stringValue.map { decision in
            "“\(Markdown.escaped(element.label))” evaluates the decision `\(Markdown.escaped(decision))`, which could not be evaluated "
                + "for this data (the inspector's warnings say why), so complete it as the engine would."
        } ?? "In an engine, a job worker completes “\(Markdown.escaped(element.label))”\(worker). Nothing answers for it in this preview "
            + "(no handler, no mock file `mocks/\(mock).json`, no example data), so complete it as the worker would."
        var buttons: [JSONValue] = [["type": "button", "label": "Complete", "action": "complete"],
                                    ["type": "button", "label": "Complete with data", "action": "complete-with-data", "variant": "secondary"]]
        var actions: [JSONValue] = [
            ["name": "complete", "type": "submit", "validate": false, "keys": [], "next": .string(after)],
            ["name": "complete-with-data", "type": "submit", "keys": [.string(Self.variablesField)],
             "variablesFrom": .string(Self.variablesField), "next": .string(after)],
        ]
        for (index, boundary) in (boundaries[element.id] ?? []).enumerated() {
            let name = "event-\(index + 1)"
            let label = isError(boundary) ? "Throw error" + (errorName(boundary).map { ": \($0)" } ?? "")
                : "Simulate: " + describeEvent(boundary) + (boundary.cancelActivity ? "" : " (the task stays open)")
            buttons.append(["type": "button", "label": .string(label), "action": .string(name), "variant": "secondary"])
            var action: [String: JSONValue] = ["name": .string(name), "type": "submit", "validate": false, "keys": [], "next": .string(boundary.id)]
            if boundary.cancelActivity { action["interrupts"] = true } else { action["keepTask"] = true }
            actions.append(.object(action))
        }
        var node: [String: JSONValue] = [
            "id": .string(id), "type": "userTask", "title": .string("Complete “\(element.label)”"),
            "screen": [["type": "text", "markdown": .string(intro)],
                       ["type": "textarea", "key": .string(Self.variablesField), "label": "Variables (JSON)",
                        "hint": "The variables the job completes with, as a JSON object; Complete with data sets them."],
                       ["type": "container", "direction": "row", "children": .array(buttons)]],
            "actions": .array(actions)]
        // The page is the task in the person's hands: the same locals, the same results.
        node["locals"] = service["locals"]
        node["results"] = service["results"]
        standInPages.append((node: nodes.count, element: element))
        append(.object(node), from: element)
    }

    /// Fills each stand-in page's variables with what later conditions and mappings read and
    /// nothing in the model writes, once every node is known.
    mutating func prefillStandInPages() {
        let written = writtenNames()
        for page in standInPages {
            var template = JSONValue.object([:])
            for path in readsAfter(page.element) {
                guard let top = path.split(separator: ".").first.map(String.init), !written.contains(top),
                      let dataPath = try? DataPath(path) else { continue }
                dataPath.set(.null, in: &template)
            }
            guard case .object(var node) = nodes[page.node], case .array(var screen) = node["screen"],
                  case .object(var field) = screen[1] else { continue }
            let text = template.objectValue?.isEmpty == false ? template.serialized(pretty: true) : "{}"
            field["default"] = ["feel": .string(JSONValue.string(text).feelLiteral)]
            screen[1] = .object(field)
            node["screen"] = .array(screen)
            nodes[page.node] = .object(node)
        }
    }

    /// Top-level names some node of the process sets: fields, scripts, results, outputs, examples.
    private func writtenNames() -> Set<String> {
        var names = Set<String>()
        func top(_ path: String) { if let first = path.split(separator: ".").first { names.insert(String(first)) } }
        func keys(_ value: JSONValue?) {
            switch value {
            case .object(let members)?: members.keys.forEach(top)
            case .array(let mappings)?: mappings.compactMap { $0["target"]?.stringValue }.forEach(top)
            default: break
            }
        }
        func fields(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if let key = members["key"]?.stringValue { top(key) }
                members.values.forEach(fields)
            case .array(let items): items.forEach(fields)
            default: break
            }
        }
        for node in nodes {
            keys(node["set"]); keys(node["results"]); keys(node["locals"]); keys(node["output"]); keys(node["example"])
            if let variable = node["resultVariable"]?.stringValue { top(variable) }
            if let screen = node["screen"] { fields(screen) }
        }
        return names
    }

    /// The data paths read by what can follow `element`: its own output mappings, and the
    /// conditions and mappings of every element reachable from it.
    private func readsAfter(_ element: FlowElement) -> [String] {
        var found: [String] = []
        func add(_ expression: Expression?) {
            for path in expression?.surelyReadPaths ?? [] where !path.isEmpty && !path.hasPrefix("$") && !found.contains(path) { found.append(path) }
        }
        let ownOutputs = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("ioMapping", in: BPMNNamespace.zeebe)?
            .children("output", in: BPMNNamespace.zeebe) ?? []
        for output in ownOutputs { add(feelSource(output.attribute("source"))) }
        var queue = (outgoing[element.id] ?? []).map(\.target) + (boundaries[element.id] ?? []).map(\.id)
        var seen = Set(queue)
        while !queue.isEmpty {
            let id = queue.removeFirst()
            guard let reached = elements[id] else { continue }
            for flow in outgoing[id] ?? [] {
                if let condition = flow.condition { add(try? modelExpression(condition, language: flow.conditionLanguage).get()) }
                if seen.insert(flow.target).inserted { queue.append(flow.target) }
            }
            for inner in (inside[id] ?? []) + (boundaries[id] ?? []) where seen.insert(inner.id).inserted { queue.append(inner.id) }
            let io = reached.node.child("extensionElements", in: BPMNNamespace.model)?.child("ioMapping", in: BPMNNamespace.zeebe)
            for mapping in io?.children ?? [] { add(feelSource(mapping.attribute("source"))) }
        }
        return found
    }

    private func feelSource(_ source: String?) -> Expression? {
        guard let source, source.trimmingWhitespace().hasPrefix("=") else { return nil }
        return try? ModelExpressions.feel(String(source.trimmingWhitespace().dropFirst())).get()
    }

    private func errorName(_ boundary: FlowElement) -> String? {
        guard case .error(let ref) = boundary.event else { return nil }
        return ref.flatMap { definitionNames[$0] } ?? boundary.name?.collapsingWhitespace()
    }
}
