import Expressions

/// Boundary events and event subprocesses as buttons. In an engine a message, timer, signal,
/// error or escalation happens to a waiting task (a boundary event) or to the scope it runs in
/// (an event subprocess of the process or of an embedded subprocess). In a preview the person
/// makes it happen: each task's page offers one "Simulate: …" button per event that can reach
/// it, interrupting or not as modelled, and a stand-in's page "Throw error" for the errors a
/// job could throw.
extension ProcessBuilder {
    /// One event a person can make happen at a task's page.
    struct EventButton {
        let label: String
        let next: String
        /// The task is left without results (an interrupting event)...
        let interrupts: Bool
        /// ...and every other branch of the process ends (an interrupting event subprocess of the process).
        let terminate: Bool
        /// What the button simulates (`trigger(of:)`).
        var trigger: JSONValue?
    }

    /// An action's `trigger`: the kind of event it simulates and its message, signal or
    /// escalation name, error code or timer text, so a Camunda test case's PUBLISH_MESSAGE or
    /// INCREASE_TIME finds the button.
    func trigger(of event: FlowElement) -> JSONValue? {
        func named(_ kind: String, _ name: String?) -> JSONValue {
            name.map { ["kind": .string(kind), "name": .string($0)] } ?? ["kind": .string(kind)]
        }
        return switch event.event {
        case .message(let ref): named("message", ref.flatMap { definitionNames[$0] } ?? event.name)
        case .signal(let ref): named("signal", ref.flatMap { definitionNames[$0] } ?? event.name)
        case .escalation(let ref): named("escalation", ref.flatMap { definitionNames[$0] } ?? event.name)
        case .error(let ref): named("error", ref.flatMap { errorCodes[$0] })
        case .timer(let text): named("timer", text)
        case .conditional: named("condition", nil)
        default: Optional<JSONValue>.none // not `nil`, which a JSON value reads as its null
        }
    }

    /// The buttons and actions of `events`, named `event-1`, `event-2`, … in order.
    func eventControls(_ events: [EventButton]) -> (buttons: [JSONValue], actions: [JSONValue]) {
        var buttons: [JSONValue] = [], actions: [JSONValue] = []
        for (index, event) in events.enumerated() {
            let name = "event-\(index + 1)"
            buttons.append(["type": "button", "label": .string(event.label), "action": .string(name), "variant": "secondary"])
            var action: [String: JSONValue] = ["name": .string(name), "type": "submit", "validate": false, "keys": [], "next": .string(event.next)]
            if event.interrupts { action["interrupts"] = true } else { action["keepTask"] = true }
            if event.terminate { action["terminate"] = true }
            if let trigger = event.trigger { action["trigger"] = trigger }
            actions.append(.object(action))
        }
        return (buttons, actions)
    }

    /// Boundary events as buttons; on a stand-in's page an error boundary reads "Throw error".
    func boundaryButtons(_ boundaries: [FlowElement], thrownByJob: Bool) -> [EventButton] {
        boundaries.map { boundary in
            let label = thrownByJob && isError(boundary) ? "Throw error" + (errorName(boundary).map { ": \($0)" } ?? "")
                : "Simulate: " + describeEvent(boundary) + (boundary.cancelActivity ? "" : " (the task stays open)")
            return EventButton(label: label, next: boundary.id, interrupts: boundary.cancelActivity, terminate: false, trigger: trigger(of: boundary))
        }
    }

    /// The start events of the event subprocesses whose scope holds `element`, innermost scope
    /// first, with their subprocess; those of an event subprocess `element` is in are left out.
    func eventSubprocessStarts(around element: FlowElement) -> [(start: FlowElement, subprocess: FlowElement)] {
        var scopes: [String?] = []
        var scope = element.parent
        while let id = scope {
            scopes.append(id)
            scope = elements[id]?.parent
        }
        scopes.append(nil)
        return scopes.flatMap { scope in
            process.elements.filter { $0.triggeredByEvent && $0.parent == scope && !scopes.contains($0.id) }.flatMap { subprocess in
                (inside[subprocess.id] ?? []).filter { $0.kind == .startEvent }.map { (start: $0, subprocess: subprocess) }
            }
        }
    }

