import Expressions

/// Decodes a process file and checks its graph: one start, no dangling `next`,
/// unique node ids, buttons that name existing actions.
struct ProcessDecoder {
    let diagnostics: Diagnostics
    let components: ComponentDecoder

    static let nodeTypes = ["start", "userTask", "scriptTask", "serviceTask", "exclusiveGateway", "inclusiveGateway",
                            "parallelGateway", "callActivity", "end"]

    func decode(_ value: JSONValue, file: String, fallbackName: String) -> ProcessDefinition? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "A process") else { return nil }
        let name = root.string("name") ?? fallbackName
        let navigation = root.oneOf("navigation", ProcessDefinition.Navigation.allCases.map(\.rawValue))
            .flatMap(ProcessDefinition.Navigation.init(rawValue:)) ?? .wizard
        var data = JSONValue.object([:])
        if let raw = root.value("data") {
            if case .object = raw { data = raw } else {
                diagnostics.error(at: root.at("data"), "must be an object of start data, found \(raw.kindName)")
            }
        }
        let params = (root.array("params") ?? []).compactMap(decodeParameter)
        guard let nodeItems = root.array("nodes") else {
            root.missing("nodes", "A process")
            return nil
        }
        let nodes = nodeItems.compactMap { decodeNode($0.value, at: $0.pointer) }
        checkGraph(nodes)
        return ProcessDefinition(name: name, title: root.text("title"), navigation: navigation,
                                 modal: root.bool("modal") ?? false, data: data, params: params,
                                 nodes: nodes, file: file)
    }

    private func decodeParameter(_ item: (value: JSONValue, pointer: JSONPointer)) -> Parameter? {
        guard let reader = ObjectReader(item.value, at: item.pointer, diagnostics, what: "A parameter"),
              let key = reader.path("key", required: "A parameter") else { return nil }
        return Parameter(key: key, required: reader.bool("required") ?? false, label: reader.text("label"))
    }

    private func decodeNode(_ value: JSONValue, at pointer: JSONPointer) -> Node? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "A node") else { return nil }
        let id = reader.string("id", required: "A node")
        guard let type = reader.string("type", required: "A node"), let id else { return nil }
        // A parallel gateway's `next` may be a list; every other node's is one id.
        let next = type == "parallelGateway" && reader.value("next")?.arrayValue != nil ? nil : reader.string("next")
        let kind: Node.Kind
        switch type {
        case "start":
            kind = .start
            if next == nil { reader.missing("next", "A start node") }
        case "userTask":
            kind = .userTask(decodeUserTask(reader))
        case "scriptTask":
            kind = .scriptTask(decodeAssignments(reader, key: "set"))
            if next == nil { reader.missing("next", "A script task") }
        case "exclusiveGateway":
            kind = .exclusiveGateway(decodeBranches(reader, what: "An exclusive gateway"))
        case "inclusiveGateway":
            kind = .inclusiveGateway(decodeBranches(reader, what: "An inclusive gateway"), join: reader.bool("join") ?? false)
        case "serviceTask":
            let others = reader.strings("otherHandlers", item: "a handler name") ?? []
            kind = .serviceTask(ServiceTask(handler: reader.string("handler", required: "A service task") ?? "",
                                            onError: reader.string("onError"), errorKey: reader.path("errorKey"),
                                            alternatives: others, standIn: reader.bool("standIn") ?? false,
                                            example: decodeExample(reader),
                                            resultVariable: reader.path("resultVariable"), resultExpression: reader.expression("resultExpression"),
                                            ask: reader.string("ask"), decision: decodeDecision(reader),
                                            onErrorCode: decodeErrorCodes(reader)))
            if next == nil { reader.missing("next", "A service task") }
        case "parallelGateway":
            kind = .parallelGateway(decodeParallelTargets(reader, next: next))
        case "callActivity":
            let events = decodeCallEvents(reader, node: id)
            kind = .callActivity(CallActivity(process: reader.string("process", required: "A call activity") ?? "",
                                              input: decodeAssignments(reader, key: "input"),
                                              output: decodeAssignments(reader, key: "output"),
                                              sharesData: reader.bool("sharesData") ?? false,
                                              mergesBack: reader.bool("mergesBack"),
                                              onError: reader.string("onError"), events: events.events, eventButtons: events.buttons))
            if next == nil { reader.missing("next", "A call activity") }
        case "end":
            let outcome = reader.oneOf("outcome", Outcome.allCases.map(\.rawValue))
                .flatMap(Outcome.init(rawValue:)) ?? .completed
            kind = .end(outcome: outcome, message: reader.text("message"), terminate: reader.bool("terminate") ?? false)
        default:
            diagnostics.error(at: reader.at("type"), "unknown node type \"\(type)\"; use "
                + ProcessDecoder.nodeTypes.joined(separator: ", "))
            return nil
        }
        let scoped = ["userTask", "scriptTask", "serviceTask"].contains(type)
        for key in ["locals", "results"] where reader.has(key) && !scoped {
            diagnostics.error(at: reader.at(key), "only user, script and service tasks have \"\(key)\"; a call activity passes data with \"input\" and \"output\"")
        }
        return Node(id: id, kind: kind, next: next, pointer: pointer,
                    locals: scoped ? decodeMappings(reader, key: "locals") : [],
                    results: scoped ? decodeMappings(reader, key: "results") : [])
    }

    /// `locals` and `results`: a list of `{"target", "source"}` applied in its order, as an
    /// engine applies a task's mappings, or an object applied in the order of its paths.
    private func decodeMappings(_ reader: ObjectReader, key: String) -> [Assignment] {
        guard let items = reader.array(key) else { return decodeAssignments(reader, key: key) }
        return items.compactMap { item -> Assignment? in
            guard let mapping = ObjectReader(item.value, at: item.pointer, diagnostics, what: "A mapping"),
                  let target = mapping.path("target", required: "A mapping"),
                  let source = mapping.value("source") else {
                if case .object = item.value, !(item.value.objectValue?.keys.contains("source") ?? false) {
                    diagnostics.error(at: item.pointer, "a mapping needs \"source\", the expression whose value goes to \"target\"")
                }
                return nil
            }
            return ObjectReader.expression(source, at: mapping.at("source"), diagnostics).map { Assignment(path: target, expression: $0) }
        }
    }

    /// A service task's `decision`: `{"id", "resultVariable", "mapResult"}`.
    private func decodeDecision(_ reader: ObjectReader) -> DecisionCall? {
        guard let decision = reader.object("decision", what: "\"decision\"") else { return nil }
        guard let id = decision.string("id", required: "A decision") else { return nil }
        let mapping = decision.oneOf("mapResult", DecisionCall.Mapping.allCases.map(\.rawValue)).flatMap(DecisionCall.Mapping.init(rawValue:))
        return DecisionCall(id: id, resultVariable: decision.path("resultVariable"), mapping: mapping)
    }

    /// A stand-in's `example`: the variables it completes with, an object.
    private func decodeExample(_ reader: ObjectReader) -> JSONValue? {
        guard let example = reader.value("example") else { return nil }
        guard case .object = example else {
            diagnostics.error(at: reader.at("example"), "must be an object of the variables the task completes with, found \(example.kindName)")
            return nil
        }
        return example
    }

    private func decodeUserTask(_ reader: ObjectReader) -> UserTask {
        let screen = reader.array("screen").map(components.decodeList) ?? []
        let actions = (reader.array("actions") ?? []).compactMap(decodeAction)
        var seen = Set<String>()
        for action in actions where !seen.insert(action.name).inserted {
            diagnostics.error(at: action.pointer, "duplicate action name \"\(action.name)\"")
        }
        for component in screen.flatMap(\.flattened) {
            for name in [component.action, component.change].compactMap({ $0 }) where !seen.contains(name) {
                diagnostics.error(at: component.pointer, "\"\(name)\" is not an action of this user task; add it to \"actions\"")
            }
        }
        ActionChecks.check(screen: screen, actions: actions, diagnostics)
        return UserTask(
            title: reader.text("title"), step: reader.text("step"), substep: reader.text("substep"),
            screen: screen, actions: actions, allowBack: reader.bool("allowBack") ?? true,
            analytics: reader.object("analytics", what: "analytics").map {
                AnalyticsTag(value: $0.string("screen"), customPayload: $0.value("customPayload"))
            })
    }

    private func decodeAction(_ item: (value: JSONValue, pointer: JSONPointer)) -> ActionDefinition? {
        guard let reader = ObjectReader(item.value, at: item.pointer, diagnostics, what: "An action") else { return nil }
        let name = reader.string("name", required: "An action")
        guard let kindName = reader.oneOf("type", ActionDefinition.Kind.allCases.map(\.rawValue), required: "An action"),
              let kind = ActionDefinition.Kind(rawValue: kindName), let name else { return nil }
        let keys = reader.array("keys")?.compactMap { item -> DataPath? in
            guard case .string(let text) = item.value else {
                diagnostics.error(at: item.pointer, "a key must be a data path in a string")
                return nil
            }
            return ObjectReader.path(text, at: item.pointer, diagnostics)
        }
        let keepTask = reader.bool("keepTask") ?? false
        if keepTask, kind != .submit || !reader.has("next") {
            diagnostics.error(at: reader.at("keepTask"), "\"keepTask\" starts a new branch at the action's own \"next\" while the task keeps waiting; use it on a submit action with \"next\"")
        }
        let terminate = reader.bool("terminate") ?? false
        if terminate, kind != .submit || keepTask || !reader.has("next") {
            diagnostics.error(at: reader.at("terminate"), "\"terminate\" ends the other branches before the token moves to the action's own \"next\"; use it on a submit action with \"next\" and without \"keepTask\"")
        }
        let variablesFrom = reader.path("variablesFrom")
        if let variablesFrom, kind != .submit || variablesFrom.description.contains(".") || variablesFrom.description.contains("[") {
            diagnostics.error(at: reader.at("variablesFrom"), "\"variablesFrom\" names a field of one plain name whose JSON text a submit action sets as variables; use it on a submit action with a name such as \"_variables\"")
        }
        return ActionDefinition(
            name: name, kind: kind, next: reader.string("next"), keys: keys,
            params: decodeAssignments(reader, key: "params"), validate: reader.bool("validate") ?? true,
            keepTask: keepTask,
            process: reader.string("process", required: kind == .startProcess ? "A startProcess action" : nil),
            url: reader.string("url", required: kind == .link ? "A link action" : nil),
            newTab: reader.bool("newTab") ?? false,
            handler: reader.string("handler", required: kind == .handler ? "A handler action" : nil),
            key: kind == .upload ? reader.path("key", required: "An upload action") : nil,
            list: kind == .addItem || kind == .removeItem ? reader.listKey("key", required: "An \(kind.rawValue) action") : nil,
            analytics: reader.object("analytics", what: "analytics").map {
                AnalyticsTag(value: $0.string("value"), customPayload: $0.value("customPayload"))
            },
            variablesFrom: variablesFrom, interrupts: reader.bool("interrupts") ?? false,
            terminate: terminate, trigger: reader.object("trigger", what: "\"trigger\"").flatMap(decodeTrigger), pointer: item.pointer)
    }

    /// `{ "kind": "message", "name": "Payment received" }`.
    private func decodeTrigger(_ reader: ObjectReader) -> EventTrigger? {
        guard let kind = reader.oneOf("kind", EventTrigger.kinds, required: "A trigger") else { return nil }
        return EventTrigger(kind: kind, name: reader.string("name"))
    }

    /// A call activity's `events`: `[{ "label": …, "next": node id, "interrupts": bool }]`, and the
    /// row of buttons the called process's pages show for them (actions `call-<node>-event-<n>`).
    private func decodeCallEvents(_ reader: ObjectReader, node: String) -> (events: [CallEvent], buttons: Component?) {
        guard let items = reader.array("events") else { return ([], nil) }
        var events: [CallEvent] = [], buttons: [JSONValue] = []
        for item in items {
            guard let event = ObjectReader(item.value, at: item.pointer, diagnostics, what: "A call event"),
                  let label = event.string("label", required: "A call event"), let next = event.string("next", required: "A call event")
            else { continue }
            let name = "call-\(node)-event-\(events.count + 1)"
            events.append(CallEvent(name: name, next: next, interrupts: event.bool("interrupts") ?? true,
                                    trigger: event.object("trigger", what: "\"trigger\"").flatMap(decodeTrigger)))
            buttons.append(["type": "button", "label": .string(label), "action": .string(name), "variant": "secondary"])
        }
        guard !events.isEmpty else { return ([], nil) }
        let row: JSONValue = ["type": "container", "direction": "row", "children": .array(buttons)]
        return (events, components.decode(row, at: reader.at("events")))
    }

    /// `onErrorCode`: `{ "CODE": "node id" }`, each target a string.
    private func decodeErrorCodes(_ reader: ObjectReader) -> [String: String] {
        guard let codes = reader.object("onErrorCode", what: "\"onErrorCode\"") else { return [:] }
        var found: [String: String] = [:]
        for code in codes.fields.keys.sorted() {
            if let target = codes.string(code) { found[code] = target }
        }
        return found
    }

    /// `{ "path": "expression" }` sorted by path: JSON objects keep no order, so this one is stable.
    private func decodeAssignments(_ reader: ObjectReader, key: String) -> [Assignment] {
        guard let object = reader.object(key, what: "\"\(key)\"") else { return [] }
        return object.fields.keys.sorted().compactMap { path in
            guard let dataPath = ObjectReader.path(path, at: object.at(path), diagnostics),
                  let raw = object.value(path),
                  let expression = ObjectReader.expression(raw, at: object.at(path), diagnostics) else { return nil }
            return Assignment(path: dataPath, expression: expression)
        }
    }

    /// `"next": "id"` or `"next": ["a", "b"]`; a list forks one token per id.
    private func decodeParallelTargets(_ reader: ObjectReader, next: String?) -> [String] {
        if let next { return [next] }
        guard let items = reader.array("next"), !items.isEmpty else {
            reader.missing("next", "A parallel gateway")
            return []
        }
        var seen = Set<String>()
        return items.compactMap { item -> String? in
            guard case .string(let id) = item.value else {
                diagnostics.error(at: item.pointer, "must be a node id in a string, found \(item.value.kindName)")
                return nil
            }
            if !seen.insert(id).inserted {
                diagnostics.error(at: item.pointer, "\"\(id)\" is already in this list; a fork sends one token per distinct node")
            }
            return id
        }
    }

    private func decodeBranches(_ reader: ObjectReader, what: String) -> [Branch] {
        guard let items = reader.array("branches"), !items.isEmpty else {
            reader.missing("branches", what)
            return []
        }
        var defaults = 0
        let branches = items.compactMap { item -> Branch? in
            guard let branch = ObjectReader(item.value, at: item.pointer, diagnostics, what: "A branch"),
                  let next = branch.string("next", required: "A branch") else { return nil }
            let when = branch.expression("when")
            if !branch.has("when") {
                defaults += 1
                if defaults > 1 { diagnostics.error(at: item.pointer, "only one branch may be the default (no \"when\")") }
            }
            return Branch(when: when, next: next)
        }
        return branches
    }

    /// A join waits for a token from every incoming flow; with no fork in the process only one
    /// token ever exists, so such a join could never complete. Loops through a join are the
    /// usual way to write this by mistake (merging paths needs an exclusive gateway).
    private func checkJoins(_ nodes: [Node]) {
        let forks = nodes.contains { node in
            switch node.kind {
            case .parallelGateway(let targets): targets.count > 1
            case .inclusiveGateway(let branches, _): branches.count > 1
            default: false
            }
        }
        guard !forks else { return }
        var incoming: [String: [String]] = [:]
        for node in nodes {
            for successor in Set(node.successors.map(\.id)) { incoming[successor, default: []].append(node.id) }
        }
        for node in nodes {
            guard case .parallelGateway = node.kind, let sources = incoming[node.id], sources.count > 1 else { continue }
            diagnostics.error(at: node.pointer, "this parallel gateway joins \(sources.count) flows (from \(sources.sorted().joined(separator: ", "))) but the process never forks, so only one token can arrive and it would wait forever; merge alternative paths with an exclusive gateway, or fork first with a parallel gateway whose \"next\" is a list")
        }
    }

    private func checkGraph(_ nodes: [Node]) {
        checkJoins(nodes)
        var ids = Set<String>()
        for node in nodes where !ids.insert(node.id).inserted {
            diagnostics.error(at: node.pointer.appending("id"), "duplicate node id \"\(node.id)\"")
        }
        let starts = nodes.filter { if case .start = $0.kind { true } else { false } }
        if starts.isEmpty {
            diagnostics.error(at: JSONPointer("/nodes"), "the process has no start node; add one with \"type\": \"start\"")
        }
        for extra in starts.dropFirst() {
            diagnostics.error(at: extra.pointer, "a process has exactly one start node; this is a second one")
        }
        for node in nodes {
            for successor in node.successors where !ids.contains(successor.id) {
                diagnostics.error(at: successor.pointer, "no node has the id \"\(successor.id)\"")
            }
            if case .serviceTask(let service) = node.kind, service.errorKey != nil, service.onError == nil {
                diagnostics.error(at: node.pointer.appending("errorKey"), "\"errorKey\" is only written when the handler fails and \"onError\" names the node to go to; add \"onError\"")
            }
            if case .userTask(let task) = node.kind, node.next == nil {
                for action in task.actions where action.kind == .submit && action.next == nil {
                    diagnostics.error(at: action.pointer, "a submit action needs \"next\" when its user task has none")
                }
            }
        }
    }
}
