import Markdown
import Expressions

/// Turns one BPMN process into FlowStage process JSON, which the JSON decoder then checks
/// and loads: BPMN is an input format, and the one runtime runs what comes out.
///
/// Every flow node becomes a node of the same id; what FlowStage cannot compute becomes a
/// page where the person chooses ("Which way?"), never a dead end.
struct ProcessBuilder {
    let file: String
    let process: BPMNProcess
    let forms: FormCatalog
    /// BPMN process id → FlowStage process name, over every file (call activities).
    let processNames: [String: String]
    /// Names of `message`, `signal`, `error` and `escalation` definitions by id.
    let definitionNames: [String: String]
    /// Each `<error>`'s id → its `errorCode`.
    let errorCodes: [String: String]
    /// A Camunda 7 or Flowable model: a call activity passes only what `in`/`out` name.
    let forEngine7: Bool
    let validators: Set<String>
    /// The names the project's mock files answer for.
    let mocks: Set<String>
    /// The ids and names of the project's DMN decisions.
    let decisions: Set<String>

    var warnings: [LoadError] = []
    var errors: [LoadError] = []
    var summary: [String] = []
    /// Node index → the element it came from, to place the decoder's findings in the file.
    var origins: [Int: FlowElement] = [:]
    /// The `.form` files this process shows.
    var usedForms = Set<String>()
    /// Elements whose input and output mappings became `locals`, `results`, `input` or `output`.
    var mapped = Set<String>()
    /// Stand-in pages (node index, the task), pre-filled once every node is known.
    var standInPages: [(node: Int, element: FlowElement)] = []
    /// "Which way?" pages for unset variables (node index, gateway, the paths its conditions
    /// read, its default flow), described once every node is known.
    var unsetPages: [(node: Int, element: FlowElement, paths: [String], fallback: SequenceFlow?)] = []

    /// The process's nodes so far (a stand-in's page is completed once every node is known).
    var nodes: [JSONValue] = []
    var emitted = Set<String>()
    /// `next(after:)` per element, so a continuation reached from several places is one node.
    private var continuations: [String: String] = [:]
    let elements: [String: FlowElement]
    let outgoing: [String: [SequenceFlow]]
    let incoming: [String: [SequenceFlow]]
    let boundaries: [String: [FlowElement]]
    /// The flow nodes directly inside each subprocess.
    let inside: [String: [FlowElement]]
    /// Whether anything in the process makes parallel tokens: a parallel gateway, or an
    /// activity, with several unconditional outgoing flows.
    private let forks: Bool
    /// Catch link events by scope and name, for the throw events that jump to them.
    private let linkTargets: [String: FlowElement]