    /// The event subprocesses' start events as buttons: "(event subprocess “…”)" after the event,
    /// "; the task stays open" for a non-interrupting one; on a stand-in's page an error reads "Throw error".
    func eventSubprocessButtons(around element: FlowElement, thrownByJob: Bool) -> [EventButton] {
        eventSubprocessStarts(around: element).map { start, subprocess in
            let interrupting = start.node.attribute("isInterrupting") != "false"
            let event = thrownByJob && isError(start) ? "Throw error" + (errorName(start).map { ": \($0)" } ?? "")
                : "Simulate: " + describeEvent(start)
            let named = subprocess.name.map { " (event subprocess “\($0.collapsingWhitespace())”" } ?? " (event subprocess"
            return EventButton(label: event + named + (interrupting ? ")" : "; the task stays open)"),
                               next: start.id, interrupts: interrupting, terminate: interrupting && subprocess.parent == nil,
                               trigger: trigger(of: start))
        }
    }

    /// The start event of an error or escalation event subprocess that catches `end` (thrown
    /// in its scope): the innermost for the same error, else one that catches any.
    func catchingEventSubprocess(of end: FlowElement) -> FlowElement? {
        eventSubprocessStarts(around: end).map(\.start).first { start in
            switch (end.event, start.event) {
            case (.error(let thrown), .error(let caught)), (.escalation(let thrown), .escalation(let caught)):
                return caught == nil || caught == thrown
            default: return false
            }
        }
    }

    /// Where a job's BPMN errors go: by error code, to the first error boundary event on the task
    /// for that code, else the innermost error event subprocess around it for that code; an
    /// error without a catcher for its code goes to the first that catches any error.
    func errorCatchers(of element: FlowElement) -> (byCode: [String: String], any: String?) {
        var byCode: [String: String] = [:], any: String?
        let catchers = (boundaries[element.id] ?? []).filter(isError) + eventSubprocessStarts(around: element).map(\.start).filter(isError)
        for catcher in catchers {
            guard case .error(let ref) = catcher.event else { continue }
            if let code = ref.flatMap({ errorCodes[$0] }) {
                if byCode[code] == nil { byCode[code] = entry(catcher.id) }
            } else if any == nil {
                any = entry(catcher.id)
            }
        }
        return (byCode, any)
    }

    /// Where a failing call goes when no error boundary event is on it: the innermost
    /// error event subprocess around it.
    func errorEventSubprocessStart(around element: FlowElement) -> FlowElement? {
        eventSubprocessStarts(around: element).map(\.start).first(where: isError)
    }

    /// Where a path that reaches the end of an event subprocess goes: a non-interrupting one's
    /// branch ends; an interrupting one ends the process (every branch) or leaves the embedded
    /// subprocess it interrupted.
    mutating func eventSubprocessExit(_ subprocess: FlowElement) -> String {
        let interrupting = (inside[subprocess.id] ?? []).contains { $0.kind == .startEvent && $0.node.attribute("isInterrupting") != "false" }
        if interrupting, let parent = subprocess.parent.flatMap({ elements[$0] }) { return exit(of: parent) }
        let id = subprocess.id + "__end"
        if emitted.insert(id).inserted {
            var node: [String: JSONValue] = ["id": .string(id), "type": "end", "outcome": "completed"]
            if interrupting { node["terminate"] = true }
            append(.object(node), from: subprocess, known: true)
        }
        return id
    }

    /// An error event's error: the name of its `<error>`, else the event's own name.
    func errorName(_ event: FlowElement) -> String? {
        guard case .error(let ref) = event.event else { return nil }
        return ref.flatMap { definitionNames[$0] } ?? event.name?.collapsingWhitespace()
    }
}
