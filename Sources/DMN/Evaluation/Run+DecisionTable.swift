import FEEL

/// What a decision table showed: its inputs' values and the rules that matched.
struct TableTrace {
    var inputs: [TracedInput] = []
    var rules: [MatchedRule] = []
}

/// Decision tables (DMN 1.5, 8.2 and 8.3.4): inputs evaluated once, each rule's input entries
/// tested against them, the matched rules' outputs combined by the hit policy.
extension Run {
    func evaluate(_ table: DecisionTable, _ scope: FEELContext, in model: DMNDefinitions, place: String,
                  defaultName: String?) -> (value: FEELValue, trace: TableTrace) {
        var trace = TableTrace()
        var inputValues: [FEELValue] = []
        var invalid = false
        for (index, input) in table.inputs.enumerated() {
            let inputPlace = "\(place), input \(index + 1) (\(input.label ?? input.expression.source))"
            var value = feel(input.expression, scope, place: inputPlace)
            value = coerce(value, to: input.typeRef, in: model, place: inputPlace)
            if let allowed = input.inputValues, !value.isNull, !types.passes(value, allowed) {
                warn("\(inputPlace): the value \(value.literal.prefix(80)) is not one of the input values \(allowed.source); the table's value is null")
                invalid = true
            }
            inputValues.append(value)
            trace.inputs.append(TracedInput(label: input.label ?? input.expression.source, expression: input.expression.source, value: value))
        }
        if invalid { return (.null, trace) }

        var matched: [(rule: DecisionTable.Rule, number: Int)] = []
        for (index, rule) in table.rules.enumerated() {
            var matches = true
            for (column, entry) in rule.inputEntries.enumerated() where column < inputValues.count {
                let test = feel(entry, scope, input: inputValues[column], place: "\(place), rule \(index + 1), input \(column + 1)")
                if test.boolValue != true {
                    matches = false
                    break
                }
            }
            if matches { matched.append((rule, index + 1)) }
        }

        // Each matched rule's outputs, checked against the output values.
        var results: [(number: Int, outputs: [FEELValue])] = []
        for (rule, number) in matched {
            var outputs: [FEELValue] = []
            for (column, output) in table.outputs.enumerated() {
                let outputPlace = "\(place), rule \(number), output \(output.name ?? String(column + 1))"
                let entry = column < rule.outputEntries.count ? rule.outputEntries[column] : nil
                var value = entry.map { feel($0, scope, place: outputPlace) } ?? .null
                value = coerce(value, to: output.typeRef, in: model, place: outputPlace)
                if let allowed = output.outputValues, !value.isNull, !types.passes(value, allowed) {
                    warn("\(outputPlace): the value \(value.literal.prefix(80)) is not one of the output values \(allowed.source); it is null")
                    value = .null
                }
                outputs.append(value)
            }
            results.append((number, outputs))
        }

        let chosen = choose(results, table, place: place)
        for (rule, number) in matched where chosen.numbers.contains(number) {
            var annotations = rule.annotations.filter { !$0.isEmpty }
            if let description = rule.description, !description.isEmpty { annotations.append(description) }
            trace.rules.append(MatchedRule(number: number, id: rule.id, inputEntries: rule.inputEntries.map(\.source),
                                           outputEntries: rule.outputEntries.map(\.source), annotations: annotations))
        }
        if matched.isEmpty { return (defaults(table, scope, in: model, place: place), trace) }
        return (chosen.value, trace)
    }

    /// One rule's outputs as the table's value: the value of a single output, else a context by output name.
    private func row(_ outputs: [FEELValue], _ table: DecisionTable) -> FEELValue {
        if table.outputs.count == 1 { return outputs.first ?? .null }
        var context = FEELContext()
        for (index, output) in table.outputs.enumerated() { context[output.name ?? "output \(index + 1)"] = outputs[index] }
        return .context(context)
    }

