import Markdown
import Expressions

/// Gateways and conditional flows: the model's conditions become branches; where the model
/// leaves the way open, the person chooses on a "Which way?" page.
extension ProcessBuilder {
    /// An exclusive, inclusive or complex gateway, or an activity's conditional flows (`id`
    /// names the node then): the conditions made branches, the default flow as the default;
    /// when a condition cannot be evaluated, or none holds and there is no default,
    /// the person chooses. An inclusive gateway, like an activity's conditional flows, takes
    /// every path whose condition holds (a flow without one is always taken) and its page also
    /// offers every path at once; as a gateway it first joins the branches it merges.
    mutating func decide(_ element: FlowElement, flows: [SequenceFlow], id: String? = nil) {
        let inclusive = element.kind == .inclusiveGateway || id != nil
        var nodeID = id ?? element.id
        if id == nil, inclusive, (incoming[element.id] ?? []).count > 1 {
            guard flows.count > 1 else {
                let target = flows.first.map { entry($0.target) } ?? next(after: element)
                summary.append("inclusive gateway \(element.id): waits for every branch that can still arrive")
                return append(["id": .string(element.id), "type": "inclusiveGateway", "branches": [["next": .string(target)]]], from: element)
            }
            nodeID = uniqueID(element.id + "__split")
            append(["id": .string(element.id), "type": "inclusiveGateway", "branches": [["next": .string(nodeID)]]], from: element)
        }
        guard flows.count > 1 else {
            return passThrough(nodeID, to: flows.first.map { entry($0.target) } ?? next(after: element), from: element)
        }
        var branches: [JSONValue] = []
        var open: [String] = []
        for flow in flows where flow.id != element.defaultFlow {
            guard let condition = flow.condition else {
                if inclusive {
                    branches.append(["when": "true", "next": .string(entry(flow.target))])
                } else {
                    open.append("\(flowLabel(flow)): no condition")
                }
                continue
            }
            switch modelExpression(condition, language: flow.conditionLanguage) {
            case .success(let expression):
                branches.append(["when": expression.definitionJSON, "next": .string(entry(flow.target))])
            case .failure(let problem):
                open.append("\(flowLabel(flow)): \(problem.message)")
                warnings.append(located(flow, "the condition \(condition) cannot be evaluated here (\(problem)); the person chooses the way at \(element.id)"))
            }
        }
        if !open.isEmpty {
            let conditions = flows.compactMap { flow in flow.condition.map { "- **\(Markdown.escaped(flowLabel(flow)))**: `\($0.replacingOccurrences(of: "`", with: "'"))`" } }
            let intro = "At “\(Markdown.escaped(element.label))” the model does not say which way the process goes, so choose the path to preview."
                + (conditions.isEmpty ? "" : "\n\nThe model's conditions:\n\n" + conditions.joined(separator: "\n"))
            let paths = choices(element, flows: flows, inclusive: inclusive)
            append(choicePage(id: nodeID, title: "Which way?", intro: intro, paths: paths), from: element)
            summary.append("gateway \(element.id): the person chooses (\(open.joined(separator: "; ")))")
            return
        }
        let evaluated = branches.filter { $0["when"] != nil && $0["when"] != "true" }.count
        if let ask = unsetVariablesPage(element, nodeID: nodeID, flows: flows, branches: branches, inclusive: inclusive) {
            branches.append(ask)
        }
        if let defaultFlow = flows.first(where: { $0.id == element.defaultFlow }) {
            branches.append(["next": .string(entry(defaultFlow.target))])
        } else if !branches.contains(where: { $0["when"] == "true" }) {
            // None holding is an incident in an engine; a preview lets the person choose.
            let choiceID = uniqueID(nodeID + "__choice")
            let paths = choices(element, flows: flows, inclusive: inclusive)
            branches.append(["next": .string(choiceID)])
            append(choicePage(id: choiceID, title: "Which way?",
                              intro: "At “\(Markdown.escaped(element.label))” no condition holds for this data, so choose the path to preview.",
                              paths: paths), from: element)
        }
        let what = id != nil ? "conditional flows of" : inclusive ? "inclusive gateway" : "gateway"
        summary.append("\(what) \(element.id): \(evaluated) condition\(evaluated == 1 ? "" : "s") evaluated"
            + (inclusive ? ", every path whose condition holds is taken" : "")
            + (element.defaultFlow == nil ? ", the person chooses when none holds" : ", the default flow when none holds"))
        append(["id": .string(nodeID), "type": inclusive ? "inclusiveGateway" : "exclusiveGateway", "branches": .array(branches)], from: element)
    }

    /// The buttons of a "Which way?" page: each flow, and for an inclusive gateway "All of
    /// these paths", a fork to every one.
    mutating func choices(_ element: FlowElement, flows: [SequenceFlow], inclusive: Bool) -> [(label: String, target: String)] {
        var paths = flows.map { (label: flowLabel($0), target: $0.target) }
        guard inclusive else { return paths }
        let id = uniqueID(element.id + "__all")
        append(["id": .string(id), "type": "parallelGateway", "next": .array(flows.map { .string(entry($0.target)) })], from: element)
        paths.append((label: "All of these paths", target: id))
        return paths
    }

    /// FEEL (`=…`), JUEL (`${…}`), else tried as FEEL; another `language` is not evaluated.
    func modelExpression(_ condition: String, language: String?) -> Result<Expression, ModelExpressionProblem> {
        let trimmed = condition.trimmingWhitespace()
        if let language, !language.isEmpty, !language.lowercased().contains("feel"), !language.lowercased().contains("juel") {
            return .failure(ModelExpressionProblem(column: nil, message: "conditions in \(language) are not evaluated"))
        }
        if trimmed.hasPrefix("=") { return ModelExpressions.feel(String(trimmed.dropFirst())) }
        if trimmed.contains("${") || trimmed.contains("#{") { return ModelExpressions.juel(trimmed) }
        return ModelExpressions.feel(trimmed)
    }

    func flowLabel(_ flow: SequenceFlow) -> String {
        if let name = flow.name, !name.trimmingWhitespace().isEmpty { return name.collapsingWhitespace() }
        return elements[flow.target]?.label ?? flow.target
    }
}
