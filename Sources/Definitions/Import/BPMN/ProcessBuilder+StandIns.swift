import Markdown
import Expressions

/// The page where the person completes a stand-in that nothing else answers for (no handler, no
/// mock, no example data): **Complete**, **Complete with data** (a JSON object of variables,
/// pre-filled with the names later conditions and mappings read and nothing in the model
/// sets), **Throw error** for each error boundary event or error event subprocess, and the
/// other events that can reach the task.
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
        let events = eventControls(boundaryButtons(boundaries[element.id] ?? [], thrownByJob: true)
                                   + eventSubprocessButtons(around: element, thrownByJob: true))
        buttons += events.buttons
        actions += events.actions
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
        let written = variableWriters(locals: true)
        for page in standInPages {
            var template = JSONValue.object([:])
            for path in readsAfter(page.element) {
                guard let top = path.split(separator: ".").first.map(String.init), written[top] == nil,
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

}