    init(file: String, process: BPMNProcess, forms: FormCatalog, processNames: [String: String],
         definitionNames: [String: String], errorCodes: [String: String] = [:], forEngine7: Bool = false, validators: Set<String>, mocks: Set<String> = [], decisions: Set<String> = []) {
        self.file = file; self.process = process; self.forms = forms; self.processNames = processNames
        self.definitionNames = definitionNames; self.errorCodes = errorCodes; self.forEngine7 = forEngine7; self.validators = validators; self.mocks = mocks; self.decisions = decisions
        elements = Dictionary(process.elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        outgoing = Dictionary(grouping: process.flows, by: \.source)
        incoming = Dictionary(grouping: process.flows, by: \.target)
        boundaries = Dictionary(grouping: process.elements.filter { $0.attachedTo != nil }, by: { $0.attachedTo! })
        inside = Dictionary(grouping: process.elements.filter { $0.parent != nil }, by: { $0.parent! })
        let outgoing = self.outgoing
        forks = process.elements.contains { ProcessBuilder.makesBranches($0, outgoing: outgoing[$0.id] ?? []) }
        var links: [String: FlowElement] = [:]
        for element in process.elements where element.kind == .intermediateCatchEvent {
            if case .link(let name) = element.event { links[ProcessBuilder.linkKey(element.parent, name)] = links[ProcessBuilder.linkKey(element.parent, name)] ?? element }
        }
        linkTargets = links
    }

    /// Whether tokens leaving `element` can run side by side: a parallel or inclusive gateway,
    /// an activity with several outgoing flows, a non-interrupting boundary event.
    static func makesBranches(_ element: FlowElement, outgoing flows: [SequenceFlow]) -> Bool {
        if element.kind == .boundaryEvent { return !element.cancelActivity }
        guard flows.count > 1 else { return false }
        if element.kind == .parallelGateway || element.kind == .inclusiveGateway { return true }
        // An activity takes every outgoing flow whose condition holds, so it may fork too.
        return ![.exclusiveGateway, .complexGateway, .eventBasedGateway].contains(element.kind)
    }

    private static func linkKey(_ scope: String?, _ name: String?) -> String { (scope ?? "") + "\u{0}" + (name ?? "") }

    var title: String { process.name?.collapsingWhitespace() ?? process.id }


    /// The process as FlowStage JSON, or nil (with a warning) when it has nothing to run.
    mutating func build() -> JSONValue? {
        let starts = process.elements.filter { $0.kind == .startEvent && $0.parent == nil && !$0.triggeredByEvent }
        var entries = starts.map(\.id)
        if entries.isEmpty {
            // No start event: begin where no flow leads in (plain models often draw it so).
            entries = process.elements.filter { element in
                element.parent == nil && element.attachedTo == nil && !element.triggeredByEvent
                    && (incoming[element.id] ?? []).isEmpty && element.kind != .endEvent
            }.prefix(1).map(\.id)
            if let first = entries.first { summary.append("no start event: the process starts at \(first)") }
        }
        guard !entries.isEmpty else {
            warnings.append(LoadError(file: file, pointer: "/" + process.id, message: "process \(process.id) has no start event and no element to start at; it is left out",
                                      line: process.line, column: process.column))
            return nil
        }
        let startID = uniqueID("start")
        if entries.count == 1 {
            append(["id": .string(startID), "type": "start", "next": .string(entries[0])], from: nil)
        } else {
            let choiceID = uniqueID("start__choice")
            append(["id": .string(startID), "type": "start", "next": .string(choiceID)], from: nil)
            append(choicePage(id: choiceID, title: "How does the process start?",
                              intro: "This process has \(entries.count) start events. Choose the one to preview.",
                              paths: entries.map { ("Start: " + (elements[$0].map(describeStart) ?? $0), $0) }), from: nil)
        }
        for element in process.elements {
            if element.triggeredByEvent {
                summary.append("event subprocess \(element.id): its start events are “Simulate: …” buttons on the pages of the tasks in its scope")
            } else {
                emit(element)
            }
        }
        warnUnappliedMappings()
        noteListeners()
        prefillStandInPages()
        let writers = variableWriters()
        describeUnsetPages(writers: writers)
        noteUnwrittenVariables(writers: writers)
        return .object(["name": .string(process.id), "title": .string(title), "nodes": .array(nodes)])
    }

    // MARK: - Elements

    private mutating func emit(_ element: FlowElement) {
        switch element.kind {
        case .startEvent:
            if let form = form(for: element) {
                mapped.insert(element.id) // its mappings are its screen's, not an outputs step's
                appendTask(element, title: element.name.map { $0.collapsingWhitespace() } ?? title, form: form, button: "Start")
            } else {
                passThrough(element.id, to: next(after: element), from: element)
            }
        case .userTask:
            let form = form(for: element) ?? defaultScreen(element)
            if element.multiInstance {
                appendLoop(element, form: form, button: "Complete")
            } else {
                appendTask(element, title: element.label, form: form, button: "Complete")
            }
        case .manualTask(let kind):
            if element.multiInstance {
                appendLoop(element, form: defaultScreen(element), button: "Done")
            } else {
                appendTask(element, title: element.label, form: defaultScreen(element), button: "Done")
            }
            summary.append("\(kind) \(element.id): a screen with its name and Done")
        case .automaticTask(let kind):
            automaticTask(element, kind: kind)
        case .exclusiveGateway, .inclusiveGateway, .complexGateway:
            if element.kind == .complexGateway, (outgoing[element.id] ?? []).count > 1 {
                summary.append("complex gateway \(element.id): one path is taken (the first whose condition holds, else the person chooses)")
            }
            decide(element, flows: outgoing[element.id] ?? [])
        case .parallelGateway:
            let targets = (outgoing[element.id] ?? []).map { entry($0.target) }
            if (incoming[element.id] ?? []).count > 1, !forks {
                // A join that nothing forks would wait forever; models drawn for reading do this.
                warnings.append(located(element, "this parallel gateway joins flows that nothing forks, so an engine would wait here forever; the preview goes on as if it merged them"))
                decide(element, flows: outgoing[element.id] ?? [])
            } else if targets.isEmpty {
                passThrough(element.id, to: next(after: element), from: element)
            } else {
                append(["id": .string(element.id), "type": "parallelGateway",
                        "next": targets.count == 1 ? .string(targets[0]) : .array(targets.map { .string($0) })], from: element)
            }
        case .eventBasedGateway:
            let flows = outgoing[element.id] ?? []
            append(withEventSubprocesses(choicePage(id: element.id, title: "Which event happens?",
                              intro: "At “\(Markdown.escaped(element.label))” the process waits for the first of these events. Choose the one to preview.",
                              paths: flows.map { flow in ("Simulate: " + (elements[flow.target].map(describeEvent) ?? flow.target), flow.target) },
                              triggers: Dictionary(flows.compactMap { flow in elements[flow.target].flatMap(trigger).map { (flow.target, $0) } },
                                                   uniquingKeysWith: { first, _ in first })), around: element),
                   from: element)
        case .intermediateCatchEvent:
            let afterEventGateway = !(incoming[element.id] ?? []).isEmpty
                && (incoming[element.id] ?? []).allSatisfy { elements[$0.source]?.kind == .eventBasedGateway }
            if afterEventGateway || isLink(element) {
                passThrough(element.id, to: next(after: element), from: element)
            } else {
                waitPage(element)
            }
        case .intermediateThrowEvent:
            if case .link(let name) = element.event {
                if let target = linkTargets[ProcessBuilder.linkKey(element.parent, name)] {
                    passThrough(element.id, to: target.id, from: element)
                } else {
                    warnings.append(located(element, "the link event \(name ?? "") has no catch link event of that name in the same scope; the path ends here"))
                    passThrough(element.id, to: implicitEnd(element), from: element)
                }
            } else {
                passThrough(element.id, to: next(after: element), from: element)
            }
        case .boundaryEvent:
            if let host = element.attachedTo.flatMap({ elements[$0] }), !isScreen(host), host.kind != .subProcess, !isAutomatic(host),
               host.kind != .callActivity {
                summary.append("boundary event \(element.id) on \(host.id): never happens in a preview (boundary events get a button on the screens of tasks, of the tasks inside a subprocess or a called process and of a stand-in's page; error boundary events on call activities catch their failures)")
            }
            passThrough(element.id, to: next(after: element), from: element)
        case .subProcess:
            let inner = (inside[element.id] ?? []).filter { !$0.triggeredByEvent }
            let entry = inner.first { $0.kind == .startEvent }
                ?? inner.first { ($0.attachedTo == nil) && (incoming[$0.id] ?? []).isEmpty }
            passThrough(element.id, to: entry.map { self.entry($0.id) } ?? next(after: element), from: element)
        case .callActivity:
            callActivity(element)
        case .endEvent:
            end(element)
        case .other("adHocSubProcess"):
            adHoc(element)
        case .other(let name):
            summary.append("\(name) \(element.id): passes through")
            passThrough(element.id, to: next(after: element), from: element)
        }
    }

    private mutating func automaticTask(_ element: FlowElement, kind: String) {
        let extensions = element.node.child("extensionElements", in: BPMNNamespace.model)
        // Camunda 8 script tasks with a FEEL expression compute their result like a script task.
        if kind == "scriptTask", let script = extensions?.child("script", in: BPMNNamespace.zeebe),
           let expression = script.attribute("expression"), let result = script.attribute("resultVariable"),
           (try? DataPath(result)) != nil {
            let body = expression.hasPrefix("=") ? String(expression.dropFirst()) : expression
            switch ModelExpressions.feel(body) {
            case .success(let compiled):
                var node: [String: JSONValue] = ["id": .string(element.id), "type": "scriptTask", "set": .object([result: compiled.definitionJSON]),
                                                 "next": .string(next(after: element))]
                addMappings(element, to: &node)
                append(.object(node), from: element)
                summary.append("script task \(element.id): \(result) = \(compiled.source.collapsingWhitespace())")
                return
            case .failure(let problem):
                warnings.append(located(element, "the script's FEEL cannot be computed here (\(problem)); the task is a stand-in and \(result) is not set"))
            }
        }
        // An external task's topic names its worker better than its type ("external").
        let type = extensions?.child("taskDefinition", in: BPMNNamespace.zeebe)?.attribute("type")
            ?? element.node.attribute("topic", inAny: BPMNNamespace.engine)
            ?? element.node.attribute("type", inAny: BPMNNamespace.engine)
        let names = [type, element.id].compactMap { $0 }.filter { !$0.isEmpty }
        var node: [String: JSONValue] = ["id": .string(element.id), "type": "serviceTask", "handler": .string(names[0]),
                                         "otherHandlers": .array(names.dropFirst().map { .string($0) }), "standIn": true,
                                         "next": .string(next(after: element))]
        let catchers = errorCatchers(of: element)
        if let any = catchers.any { node["onError"] = .string(any) }
        if !catchers.byCode.isEmpty { node["onErrorCode"] = .object(catchers.byCode.mapValues { .string($0) }) }
        addMappings(element, to: &node)
        connectorResult(of: element, into: &node)
        let example = exampleData(of: element)
        if let example { node["example"] = example }
        let decision = kind == "businessRuleTask" ? calledDecision(element) : nil
        if let decision { node["decision"] = decision }
        // The person is asked when no mock answers, and neither a decision nor example data does
        // (a decision that fails asks too); the page is also where the job waits when a Camunda
        // test case runs the model (`JobWorkers`), so every stand-in has one.
        let mocked = names.first(where: mocks.contains)
        let askID = uniqueID(element.id + "__ask")
        node["ask"] = .string(askID)
        append(.object(node), from: element)
        appendStandInPage(element, id: askID, service: node, type: type)
        summary.append("stand-in: \(kind) \(element.id)\(type.map { " (type \($0))" } ?? "") "
            + (mocked.map { "answers with mocks/\($0).json" } ?? decision.flatMap { $0["id"]?.stringValue }.map { "evaluates decision \($0)" }
               ?? (example != nil ? "completes with its example data" : "asks the person (Complete, Complete with data\(node["onError"] == nil && node["onErrorCode"] == nil ? "" : ", Throw error"))"))
            + " unless a Swift handler is registered")
    }

    private mutating func callActivity(_ element: FlowElement) {
        let extensions = element.node.child("extensionElements", in: BPMNNamespace.model)
        let called = extensions?.child("calledElement", in: BPMNNamespace.zeebe)?.attribute("processId")
            ?? element.node.attribute("calledElement")
        guard let called, !called.isEmpty else {
            errors.append(located(element, "the call activity names no process to call; set its called element (process id) in your modeler"))
            return passThrough(element.id, to: next(after: element), from: element)
        }
        guard let name = processNames[called] else {
            // Models often call processes kept in another project: the preview goes on past
            // the call rather than refusing the whole folder.
            warnings.append(located(element, "calledElement \"\(called)\" names no process in this project; the preview shows a page that continues as if it completed (add the model that defines process \(called) to run it)"))
            return append(choicePage(id: element.id, title: element.label,
                                     intro: "This step calls the process “\(Markdown.escaped(called))”, which is not in this project.",
                                     paths: [("Continue as if it completed", next(after: element))]), from: element)
        }
        let calledElement = extensions?.child("calledElement", in: BPMNNamespace.zeebe)
        let found = mappings(of: element)
        mapped.insert(element.id)
        // Camunda 8 (and a plain model) passes every variable both ways unless told otherwise;
        // output mappings stop the child's own variables from coming back. Camunda 7 passes only
        // what `camunda:in`/`camunda:out` name.
        // Without any, Camunda 7 passes nothing, and Flowable nothing unless `inheritVariables`.
        let inherits = element.node.attribute("inheritVariables", in: BPMNNamespace.flowable) == "true"
        let named = camunda7Passing(element)
        let passing = named ?? (forEngine7 ? ([:], [:], (in: inherits, out: false)) : nil)
        if named == nil, forEngine7 {
            summary.append("call activity \(element.id): passes \(inherits ? "every variable in and none back" : "no variables") (no in or out mappings)")
        }
        var node: [String: JSONValue] = ["id": .string(element.id), "type": "callActivity", "process": .string(name),
                                         "sharesData": .bool(passing?.all.in ?? (calledElement?.attribute("propagateAllParentVariables") != "false")),
                                         "mergesBack": .bool(passing?.all.out ?? (calledElement?.attribute("propagateAllChildVariables") != "false" && found.outputs.isEmpty)),
                                         "next": .string(next(after: element))]
        // A call's input and output are objects (the child's data is new, so order does not matter there).
        let inputs = Dictionary(found.inputs, uniquingKeysWith: { $1 }).merging(passing?.input ?? [:]) { $1 }
        let outputs = Dictionary(found.outputs, uniquingKeysWith: { $1 }).merging(passing?.output ?? [:]) { $1 }
        if !inputs.isEmpty { node["input"] = .object(inputs) }
        if !outputs.isEmpty { node["output"] = .object(outputs) }
        if found.read > 0 { summary.append("\(element.id): \(found.read) mapping\(found.read == 1 ? "" : "s") applied") }
        if let catcher = errorBoundary(on: element) ?? errorEventSubprocessStart(around: element) { node["onError"] = .string(entry(catcher.id)) }
        // Its other boundary events happen while the called process runs: buttons on its pages.
        let events = boundaryButtons((boundaries[element.id] ?? []).filter { !isError($0) }, thrownByJob: false)
        if !events.isEmpty {
            node["events"] = .array(events.map { event in
                var entry: [String: JSONValue] = ["label": .string(event.label), "next": .string(event.next), "interrupts": .bool(event.interrupts)]
                if let trigger = event.trigger { entry["trigger"] = trigger }
                return JSONValue.object(entry)
            })
            summary.append("call activity \(element.id): \(events.count) boundary event\(events.count == 1 ? "" : "s") offered on the pages of the called process")
        }
        append(.object(node), from: element)
    }

    private mutating func end(_ element: FlowElement) {
        // An end event's output mappings set their variables before the process (or call) ends.
        if hasMappings(element) { _ = eventOutputs(element, then: element.id, id: entry(element.id)) }
        if let catcher = catchingBoundary(of: element) {
            summary.append("\(describeEvent(element)) end \(element.id): caught by boundary event \(catcher.id)")
            return passThrough(element.id, to: catcher.id, from: element)
        }
        if let start = catchingEventSubprocess(of: element) {
            summary.append("\(describeEvent(element)) end \(element.id): caught by the event subprocess of start event \(start.id)")
            return passThrough(element.id, to: entry(start.id), from: element)
        }
        if let parent = element.parent.flatMap({ elements[$0] }), !isFailing(element) {
            if element.event == .terminate {
                summary.append("terminate end \(element.id): leaves subprocess \(parent.id) (its other branches are not stopped)")
            }
            return passThrough(element.id, to: exit(of: parent), from: element)
        }
        var node: [String: JSONValue] = ["id": .string(element.id), "type": "end"]
        switch element.event {
        case .error(let ref):
            node["outcome"] = "failed"
            node["message"] = .string(Markdown.escaped(element.name?.collapsingWhitespace() ?? "The process ended with an error" + (ref.flatMap { definitionNames[$0] }.map { ": \($0)" } ?? ".")))
        case .cancel:
            node["outcome"] = "cancelled"
        case .terminate:
            node["outcome"] = "completed"
            node["terminate"] = true
        default:
            node["outcome"] = "completed"
        }
        if node["message"] == nil, let name = element.name, !name.trimmingWhitespace().isEmpty {
            node["message"] = .string(Markdown.escaped(name.collapsingWhitespace()))
        }
        append(.object(node), from: element)
    }

    func isError(_ element: FlowElement) -> Bool {
        if case .error = element.event { return true }
        return false
    }

    /// User, manual, receive and plain tasks: a page with buttons.
    func isScreen(_ element: FlowElement) -> Bool {
        if case .manualTask = element.kind { return true }
        return element.kind == .userTask
    }

    private func isAutomatic(_ element: FlowElement) -> Bool {
        if case .automaticTask = element.kind { return true }
        return false
    }

    /// The first error boundary event on `activity`: where its failure goes.
    private func errorBoundary(on activity: FlowElement) -> FlowElement? {
        (boundaries[activity.id] ?? []).first(where: isError)
    }

    /// The boundary event on an enclosing subprocess that catches an error or escalation end
    /// event: one for the same error (or escalation), else one that catches any.
    private func catchingBoundary(of end: FlowElement) -> FlowElement? {
        var scope = end.parent.flatMap { elements[$0] }
        while let subprocess = scope {
            for boundary in boundaries[subprocess.id] ?? [] {
                switch (end.event, boundary.event) {
                case (.error(let thrown), .error(let caught)), (.escalation(let thrown), .escalation(let caught)):
                    if caught == nil || caught == thrown { return boundary }
                default: break
                }
            }
            scope = subprocess.parent.flatMap { elements[$0] }
        }
        return nil
    }

    /// Where a token leaves an embedded subprocess: straight on, or, when branches run inside
    /// it, through a join that waits for all of them (a subprocess completes with its last token).
    mutating func exit(of subprocess: FlowElement) -> String {
        if subprocess.triggeredByEvent { return eventSubprocessExit(subprocess) }
        // An ad-hoc subprocess's activities return to its page, where the next is chosen.
        if subprocess.kind == .other("adHocSubProcess") { return adHocSettings(subprocess) == nil ? subprocess.id : subprocess.id + "__return" }
        let branches = (inside[subprocess.id] ?? []).contains { ProcessBuilder.makesBranches($0, outgoing: outgoing[$0.id] ?? []) }
        guard branches else { return next(after: subprocess) }
        let id = subprocess.id + "__exit"
        if !emitted.contains(id) {
            let after = next(after: subprocess)
            emitted.insert(id)
            append(["id": .string(id), "type": "inclusiveGateway", "join": true, "branches": [["next": .string(after)]]],
                   from: subprocess, known: true)
        }
        return id
    }

    private func isFailing(_ element: FlowElement) -> Bool {
        if case .error = element.event { return true }
        return element.event == .cancel
    }

    private func isLink(_ element: FlowElement) -> Bool {
        if case .link = element.event { return true }
        return false
    }

    // MARK: - Where a token goes next

    /// The node after `element`: the target of its one outgoing flow, a fork for several
    /// unconditional ones, a decision for conditional ones; with none, its subprocess's
    /// continuation or an implicit end.
    mutating func next(after element: FlowElement) -> String {
        if let known = continuations[element.id] { return known }
        let found = continuation(of: element)
        // An event's output mappings set their variables as it completes: after it.
        let following = isEvent(element) && element.kind != .endEvent && !mapped.contains(element.id) && hasMappings(element)
            ? eventOutputs(element, then: found) : found
        continuations[element.id] = following
        return following
    }

    private mutating func continuation(of element: FlowElement) -> String {
        let flows = outgoing[element.id] ?? []
        switch flows.count {
        case 0:
            if let parent = element.parent.flatMap({ elements[$0] }) { return exit(of: parent) }
            return implicitEnd(element)
        case 1:
            return entry(flows[0].target)
        default:
            if flows.allSatisfy({ $0.condition == nil && $0.id != element.defaultFlow }) {
                let id = uniqueID(element.id + "__fork")
                append(["id": .string(id), "type": "parallelGateway", "next": .array(flows.map { .string(entry($0.target)) })], from: element)
                return id
            }
            let id = uniqueID(element.id + "__split")
            decide(element, flows: flows, id: id)
            return id
        }
    }

    private mutating func implicitEnd(_ element: FlowElement) -> String {
        let id = element.id + "__end"
        if emitted.insert(id).inserted {
            append(["id": .string(id), "type": "end", "outcome": "completed"], from: element, known: true)
        }
        return id
    }

    mutating func passThrough(_ id: String, to target: String, from element: FlowElement?) {
        append(["id": .string(id), "type": "exclusiveGateway", "branches": [["next": .string(target)]]], from: element)
    }

    mutating func append(_ node: JSONValue, from element: FlowElement?, known: Bool = false) {
        if let element { origins[nodes.count] = element }
        if !known, let id = node["id"]?.stringValue { emitted.insert(id) }
        nodes.append(node)
    }

    /// `base`, or `base_2`, … when an element of the model already has that id.
    mutating func uniqueID(_ base: String) -> String {
        var candidate = base, counter = 1
        while elements[candidate] != nil || emitted.contains(candidate) {
            counter += 1
            candidate = "\(base)_\(counter)"
        }
        emitted.insert(candidate)
        return candidate
    }

    func located(_ element: FlowElement, _ message: String) -> LoadError {
        LoadError(file: file, pointer: "/" + element.id, message: message, line: element.line, column: element.column)
    }

    func located(_ flow: SequenceFlow, _ message: String) -> LoadError {
        LoadError(file: file, pointer: "/" + flow.id, message: message, line: flow.line, column: flow.column)
    }
}
