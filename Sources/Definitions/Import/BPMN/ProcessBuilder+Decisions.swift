import Expressions

/// Business rule tasks that call a DMN decision of the project: Camunda 8's
/// `zeebe:calledDecision` (`decisionId`, `resultVariable`) and Camunda 7's `camunda:decisionRef`
/// with `camunda:resultVariable` and `camunda:mapDecisionResult`.
extension ProcessBuilder {
    /// The node's `decision`, or nil (with a warning) when the task names none the project has.
    mutating func calledDecision(_ element: FlowElement) -> JSONValue? {
        let zeebe = element.node.child("extensionElements", in: BPMNNamespace.model)?.child("calledDecision", in: BPMNNamespace.zeebe)
        let id = zeebe?.attribute("decisionId") ?? element.node.attribute("decisionRef", inAny: BPMNNamespace.engine)
        guard let id, !id.trimmingWhitespace().isEmpty else { return nil }
        if id.hasPrefix("=") || id.contains("${") {
            warnings.append(located(element, "the decision is chosen by an expression (\(id)); a preview calls a decision named in the model, so the task is a stand-in that asks"))
            return nil
        }
        guard decisions.contains(id) else {
            warnings.append(located(element, "decision “\(id)” is in no .dmn file of this project; the task is a stand-in that asks (add the DMN file beside the model to evaluate it)"))
            return nil
        }
        var call: [String: JSONValue] = ["id": .string(id)]
        let variable = zeebe?.attribute("resultVariable") ?? element.node.attribute("resultVariable", inAny: BPMNNamespace.engine)
        if let variable, !variable.isEmpty {
            if (try? DataPath(variable)) != nil { call["resultVariable"] = .string(variable) } else {
                warnings.append(located(element, "the result variable “\(variable)” is not a variable name; the decision's result is not stored"))
            }
        }
        if zeebe == nil {
            let mapping = element.node.attribute("mapDecisionResult", inAny: BPMNNamespace.engine) ?? "resultList"
            if DecisionCall.Mapping(rawValue: mapping) != nil { call["mapResult"] = .string(mapping) } else {
                warnings.append(located(element, "mapDecisionResult “\(mapping)” is not one of \(DecisionCall.Mapping.allCases.map(\.rawValue).joined(separator: ", ")); the result list is stored"))
                call["mapResult"] = "resultList"
            }
        }
        return .object(call)
    }
}
