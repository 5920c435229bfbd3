
/// Reads the processes of one BPMN file's `definitions`, checking what every later step
/// relies on: ids present and unique, flows and boundary events pointing at elements that
/// exist. Every problem of the file is reported at once, with its line and column.
struct BPMNReader {
    let file: String
    private(set) var errors: [LoadError] = []
    private(set) var warnings: [LoadError] = []
    private(set) var skipped: [String] = []

    init(file: String) { self.file = file }

    mutating func read(_ root: XMLNode) -> [BPMNProcess] {
        guard root.name == "definitions", root.namespace == BPMNNamespace.model else {
            error(root, "the root element is <\(root.name)> in \(root.namespace.isEmpty ? "no namespace" : root.namespace); a BPMN 2.0 file starts with <definitions xmlns=\"\(BPMNNamespace.model)\">")
            return []
        }
        var participants: [String: String?] = [:]
        for collaboration in root.children("collaboration", in: BPMNNamespace.model) {
            for participant in collaboration.children("participant", in: BPMNNamespace.model) {
                if let process = participant.attribute("processRef") { participants[process] = participant.attribute("name") }
            }
        }
        var processes: [BPMNProcess] = []
        for process in root.children("process", in: BPMNNamespace.model) {
            guard let id = nonEmpty(process.attribute("id")) else {
                error(process, "a <process> has no id; give it one in your modeler (Process properties → ID)")
                continue
            }
            let participant = participants[id]
            if participant == nil, process.attribute("isExecutable") == "false" {
                skipped.append("process \(id) is not executable and no pool shows it: left out")
                continue
            }
            processes.append(readProcess(process, id: id, participantName: participant ?? nil))
        }
        if processes.isEmpty, errors.isEmpty, skipped.isEmpty {
            skipped.append("no process in this file")
        }
        return processes
    }

    private mutating func readProcess(_ process: XMLNode, id: String, participantName: String?) -> BPMNProcess {
        var elements: [FlowElement] = []
        var flows: [SequenceFlow] = []
        collect(process, parent: nil, into: &elements, &flows)

        var ids = Set<String>()
        for element in elements where !ids.insert(element.id).inserted {
            error(element.node, "a second element has the id \"\(element.id)\"; ids must be unique in a file")
        }
        var flowIDs = Set<String>()
        for flow in flows {
            if !flowIDs.insert(flow.id).inserted {
                error(flow.line, flow.column, flow.id, "a second sequence flow has the id \"\(flow.id)\"")
            }
            for (end, ref) in [("sourceRef", flow.source), ("targetRef", flow.target)] where !ids.contains(ref) {
                error(flow.line, flow.column, flow.id, ref.isEmpty
                      ? "the sequence flow has no \(end); connect both of its ends in your modeler"
                      : "\(end) \"\(ref)\" names no flow node of process \(id); connect the flow to an element that exists")
            }
        }
        for element in elements {
            if let attached = element.attachedTo, !ids.contains(attached) {
                error(element.node, "attachedToRef \"\(attached)\" names no activity of process \(id); attach the boundary event to a task")
            } else if element.kind == .boundaryEvent, element.attachedTo == nil {
                error(element.node, "the boundary event is attached to nothing (no attachedToRef); attach it to a task")
            }
        }
        var forms: [String: (body: String, line: Int)] = [:]
        for extensions in process.children("extensionElements", in: BPMNNamespace.model) {
            for form in extensions.children("userTaskForm", in: BPMNNamespace.zeebe) {
                if let formID = form.attribute("id") { forms[formID] = (form.text, form.line) }
            }
        }
        return BPMNProcess(id: id, name: nonEmpty(participantName) ?? nonEmpty(process.attribute("name")),
                           elements: elements, flows: flows, embeddedForms: forms, line: process.line, column: process.column)
    }

    private static let kinds: [String: FlowElement.Kind] = [
        "startEvent": .startEvent, "endEvent": .endEvent, "intermediateCatchEvent": .intermediateCatchEvent,
        "intermediateThrowEvent": .intermediateThrowEvent, "boundaryEvent": .boundaryEvent,
        "userTask": .userTask, "task": .manualTask("task"), "manualTask": .manualTask("manualTask"),
        "receiveTask": .manualTask("receiveTask"),
        "serviceTask": .automaticTask("serviceTask"), "sendTask": .automaticTask("sendTask"),
        "scriptTask": .automaticTask("scriptTask"), "businessRuleTask": .automaticTask("businessRuleTask"),
        "exclusiveGateway": .exclusiveGateway, "inclusiveGateway": .inclusiveGateway,
        "parallelGateway": .parallelGateway, "eventBasedGateway": .eventBasedGateway, "complexGateway": .complexGateway,
        "subProcess": .subProcess, "transaction": .subProcess, "adHocSubProcess": .other("adHocSubProcess"),
        "callActivity": .callActivity,
    ]

