import DMN
import FEEL

/// Decision tables written as the spec draws them: inputs, outputs (with output values),
/// rules as rows of texts; one decision `d` over input data named by the inputs.
enum Tables {
    static func model(_ policy: DecisionTable.HitPolicy, aggregation: DecisionTable.Aggregation? = nil, inputs: [String],
                      outputs: [(name: String, values: String?)], rules: [([String], [String])],
                      annotations: [[String]] = [], defaults: [String?] = []) -> DMNModels {
        var definitions = DMNDefinitions(name: "tables", namespace: "urn:test:tables")
        for name in inputs { definitions.inputData.append(InputData(id: "in_" + name, name: name, typeRef: nil)) }
        let table = DecisionTable(
            hitPolicy: policy, aggregation: aggregation,
            inputs: inputs.map { DecisionTable.Input(label: $0, expression: .expression($0)) },
            outputs: outputs.enumerated().map { index, output in
                DecisionTable.Output(name: output.name, outputValues: output.values.map { FEELText.unaryTests($0) },
                                     defaultValue: index < defaults.count ? defaults[index].map { FEELText.expression($0) } : nil)
            },
            annotationNames: annotations.isEmpty ? [] : ["why"],
            rules: rules.enumerated().map { index, rule in
                DecisionTable.Rule(id: "r\(index + 1)", inputEntries: rule.0.map { FEELText.unaryTests($0) },
                                   outputEntries: rule.1.map { FEELText.expression($0) },
                                   annotations: index < annotations.count ? annotations[index] : [])
            })
        var decision = Decision(id: "d", name: "d", logic: BoxedExpression(.decisionTable(table)))
        decision.requiredInputs = inputs.map { DMNReference(namespace: nil, id: "in_" + $0) }
        definitions.decisions.append(decision)
        return DMNModels(definitions)
    }

    static func evaluate(_ models: DMNModels, _ context: [String: FEELValue]) -> DecisionResult {
        switch DMNEvaluator().evaluate(decision: "d", in: models, context: context) {
        case .success(let result): return result
        case .failure(let error): fatalError("the evaluation failed: \(error)")
        }
    }

    /// The value as FEEL writes it, for comparing in tests.
    static func value(_ models: DMNModels, _ context: [String: FEELValue]) -> String {
        evaluate(models, context).value.literal
    }
}
