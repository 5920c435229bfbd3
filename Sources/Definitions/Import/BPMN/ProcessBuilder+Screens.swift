import Markdown
import Expressions

/// The pages a BPMN process shows: user tasks with their forms, waits for events, and the
/// pages of buttons where the person chooses what the model leaves open.
extension ProcessBuilder {
    /// A user task (or a start event with a form): its form, a primary button that completes
    /// it, and one "Simulate: …" button per boundary event or event subprocess that can reach it.
    mutating func appendTask(_ element: FlowElement, title: String, form: MappedForm, button: String, next following: String? = nil) {
        var screen = form.components
        var actions = form.actions
        var buttons = [form.completeButton(button)]
        actions.insert(form.completeAction(next: following ?? next(after: element)), at: 0)
        let events = eventControls(boundaryButtons(boundaries(around: element), thrownByJob: false)
                                   + eventSubprocessButtons(around: element, thrownByJob: false))
        buttons += events.buttons
        actions += events.actions
        screen.append(buttons.count == 1 ? buttons[0] : .object(["type": "container", "direction": "row", "children": .array(buttons)]))
        warnings += form.warnings
        summary += form.notes
        var node: [String: JSONValue] = ["id": .string(element.id), "type": "userTask", "title": .string(title), "screen": .array(screen),
                                         "actions": .array(actions)]
        addMappings(element, to: &node)
        append(.object(node), from: element)
    }

    /// The boundary events a person can make happen at a user task: its own, then those of
    /// each subprocess around it, innermost first.
    private func boundaries(around element: FlowElement) -> [FlowElement] {
        var found = boundaries[element.id] ?? []
        var scope = element.parent.flatMap { elements[$0] }
        while let subprocess = scope {
            found += boundaries[subprocess.id] ?? []
            scope = subprocess.parent.flatMap { elements[$0] }
        }
        return found
    }

    /// A task without a form: its documentation, if any, above the button.
    func defaultScreen(_ element: FlowElement) -> MappedForm {
        var form = MappedForm()
        if let documentation = element.documentation {
            // Documentation is plain text: its paragraphs kept, nothing in it read as markup.
            let paragraphs = documentation.components(separatedBy: "\n\n").map { Markdown.escaped($0.trimmingWhitespace()) }
            form.components = [["type": "text", "markdown": .string(paragraphs.joined(separator: "\n\n"))]]
        }
        return form
    }

    /// An intermediate catch event: the token waits; the person makes the event happen.
    mutating func waitPage(_ element: FlowElement) {
        let event = describeEvent(element)
        let after = next(after: element)
        let page = choicePage(id: element.id, title: element.name?.collapsingWhitespace() ?? "Waiting for the \(event)",
                              intro: "In a running process the token waits here for the \(Markdown.escaped(event)).",
                              paths: [("Simulate: " + event, after)], triggers: trigger(of: element).map { [after: $0] } ?? [:])
        append(withEventSubprocesses(page, around: element), from: element)
    }

    /// A waiting page with the buttons of the event subprocesses around `element` after its own.
    func withEventSubprocesses(_ page: JSONValue, around element: FlowElement) -> JSONValue {
        let events = eventControls(eventSubprocessButtons(around: element, thrownByJob: false))
        guard !events.buttons.isEmpty, case .object(var node) = page, case .array(var screen)? = node["screen"],
              case .object(var row)? = screen.last, case .array(let buttons)? = row["children"], case .array(let actions)? = node["actions"]
        else { return page }
        row["children"] = .array(buttons + events.buttons)
        screen[screen.count - 1] = .object(row)
        node["screen"] = .array(screen)
        node["actions"] = .array(actions + events.actions)
        return .object(node)
    }

    /// A page of buttons, one per path, each moving the token there without reading the form.
    /// `triggers`: by target, what a path's button simulates (`trigger(of:)`).
    func choicePage(id: String, title: String, intro: String, paths: [(label: String, target: String)],
                    triggers: [String: JSONValue] = [:]) -> JSONValue {
        var seen: [String: Int] = [:]
        var buttons: [JSONValue] = []
        var actions: [JSONValue] = []
        for (index, path) in paths.enumerated() {
            var label = path.label
            seen[label, default: 0] += 1
            if seen[label]! > 1 { label += " (\(elements[path.target]?.label ?? path.target))" }
            let name = "path-\(index + 1)"
            buttons.append(["type": "button", "label": .string(label), "action": .string(name), "variant": index == 0 ? "primary" : "secondary"])
            var action: [String: JSONValue] = ["name": .string(name), "type": "submit", "validate": false, "keys": [], "next": .string(entry(path.target))]
            if let trigger = triggers[path.target] { action["trigger"] = trigger }
            actions.append(.object(action))
        }
        return ["id": .string(id), "type": "userTask", "title": .string(title),
                "screen": [["type": "text", "markdown": .string(intro)],
                           ["type": "container", "direction": "row", "children": .array(buttons)]],
                "actions": .array(actions)]
    }

    /// "timer (P5D)", "message “Payment received”", "error", …
    func describeEvent(_ element: FlowElement) -> String {
        func named(_ kind: String, _ ref: String?) -> String {
            let name = ref.flatMap { definitionNames[$0] } ?? element.name?.collapsingWhitespace()
            return name.map { "\(kind) “\($0)”" } ?? kind
        }
        switch element.event {
        case .timer(let text): return "timer" + (text.map { " (\($0))" } ?? "")
        case .message(let ref): return named("message", ref)
        case .signal(let ref): return named("signal", ref)
        case .error(let ref): return named("error", ref)
        case .escalation(let ref): return named("escalation", ref)
        case .conditional: return named("condition", nil)
        default: return element.name?.collapsingWhitespace() ?? "event"
        }
    }

    func describeStart(_ element: FlowElement) -> String {
        element.event == .none ? element.label : describeEvent(element)
    }
}
