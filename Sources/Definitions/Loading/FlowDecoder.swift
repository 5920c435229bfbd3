import Expressions

/// Decodes one flow file and checks it: states exist and are unique, every id an event or
/// `firstState` names is a state, every condition id resolves. A button firing an event its state lacks is a
/// warning (error 1005 when pressed). Coded problems (docs/reference/flows.md, "Errors") start their message with `error <code>: `.
struct FlowDecoder {
    let diagnostics: Diagnostics
    let components: ComponentDecoder
    /// Condition ids registered in Swift; they win over the flow's own (rule 5).
    let registeredConditions: Set<String>
    /// Names of the project's loaded processes, for states with `process`.
    let processes: Set<String>

    func decode(_ value: JSONValue, fallbackName: String) -> FlowDefinition? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "A flow") else { return nil }
        let name = root.string("name") ?? fallbackName
        var data = JSONValue.object([:])
        if let raw = root.value("data") {
            if case .object = raw { data = raw } else {
                diagnostics.error(at: root.at("data"), "must be an object of start data, found \(raw.kindName)")
            }
        }
        let (conditions, declaredConditions) = decodeConditions(root)
        guard let stateItems = root.array("states"), !stateItems.isEmpty else {
            coded(.noStates, at: root.has("states") ? root.at("states") : JSONPointer(),
                  "the flow \"\(name)\" has no states; add at least one to \"states\", e.g. "
                  + #"{ "state": "welcome", "screen": [], "events": [] }"#)
            return nil
        }
        let states = stateItems.compactMap { decodeState($0.value, at: $0.pointer) }
        let ids = checkUniqueStates(states)
        let firstStateID = root.string("firstState") ?? states.first?.id ?? ""
        if root.has("firstState"), !ids.contains(firstStateID) {
            unknownState(firstStateID, at: root.at("firstState"), referencedBy: "\"firstState\"", known: states)
        }
        let known = declaredConditions.union(registeredConditions)
        for state in states {
            checkReferences(state, states: ids, conditions: known, all: states)
        }
        return FlowDefinition(name: name, title: root.text("title"), firstStateID: firstStateID, data: data,
                              conditions: conditions, states: states, file: diagnostics.file)
    }

    // MARK: - Parts

    /// Parsed conditions, and every declared id (also those whose expression is broken,
    /// so a syntax error is not reported a second time as an unknown id).
    private func decodeConditions(_ root: ObjectReader) -> ([String: Expression], Set<String>) {
        guard let object = root.object("conditions", what: "\"conditions\" (condition id → expression)") else { return ([:], []) }
        var parsed: [String: Expression] = [:]
        for id in object.fields.keys.sorted() {
            if let raw = object.value(id), let expression = ObjectReader.expression(raw, at: object.at(id), diagnostics) {
                parsed[id] = expression
            }
        }
        return (parsed, Set(object.fields.keys))
    }

    private func decodeState(_ value: JSONValue, at pointer: JSONPointer) -> FlowState? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "A state"),
              let id = reader.string("state", required: "A state") else { return nil }
        let screen = reader.array("screen").map(components.decodeList) ?? []
        let events = (reader.array("events") ?? []).compactMap(decodeEvent)
        var seen: [String: String] = [:]
        for event in events {
            if let earlier = seen[event.key] {
                diagnostics.error(at: event.pointer.appending("eventId"), "event \"\(event.id)\" repeats \"\(earlier)\" of this state "
                                  + "(event ids ignore letter case); merge their \"nextStates\"")
            } else {
                seen[event.key] = event.id
            }
        }
        let process = decodeProcess(reader)
        if process != nil, !screen.isEmpty {
            diagnostics.error(at: reader.at("screen"), "a state with \"process\" shows that process's screens; remove \"screen\" "
                              + "or move it to a state of its own")
        }
        return FlowState(id: id, title: reader.text("title"), screen: screen, events: events,
                         process: process, pointer: pointer)
    }

    private func decodeEvent(_ item: (value: JSONValue, pointer: JSONPointer)) -> FlowEvent? {
        guard let reader = ObjectReader(item.value, at: item.pointer, diagnostics, what: "An event"),
              let id = reader.string("eventId", required: "An event") else { return nil }
        guard let targets = reader.array("nextStates"), !targets.isEmpty else {
            diagnostics.error(at: reader.has("nextStates") ? reader.at("nextStates") : item.pointer,
                              "event \"\(id)\" needs at least one entry in \"nextStates\", e.g. "
                              + #"{ "condition": [], "nextState": "welcome" }"#)
            return nil
        }
        let nextStates = targets.compactMap { target -> FlowNextState? in
            guard let next = ObjectReader(target.value, at: target.pointer, diagnostics, what: "A next state"),
                  let stateID = next.string("nextState", required: "A next state") else { return nil }
            return FlowNextState(conditions: decodeConditionList(next), stateID: stateID, pointer: target.pointer)
        }
        return FlowEvent(id: id, nextStates: nextStates, pointer: item.pointer)
    }

    /// `"condition"`: a list of ids (all must hold); one id as a plain string is accepted too.
    private func decodeConditionList(_ next: ObjectReader) -> [String] {
        guard let raw = next.value("condition") else { return [] }
        if case .string(let id) = raw { return [id] }
        guard case .array(let items) = raw else {
            diagnostics.error(at: next.at("condition"), "must be a list of condition ids, found \(raw.kindName)")
            return []
        }
        return items.enumerated().compactMap { offset, item in
            guard case .string(let id) = item else {
                diagnostics.error(at: next.at("condition").appending(offset), "a condition id must be a string, found \(item.kindName)")
                return nil
            }
            return id
        }
    }

    private func decodeProcess(_ reader: ObjectReader) -> FlowProcessLaunch? {
        guard let name = reader.string("process") else {
            for key in ["input", "output"] where reader.has(key) {
                diagnostics.error(at: reader.at(key), "\"\(key)\" only applies to a state with \"process\"")
            }
            return nil
        }
        if !processes.contains(name) {
            diagnostics.error(at: reader.at("process"), "there is no process named \"\(name)\" in processes/; "
                              + "fix the name or add the process")
        }
        return FlowProcessLaunch(process: name, input: decodeAssignments(reader, "input"),
                                 output: decodeAssignments(reader, "output"))
    }

    /// `{ "path": "expression" }`, sorted by path for a stable order.
    private func decodeAssignments(_ reader: ObjectReader, _ key: String) -> [Assignment] {
        guard let object = reader.object(key, what: "\"\(key)\" (data path → expression)") else { return [] }
        return object.fields.keys.sorted().compactMap { path in
            guard let dataPath = ObjectReader.path(path, at: object.at(path), diagnostics),
                  let raw = object.value(path),
                  let expression = ObjectReader.expression(raw, at: object.at(path), diagnostics) else { return nil }
            return Assignment(path: dataPath, expression: expression)
        }
    }

    // MARK: - Checks

    /// Error 1008 for every repeated id (ids are case-sensitive: `Home` and `home` differ).
    private func checkUniqueStates(_ states: [FlowState]) -> Set<String> {
        var ids = Set<String>()
        for state in states where !ids.insert(state.id).inserted {
            coded(.duplicateState, at: state.pointer.appending("state"),
                  "duplicate state id \"\(state.id)\"; every state needs its own id, rename one of them")
        }
        return ids
    }

    private func checkReferences(_ state: FlowState, states ids: Set<String>, conditions: Set<String>, all: [FlowState]) {
        for event in state.events {
            for next in event.nextStates {
                if !ids.contains(next.stateID) {
                    unknownState(next.stateID, at: next.pointer.appending("nextState"),
                                 referencedBy: "event \"\(event.id)\" of state \"\(state.id)\"", known: all)
                }
                for (offset, id) in next.conditions.enumerated() where !conditions.contains(id) {
                    let declared = conditions.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    coded(.unknownCondition, at: next.pointer.appending("condition").appending(offset),
                          "condition \"\(id)\" is not defined (used by event \"\(event.id)\" of state \"\(state.id)\"); "
                          + "add it to the flow's \"conditions\" or register it in Swift"
                          + (declared.isEmpty ? "" : " (defined: \(declared); ids are case-sensitive)"))
                }
            }
        }
        for component in state.screen.flatMap(\.flattened) {
            // A warning, not an error (issue 19): the rest of the project still runs, and
            // pressing the button shows error 1005 on the page with the flow's data kept.
            if let event = component.event, state.event(event) == nil, FlowEvent.key(event) != FlowEvent.back {
                let known = quotedOnce(state.events.map(\.id))
                diagnostics.warning(at: component.pointer.appending("event"), "state \"\(state.id)\" has no event \"\(event)\", so "
                                    + "pressing this button shows error 1005; add \"\(event)\" to the state's \"events\""
                                    + (known.isEmpty ? "" : " or fire one of \(known)"))
            }
            if component.action != nil {
                diagnostics.error(at: component.pointer.appending("action"), "a flow screen fires events: use \"event\" "
                                  + "instead of \"action\" (actions belong to process user tasks)")
            }
            if component.change != nil {
                diagnostics.error(at: component.pointer.appending("change"), "\"change\" runs a process action and is not "
                                  + "available in app flows; remove it")
            }
        }
    }

    private func unknownState(_ id: String, at pointer: JSONPointer, referencedBy: String, known: [FlowState]) {
        let names = quotedOnce(known.map(\.id))
        coded(.unknownState, at: pointer, "state \"\(id)\" is not defined (referenced by \(referencedBy)); "
              + "use one of \(names) (ids are case-sensitive) or add the state")
    }

    private func coded(_ code: FlowLoadCode, at pointer: JSONPointer, _ message: String) {
        diagnostics.error(at: pointer, code.prefix + message)
    }
}