    /// The hit policy at work: the value and the rules it took.
    private func choose(_ results: [(number: Int, outputs: [FEELValue])], _ table: DecisionTable,
                        place: String) -> (value: FEELValue, numbers: [Int]) {
        guard !results.isEmpty else { return (.null, []) }
        switch table.hitPolicy {
        case .unique:
            guard results.count == 1 else {
                warn("\(place): the hit policy is UNIQUE but rules \(results.map { String($0.number) }.joined(separator: ", ")) all match; the value is null")
                return (.null, results.map(\.number))
            }
            return (row(results[0].outputs, table), [results[0].number])
        case .any:
            let first = row(results[0].outputs, table)
            for other in results.dropFirst() where FEELValue.equal(row(other.outputs, table), first) != true {
                warn("\(place): the hit policy is ANY but rules \(results[0].number) and \(other.number) give different outputs; the value is null")
                return (.null, results.map(\.number))
            }
            return (first, results.map(\.number))
        case .first:
            return (row(results[0].outputs, table), [results[0].number])
        case .priority:
            let ranked = ranked(results, table)
            return (row(ranked[0].outputs, table), [ranked[0].number])
        case .ruleOrder:
            return (.list(results.map { row($0.outputs, table) }), results.map(\.number))
        case .outputOrder:
            let ranked = ranked(results, table)
            return (.list(ranked.map { row($0.outputs, table) }), ranked.map(\.number))
        case .collect:
            guard let aggregation = table.aggregation else {
                return (.list(results.map { row($0.outputs, table) }), results.map(\.number))
            }
            return (aggregate(results.map { row($0.outputs, table) }, aggregation, place: place), results.map(\.number))
        }
    }

    /// Rules by their outputs' priority: the position of each output's value in its output
    /// values (first output first), rule order among equals.
    private func ranked(_ results: [(number: Int, outputs: [FEELValue])], _ table: DecisionTable) -> [(number: Int, outputs: [FEELValue])] {
        let priorities = table.outputs.map { output -> [FEELValue] in
            guard let list = output.priorityList, let expression = list.expression else { return [] }
            return expression.evaluate(NoVariables(), environment: environment).value.listValue ?? []
        }
        func rank(_ outputs: [FEELValue]) -> [Int] {
            zip(outputs, priorities).map { value, list in
                list.firstIndex { FEELValue.equal($0, value) == true } ?? list.count
            }
        }
        let keyed = results.map { (result: $0, key: rank($0.outputs)) }
        return keyed.enumerated().sorted { a, b in
            if a.element.key != b.element.key { return a.element.key.lexicographicallyPrecedes(b.element.key) }
            return a.offset < b.offset
        }.map(\.element.result)
    }

    /// COLLECT with an aggregation, over the outputs that are not null.
    private func aggregate(_ values: [FEELValue], _ aggregation: DecisionTable.Aggregation, place: String) -> FEELValue {
        let present = values.filter { !$0.isNull }
        switch aggregation {
        case .count:
            return .number(present.count)
        case .sum:
            guard !present.isEmpty else { return .null }
            var total = FEELNumber.zero
            for value in present {
                guard let number = value.numberValue, let sum = total + number else {
                    warn("\(place): COLLECT SUM needs numbers, found \(value.typeName); the value is null")
                    return .null
                }
                total = sum
            }
            return .number(total)
        case .min, .max:
            guard var best = present.first else { return .null }
            for value in present.dropFirst() {
                guard let order = FEELValue.order(value, best) else {
                    warn("\(place): COLLECT \(aggregation.rawValue) needs values of one ordered type; the value is null")
                    return .null
                }
                if (aggregation == .min && order < 0) || (aggregation == .max && order > 0) { best = value }
            }
            return best
        }
    }

    /// The default output entries when no rule matches; null without them.
    private func defaults(_ table: DecisionTable, _ scope: FEELContext, in model: DMNDefinitions, place: String) -> FEELValue {
        if table.hitPolicy == .collect, table.aggregation == .count { return .number(0) }
        guard table.outputs.contains(where: { $0.defaultValue != nil }) else { return .null }
        let outputs = table.outputs.map { output in
            let value = output.defaultValue.map { feel($0, scope, place: "\(place), default output") } ?? .null
            return coerce(value, to: output.typeRef, in: model, place: "\(place), default output")
        }
        return row(outputs, table)
    }
}
