import DMN
import FEEL

/// `<decisionTable>`: inputs, outputs, annotation columns and rules, checked for shape.
extension DMNReader {
    mutating func decisionTable(_ node: XMLNode) -> DecisionTable {
        let ns = node.namespace
        let policyText = node.attribute("hitPolicy") ?? "UNIQUE"
        var hitPolicy = DecisionTable.HitPolicy(rawValue: policyText)
        if hitPolicy == nil {
            error(node, "the hit policy \(policyText) is not one of \(DecisionTable.HitPolicy.allCases.map(\.rawValue).joined(separator: ", ")); choose one")
            hitPolicy = .unique
        }
        var aggregation: DecisionTable.Aggregation?
        if let text = node.attribute("aggregation") {
            aggregation = DecisionTable.Aggregation(rawValue: text)
            if aggregation == nil { error(node, "the aggregation \(text) is not SUM, MIN, MAX or COUNT; choose one") }
            if hitPolicy != .collect { warning(node, "an aggregation is only read with the COLLECT hit policy; \(text) is ignored") }
        }
        var inputs: [DecisionTable.Input] = []
        for input in node.children("input", in: ns) {
            let expressionNode = input.child("inputExpression", in: ns)
            let expression = expression(expressionNode?.child("text", in: ns), owner: expressionNode ?? input)
            inputs.append(DecisionTable.Input(label: input.attribute("label"), expression: expression,
                                              typeRef: expressionNode?.attribute("typeRef"),
                                              inputValues: input.child("inputValues", in: ns).map { unaryTests($0) }))
        }
        var outputs: [DecisionTable.Output] = []
        let outputNodes = node.children("output", in: ns)
        for output in outputNodes {
            if outputNodes.count > 1, (output.attribute("name") ?? "").isEmpty {
                error(output, "a table with several outputs needs a name for each; name this output (its value's key in the result)")
            }
            let defaultEntry = output.child("defaultOutputEntry", in: ns)
            outputs.append(DecisionTable.Output(name: output.attribute("name"), label: output.attribute("label"), typeRef: output.attribute("typeRef"),
                                                outputValues: output.child("outputValues", in: ns).map { unaryTests($0) },
                                                defaultValue: defaultEntry.map { expression($0.child("text", in: ns), owner: $0) }))
        }
        if outputs.isEmpty { error(node, "the decision table has no output column; add one") }
        if aggregation != nil, outputs.count > 1 {
            error(node, "COLLECT with an aggregation needs a single output, the table has \(outputs.count); drop the aggregation or the extra outputs")
        }
        let annotationNames = node.children("annotation", in: ns).map { $0.attribute("name") ?? "" }
        var rules: [DecisionTable.Rule] = []
        let ruleNodes = node.children("rule", in: ns)
        if ruleNodes.count > DMNReader.maximumRules || ruleNodes.count * max(1, inputs.count + outputs.count) > DMNReader.maximumCells {
            error(node, "the decision table has \(ruleNodes.count) rules; FlowStage reads at most \(DMNReader.maximumRules) rules and \(DMNReader.maximumCells) cells per table, so split it")
            return DecisionTable(hitPolicy: hitPolicy!, aggregation: aggregation, inputs: inputs, outputs: outputs, annotationNames: annotationNames,
                                 rules: [], outputLabel: node.attribute("outputLabel"))
        }
        for (index, rule) in ruleNodes.enumerated() {
            let inputEntries = rule.children("inputEntry", in: ns).map { unaryTests($0) }
            let outputEntries = rule.children("outputEntry", in: ns).map { expression($0.child("text", in: ns), owner: $0) }
            if inputEntries.count != inputs.count {
                error(rule, "rule \(index + 1) has \(inputEntries.count) input entries but the table has \(inputs.count) inputs; give it one entry per input (\"-\" for any)")
            }
            if outputEntries.count != outputs.count {
                error(rule, "rule \(index + 1) has \(outputEntries.count) output entries but the table has \(outputs.count) outputs; give it one per output")
            }
            let annotations = rule.children("annotationEntry", in: ns).map { $0.child("text", in: ns)?.text ?? "" }
            rules.append(DecisionTable.Rule(id: rule.attribute("id"), inputEntries: inputEntries, outputEntries: outputEntries,
                                            annotations: annotations, description: rule.child("description", in: ns)?.text))
        }
        return DecisionTable(hitPolicy: hitPolicy!, aggregation: aggregation, inputs: inputs, outputs: outputs, annotationNames: annotationNames,
                             rules: rules, outputLabel: node.attribute("outputLabel"))
    }
}
