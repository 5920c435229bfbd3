import Expressions

/// Multi-instance user tasks: one screen per item, "2 of 3" in the title, one after the
/// other (parallel instances too: a person works through them in turn).
///
/// ```
/// <id>__loop (index 0, count) → <id>__more ─ index < count → <id>__item (number, item) → <id> → <id>__done (index + 1) → <id>__more
///                                          └ otherwise → after the task
/// ```
extension ProcessBuilder {
    /// Where a flow into `id` starts: a multi-instance task starts with its loop, an ad-hoc
    /// subprocess whose model picks its activities with the picking.
    func entry(_ id: String) -> String {
        guard let element = elements[id] else { return id }
        if adHocSettings(element) != nil { return id + "__enter" }
        if element.kind == .endEvent, hasMappings(element) { return id + "__outputs" }
        guard element.multiInstance, isScreen(element) else { return id }
        return id + "__loop"
    }

    mutating func appendLoop(_ element: FlowElement, form: MappedForm, button: String) {
        let loop = "_loop." + String(element.id.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let characteristics = element.node.child("multiInstanceLoopCharacteristics", in: BPMNNamespace.model)
        let zeebe = characteristics?.child("extensionElements", in: BPMNNamespace.model)?.child("loopCharacteristics", in: BPMNNamespace.zeebe)
        // The collection is kept at `<loop>.items` when the loop starts; each screen reads its item there.
        var set: [String: JSONValue] = [loop + ".index": "0", loop + ".count": "1"]
        var hasItems = false
        if let source = zeebe?.attribute("inputCollection") ?? characteristics?.attribute("collection", inAny: BPMNNamespace.engine) {
            switch modelExpression(source, language: nil) {
            case .success(let expression):
                set[loop + ".items"] = expression.definitionJSON
                // On lines of their own: a `//` comment ending the source must not swallow the `)`.
                set[loop + ".count"] = expression.language == .feel ? ["feel": .string("count(\n\(expression.source)\n)")]
                    : .string("len(\(expression.source))")
                hasItems = true
            case .failure(let problem):
                warnings.append(located(element, "the multi-instance collection \(source) cannot be evaluated here (\(problem)); the task is shown once"))
            }
        } else if let cardinality = characteristics?.child("loopCardinality", in: BPMNNamespace.model)?.text.trimmingWhitespace(),
                  !cardinality.isEmpty {
            switch modelExpression(cardinality, language: nil) {
            case .success(let expression): set[loop + ".count"] = expression.definitionJSON
            case .failure(let problem):
                warnings.append(located(element, "the loop cardinality \(cardinality) cannot be evaluated here (\(problem)); the task is shown once"))
            }
        }
        let elementVariable = zeebe?.attribute("inputElement") ?? characteristics?.attribute("elementVariable", inAny: BPMNNamespace.engine)
        // Camunda 8 gathers each instance's `outputElement` into `outputCollection`, in order.
        var done: [String: JSONValue] = [loop + ".index": .string("\(loop).index + 1")]
        if let collection = zeebe?.attribute("outputCollection"), (try? DataPath(collection)) != nil,
           let source = zeebe?.attribute("outputElement") {
            switch modelExpression(source, language: nil) {
            case .success(let expression) where expression.language == .feel:
                set[collection] = ["feel": "[]"]
                done[collection] = ["feel": .string("append(\(collection),\n\(expression.source)\n)")]
            case .success:
                warnings.append(located(element, "the output element \(source) is not FEEL, so \(collection) is not gathered (Camunda 8 writes it as =…)"))
            case .failure(let problem):
                warnings.append(located(element, "the output element \(source) cannot be evaluated here (\(problem)); \(collection) is not gathered"))
            }
        }
        let after = next(after: element)
        append(["id": .string(element.id + "__loop"), "type": "scriptTask", "set": .object(set),
                "next": .string(element.id + "__more")], from: element)
        append(["id": .string(element.id + "__more"), "type": "exclusiveGateway",
                "branches": [["when": .string("\(loop).index < \(loop).count"), "next": .string(element.id + "__item")],
                             ["next": .string(after)]]], from: element)
        var item: [String: JSONValue] = [loop + ".number": .string("\(loop).index + 1")]
        if hasItems, let elementVariable, (try? DataPath(elementVariable)) != nil {
            item[elementVariable] = .string("\(loop).items[\(loop).index]")
        }
        append(["id": .string(element.id + "__item"), "type": "scriptTask", "set": .object(item), "next": .string(element.id)], from: element)
        appendTask(element, title: "\(element.label) (${\(loop).number} of ${\(loop).count})", form: form, button: button,
                   next: element.id + "__done")
        append(["id": .string(element.id + "__done"), "type": "scriptTask", "set": .object(done),
                "next": .string(element.id + "__more")], from: element)
        summary.append("multi-instance \(element.id): one screen per item, one after the other")
    }
}
