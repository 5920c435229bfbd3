import Markdown
import Expressions

/// The pages a BPMN process shows: user tasks with their forms, waits for events, and the
/// "Which way?" page where the person chooses what the model leaves open.
extension ProcessBuilder {
    /// A user task (or a start event with a form): its form, a primary button that completes
    /// it, and one "Simulate: …" button per boundary event that takes the boundary's path.
    mutating func appendTask(_ element: FlowElement, title: String, form: MappedForm, button: String, next following: String? = nil) {
        var screen = form.components
        var actions = form.actions
        var buttons = [form.completeButton(button)]
        actions.insert(form.completeAction(next: following ?? next(after: element)), at: 0)
        for (index, boundary) in (boundaries[element.id] ?? []).enumerated() {
            let name = "event-\(index + 1)"
            buttons.append(["type": "button", "label": .string("Simulate: " + describeEvent(boundary)), "action": .string(name),
                            "variant": "secondary"])
            actions.append(["name": .string(name), "type": "submit", "validate": false, "keys": [], "next": .string(boundary.id)])
            if !boundary.cancelActivity {
                summary.append("boundary event \(boundary.id) on \(element.id): non-interrupting, simulated as interrupting")
            }
        }
        screen.append(buttons.count == 1 ? buttons[0] : .object(["type": "container", "direction": "row", "children": .array(buttons)]))
        warnings += form.warnings
        summary += form.notes
        append(["id": .string(element.id), "type": "userTask", "title": .string(title), "screen": .array(screen),
                "actions": .array(actions)], from: element)
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
        append(choicePage(id: element.id, title: element.name?.collapsingWhitespace() ?? "Waiting for the \(event)",
                          intro: "In a running process the token waits here for the \(Markdown.escaped(event)).",
                          paths: [("Simulate: " + event, next(after: element))]), from: element)
    }

    /// A page of buttons, one per path, each moving the token there without reading the form.
    func choicePage(id: String, title: String, intro: String, paths: [(label: String, target: String)]) -> JSONValue {
        var seen: [String: Int] = [:]
        var buttons: [JSONValue] = []
        var actions: [JSONValue] = []
        for (index, path) in paths.enumerated() {
            var label = path.label
            seen[label, default: 0] += 1
            if seen[label]! > 1 { label += " (\(elements[path.target]?.label ?? path.target))" }
            let name = "path-\(index + 1)"
            buttons.append(["type": "button", "label": .string(label), "action": .string(name), "variant": index == 0 ? "primary" : "secondary"])
            actions.append(["name": .string(name), "type": "submit", "validate": false, "keys": [], "next": .string(entry(path.target))])
        }
        return ["id": .string(id), "type": "userTask", "title": .string(title),
                "screen": [["type": "text", "markdown": .string(intro)],
                           ["type": "container", "direction": "row", "children": .array(buttons)]],
                "actions": .array(actions)]
    }

    /// An exclusive (or inclusive, complex) gateway, or an activity's conditional flows: the
    /// conditions translated into branches, the default flow as the default; when a condition
    /// cannot be translated, or none holds and there is no default, the person chooses.
    mutating func decide(_ element: FlowElement, flows: [SequenceFlow], id: String? = nil) {
        let nodeID = id ?? element.id
        guard flows.count > 1 else {
            return passThrough(nodeID, to: flows.first.map { entry($0.target) } ?? next(after: element), from: element)
        }
        var branches: [JSONValue] = []
        var open: [String] = []
        for flow in flows where flow.id != element.defaultFlow {
            guard let condition = flow.condition else {
                open.append("\(flowLabel(flow)): no condition")
                continue
            }
            switch translate(condition, language: flow.conditionLanguage) {
            case .success(let expression):
                branches.append(["when": .string(expression.source), "next": .string(entry(flow.target))])
            case .failure(let problem):
                open.append("\(flowLabel(flow)): \(problem.message)")
                warnings.append(located(flow, "the condition \(condition) cannot be evaluated here (\(problem)); the person chooses the way at \(element.id)"))
            }
        }
        let paths = flows.map { (flowLabel($0), $0.target) }
        if !open.isEmpty {
            let conditions = flows.compactMap { flow in flow.condition.map { "- **\(Markdown.escaped(flowLabel(flow)))**: `\($0.replacingOccurrences(of: "`", with: "'"))`" } }
            let intro = "At “\(Markdown.escaped(element.label))” the model does not say which way the process goes, so choose the path to preview."
                + (conditions.isEmpty ? "" : "\n\nThe model's conditions:\n\n" + conditions.joined(separator: "\n"))
            append(choicePage(id: nodeID, title: "Which way?", intro: intro, paths: paths), from: element)
            summary.append("gateway \(element.id): the person chooses (\(open.joined(separator: "; ")))")
            return
        }
        if let defaultFlow = flows.first(where: { $0.id == element.defaultFlow }) {
            branches.append(["next": .string(entry(defaultFlow.target))])
        } else {
            // None holding is an incident in an engine; a preview lets the person choose.
            let choiceID = uniqueID(nodeID + "__choice")
            branches.append(["next": .string(choiceID)])
            append(choicePage(id: choiceID, title: "Which way?",
                              intro: "At “\(Markdown.escaped(element.label))” no condition holds for this data, so choose the path to preview.",
                              paths: paths), from: element)
        }
        let translated = branches.filter { $0["when"] != nil }.count
        summary.append("gateway \(element.id): \(translated) condition\(translated == 1 ? "" : "s") translated\(element.defaultFlow == nil ? ", the person chooses when none holds" : ", the default flow when none holds")")
        append(["id": .string(nodeID), "type": "exclusiveGateway", "branches": .array(branches)], from: element)
    }

    /// FEEL (`=…`), JUEL (`${…}`), else tried as FEEL; another `language` is not evaluated.
    func translate(_ condition: String, language: String?) -> Result<Expression, TranslationProblem> {
        let trimmed = condition.trimmingWhitespace()
        if let language, !language.isEmpty, !language.lowercased().contains("feel"), !language.lowercased().contains("juel") {
            return .failure(TranslationProblem(column: nil, message: "conditions in \(language) are not evaluated"))
        }
        if trimmed.hasPrefix("=") { return ExpressionTranslator.feel(String(trimmed.dropFirst())) }
        if trimmed.contains("${") || trimmed.contains("#{") { return ExpressionTranslator.juel(trimmed) }
        return ExpressionTranslator.feel(trimmed)
    }

    private func flowLabel(_ flow: SequenceFlow) -> String {
        if let name = flow.name, !name.trimmingWhitespace().isEmpty { return name.collapsingWhitespace() }
        return elements[flow.target]?.label ?? flow.target
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
