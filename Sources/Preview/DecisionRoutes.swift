import DMN
import Definitions
import FEEL
import FlowStageRuntime
import HTTP
import Rendering

/// A decision's "try it" page: `GET /decisions/{id}` (an id, or a name, of a decision in the
/// project's `.dmn` files). A `get` form with no side effects, like the FEEL playground: it
/// works without script and a result is a link that can be shared. Its fields are
/// `DecisionForm`'s (the input data the decision needs; a required decision is computed, not
/// asked). With `_evaluate` in the query the values are converted by type (a text that does
/// not convert is an error on its field, and nothing is evaluated) and the decision is
/// evaluated as a business rule task would: the result, then each decision the evaluation went
/// through, required decisions first, with its inputs, the rules that matched and its whole
/// table, every rule marked matched or not.
extension PreviewApp {
    func decisionPage(_ id: String, _ request: Request, _ session: Session) -> Response {
        guard let found = project.decisions.find(id) else { return notFoundPage(session) }
        let form = DecisionForm(found)
        var fields = form.fields.map { field in
            DecisionPage.Field(name: field.name, label: field.label, typeRef: field.typeRef, kind: field.kind, options: field.options,
                               value: request.query.first { $0.name == field.name }?.value ?? "")
        }
        var outcome: DecisionPage.Outcome?
        if request.query.contains(where: { $0.name == "_evaluate" }) {
            var context = FEELContext()
            for index in fields.indices {
                switch DecisionForm.convert(fields[index].value, fields[index].kind) {
                case .success(let value): Self.place(value, at: form.fields[index].path, in: &context)
                case .failure(let problem): fields[index].problem = problem
                }
            }
            if !fields.contains(where: { $0.problem != nil }) {
                outcome = Self.evaluate(found, context: context)
            }
        }
        let page = DecisionPage(id: found.decision.id, name: found.decision.name, file: found.file, question: found.decision.question,
                                fields: fields, computed: form.computed, logic: Self.logic(of: found.decision, matched: nil),
                                outcome: outcome)
        return html(200, renderer.decisionPage(page, settings: settings(session)))
    }

    /// Puts `value` at `path`, making the contexts on the way (`applicant.age`).
    static func place(_ value: FEELValue, at path: [String], in context: inout FEELContext) {
        guard let first = path.first else { return }
        if path.count == 1 { context[first] = value; return }
        var inner = context[first]?.contextValue ?? FEELContext()
        place(value, at: Array(path.dropFirst()), in: &inner)
        context[first] = .context(inner)
    }

    /// The decision evaluated on `context`, with the trace the page shows.
    static func evaluate(_ found: ProjectDecisions.Found, context: FEELContext) -> DecisionPage.Outcome {
        let values = Dictionary(zip(context.keys, context.values), uniquingKeysWith: { $1 })
        switch DMNEvaluator().evaluate(decision: found.decision.id, in: found.models, context: values) {
        case .failure(let error):
            return .failed(error.message)
        case .success(let result):
            let all = [found.models.main] + found.models.others
            let decisions = result.trace.map { trace in
                let decision = all.lazy.compactMap { model in model.decisions.first { $0.id == trace.id && $0.name == trace.name } }.first
                let matched = Set(trace.matchedRules.map(\.number))
                return DecisionPage.Evaluated(
                    name: trace.name,
                    inputs: trace.inputs.map { DecisionPage.Evaluated.Input(label: $0.label, value: $0.value.literal) },
                    matched: trace.matchedRules.map {
                        DecisionPage.Table.Rule(number: $0.number, inputEntries: $0.inputEntries, outputEntries: $0.outputEntries,
                                                annotations: $0.annotations, matched: true)
                    },
                    result: trace.result.literal,
                    warnings: trace.warnings,
                    logic: decision.flatMap { logic(of: $0, matched: matched) })
            }
            return .value(literal: result.value.literal, type: result.value.typeName, decisions: decisions, warnings: result.warnings)
        }
    }

    /// A rule's annotation entries, one per column: its `description` joins the last (a table
    /// with no annotation column has nowhere to show one; the trace of a match shows it).
    static func annotations(of rule: DecisionTable.Rule, columns: Int) -> [String] {
        var texts = Array(rule.annotations.prefix(columns))
        while texts.count < columns { texts.append("") }
        if let description = rule.description, !description.isEmpty, columns > 0 {
            texts[columns - 1] += texts[columns - 1].isEmpty ? description : " — " + description
        }
        return texts
    }

    /// A decision's logic as the page shows it; with `matched`, each rule marked matched or not.
    static func logic(of decision: Decision, matched: Set<Int>?) -> DecisionPage.Logic? {
        guard let logic = decision.logic else { return nil }
        switch logic.kind {
        case .decisionTable(let table):
            let rules = table.rules.enumerated().map { index, rule in
                DecisionPage.Table.Rule(number: index + 1, inputEntries: rule.inputEntries.map(\.source),
                                        outputEntries: rule.outputEntries.map(\.source),
                                        annotations: annotations(of: rule, columns: table.annotationNames.count),
                                        matched: matched.map { $0.contains(index + 1) })
            }
            return .table(DecisionPage.Table(
                hitPolicy: table.hitPolicy.rawValue + (table.aggregation.map { " " + $0.rawValue } ?? ""),
                inputs: table.inputs.map { $0.label ?? $0.expression.source },
                outputs: table.outputs.map { $0.label ?? $0.name ?? table.outputLabel ?? decision.name },
                annotations: table.annotationNames,
                rules: rules))
        case .literal(let text):
            return .literal(text.source)
        default:
            return .other(logic.elementName)
        }
    }
}
