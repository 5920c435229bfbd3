/// A BPMN process as the file states it, before it becomes a `ProcessDefinition`: flow
/// elements and sequence flows with their places in the file.
struct BPMNProcess {
    let id: String
    /// The participant's name, else the process's, else nil.
    let name: String?
    let elements: [FlowElement]
    let flows: [SequenceFlow]
    /// `zeebe:userTaskForm` bodies by id, for `formKey="camunda-forms:bpmn:<id>"`.
    let embeddedForms: [String: (body: String, line: Int)]
    let line: Int
    let column: Int
}

/// One flow node: an event, a task, a gateway, a subprocess.
struct FlowElement {
    enum Kind: Equatable {
        case startEvent, endEvent, intermediateCatchEvent, intermediateThrowEvent, boundaryEvent
        case userTask
        /// task, manualTask, receiveTask: a person does it; the screen says what.
        case manualTask(String)
        /// serviceTask, sendTask, scriptTask, businessRuleTask: stand-ins that pass through.
        case automaticTask(String)
        case exclusiveGateway, inclusiveGateway, parallelGateway, eventBasedGateway, complexGateway
        case subProcess, callActivity
        /// A flow node FlowStage does not know: it passes through.
        case other(String)
    }

    enum EventDefinition: Equatable {
        case none, message(String?), timer(String?), signal(String?), error(String?), escalation(String?)
        case conditional, link(String?), terminate, cancel, compensate
    }

    let id: String
    let kind: Kind
    let name: String?
    let documentation: String?
    let event: EventDefinition
    /// Boundary events: the activity they sit on, and whether they cancel it.
    let attachedTo: String?
    let cancelActivity: Bool
    /// Gateways and activities: the flow taken when no condition holds.
    let defaultFlow: String?
    /// Flow nodes inside an embedded subprocess, with the subprocess's id.
    let parent: String?
    /// An event subprocess: not on the normal path; its start events are offered as
    /// "Simulate: …" on the screens of its scope (`ProcessBuilder+Events`).
    let triggeredByEvent: Bool
    let multiInstance: Bool
    /// The XML element, for extension elements (forms, task types, called elements).
    let node: XMLNode

    var line: Int { node.line }
    var column: Int { node.column }

    /// How the element is called on a screen: its name, else its id.
    var label: String {
        if let name, !name.trimmingWhitespace().isEmpty { return name.collapsingWhitespace() }
        return id
    }
}

struct SequenceFlow {
    let id: String
    let name: String?
    let source: String
    let target: String
    /// The condition's text and its `language` attribute, when it has one.
    let condition: String?
    let conditionLanguage: String?
    let line: Int
    let column: Int
}

extension String {
    /// Names from modelers carry line breaks (`Loan Request&#10;Received`): one line on a page.
    func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