    private mutating func collect(_ container: XMLNode, parent: String?,
                                  into elements: inout [FlowElement], _ flows: inout [SequenceFlow]) {
        for child in container.children where child.namespace == BPMNNamespace.model {
            if child.name == "sequenceFlow" {
                // Engines accept a flow without an id (nothing refers to it but `default`), so
                // one is made up from its place; a flow node without an id is an error.
                let id = nonEmpty(child.attribute("id")) ?? "flow-line-\(child.line)"
                if child.attribute("id") == nil {
                    warnings.append(LoadError(file: file, pointer: "", message: "a sequence flow has no id; it is called \(id) here (save the model from your modeler to give it one)",
                                              line: child.line, column: child.column))
                }
                let condition = child.child("conditionExpression", in: BPMNNamespace.model)
                let body = condition.map { $0.text.trimmingWhitespace() }
                flows.append(SequenceFlow(id: id, name: nonEmpty(child.attribute("name")),
                                          source: child.attribute("sourceRef") ?? "", target: child.attribute("targetRef") ?? "",
                                          condition: body.flatMap(nonEmpty), conditionLanguage: condition?.attribute("language"),
                                          line: condition?.line ?? child.line, column: condition?.column ?? child.column))
                continue
            }
            guard let kind = BPMNReader.kinds[child.name] else { continue }
            guard let id = nonEmpty(child.attribute("id")) else {
                error(child, "a <\(child.name)> has no id; give it one in your modeler")
                continue
            }
            let triggered = child.attribute("triggeredByEvent") == "true"
            let documentation = child.children("documentation", in: BPMNNamespace.model)
                .map { $0.text.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: "\n\n")
            elements.append(FlowElement(
                id: id, kind: kind, name: child.attribute("name"), documentation: documentation.isEmpty ? nil : documentation,
                event: BPMNReader.eventDefinition(child), attachedTo: child.attribute("attachedToRef"),
                cancelActivity: child.attribute("cancelActivity") != "false", defaultFlow: child.attribute("default"),
                parent: parent, triggeredByEvent: triggered,
                multiInstance: child.child("multiInstanceLoopCharacteristics", in: BPMNNamespace.model) != nil,
                node: child))
            if kind == .subProcess || kind == .other("adHocSubProcess") {
                collect(child, parent: id, into: &elements, &flows)
            }
        }
    }

    private static func eventDefinition(_ node: XMLNode) -> FlowElement.EventDefinition {
        for child in node.children where child.namespace == BPMNNamespace.model {
            let ref = child.attribute("messageRef") ?? child.attribute("signalRef") ?? child.attribute("errorRef")
                ?? child.attribute("escalationRef")
            switch child.name {
            case "messageEventDefinition": return .message(ref)
            case "timerEventDefinition":
                let text = child.children.first { ["timeDuration", "timeDate", "timeCycle"].contains($0.name) }?.text
                return .timer(text.map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 })
            case "signalEventDefinition": return .signal(ref)
            case "errorEventDefinition": return .error(ref)
            case "escalationEventDefinition": return .escalation(ref)
            case "conditionalEventDefinition": return .conditional
            case "linkEventDefinition": return .link(child.attribute("name"))
            case "terminateEventDefinition": return .terminate
            case "cancelEventDefinition": return .cancel
            case "compensateEventDefinition": return .compensate
            default: continue
            }
        }
        return .none
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingWhitespace().isEmpty else { return nil }
        return text
    }

    private mutating func error(_ node: XMLNode, _ message: String) {
        error(node.line, node.column, node.attribute("id") ?? "", message)
    }

    private mutating func error(_ line: Int, _ column: Int, _ id: String, _ message: String) {
        errors.append(LoadError(file: file, pointer: id.isEmpty ? "" : "/" + id, message: message, line: line, column: column))
    }
}
