import DMN
import FEEL
import Testing

/// The hit policies of DMN 1.5, 8.2.11: how the matched rules make the table's value.
struct HitPolicyTests {
    /// `x` from 1 to 10: rules for `< 5`, `>= 3`, `> 8`.
    func overlapping(_ policy: DecisionTable.HitPolicy, aggregation: DecisionTable.Aggregation? = nil,
                     outputs: [String] = ["\"low\"", "\"mid\"", "\"high\""], values: String? = nil) -> DMNModels {
        Tables.model(policy, aggregation: aggregation, inputs: ["x"], outputs: [("o", values)],
                     rules: [(["< 5"], [outputs[0]]), ([">= 3"], [outputs[1]]), (["> 8"], [outputs[2]])])
    }

    @Test func uniqueHitPolicyWithOneMatchIsThatRulesOutput() {
        #expect(Tables.value(overlapping(.unique), ["x": .number(1)]) == "\"low\"")
    }

    @Test func uniqueHitPolicyWithTwoMatchesIsNull() {
        let result = Tables.evaluate(overlapping(.unique), ["x": .number(4)])
        #expect(result.value.isNull)
        #expect(result.warnings.contains { $0.contains("UNIQUE") })
    }

    @Test func noMatchingRuleIsNull() {
        #expect(Tables.value(overlapping(.first, outputs: ["1", "2", "3"]), ["x": .string("a")]) == "null")
    }

    @Test func noMatchingRuleGivesTheDefaultOutputEntry() {
        let models = Tables.model(.unique, inputs: ["x"], outputs: [("o", nil)], rules: [(["< 0"], ["\"negative\""])], defaults: ["\"other\""])
        #expect(Tables.value(models, ["x": .number(5)]) == "\"other\"")
    }

    @Test func anyHitPolicyWithEqualOutputsIsThatOutput() {
        #expect(Tables.value(overlapping(.any, outputs: ["\"same\"", "\"same\"", "\"other\""]), ["x": .number(4)]) == "\"same\"")
    }

    @Test func anyHitPolicyWithDifferentOutputsIsNull() {
        #expect(Tables.value(overlapping(.any), ["x": .number(4)]) == "null")
    }

    @Test func firstTakesTheFirstMatchingRuleInOrder() {
        #expect(Tables.value(overlapping(.first), ["x": .number(9)]) == "\"mid\"")
    }

    @Test func priorityPicksByOutputValuesOrder() {
        // "high" is listed first among the output values, so it wins over "mid".
        #expect(Tables.value(overlapping(.priority, values: "\"high\", \"mid\", \"low\""), ["x": .number(9)]) == "\"high\"")
        #expect(Tables.value(overlapping(.priority, values: "\"low\", \"mid\", \"high\""), ["x": .number(4)]) == "\"low\"")
    }

    @Test func ruleOrderListsOutputsInRuleOrder() {
        #expect(Tables.value(overlapping(.ruleOrder), ["x": .number(4)]) == "[\"low\", \"mid\"]")
    }

    @Test func outputOrderListsOutputsByOutputValuesOrder() {
        #expect(Tables.value(overlapping(.outputOrder, values: "\"high\", \"mid\", \"low\""), ["x": .number(9)]) == "[\"high\", \"mid\"]")
    }

    @Test func collectWithoutAggregationListsOutputsInRuleOrder() {
        #expect(Tables.value(overlapping(.collect), ["x": .number(9)]) == "[\"mid\", \"high\"]")
    }

    @Test func collectSumAddsOutputs() {
        #expect(Tables.value(overlapping(.collect, aggregation: .sum, outputs: ["10", "20", "30"]), ["x": .number(9)]) == "50")
    }

    @Test func collectMinTakesTheSmallestOutput() {
        #expect(Tables.value(overlapping(.collect, aggregation: .min, outputs: ["10", "20", "30"]), ["x": .number(9)]) == "20")
    }

    @Test func collectMaxTakesTheLargestOutput() {
        #expect(Tables.value(overlapping(.collect, aggregation: .max, outputs: ["10", "20", "30"]), ["x": .number(4)]) == "20")
    }

    @Test func collectCountCountsTheMatchedRules() {
        #expect(Tables.value(overlapping(.collect, aggregation: .count, outputs: ["10", "20", "30"]), ["x": .number(9)]) == "2")
    }

    @Test func collectCountWithNoMatchIsZero() {
        #expect(Tables.value(overlapping(.collect, aggregation: .count, outputs: ["10", "20", "30"]), ["x": .string("none")]) == "0")
    }

    @Test func collectSumWithNoMatchIsNull() {
        #expect(Tables.value(overlapping(.collect, aggregation: .sum, outputs: ["10", "20", "30"]), ["x": .string("none")]) == "null")
    }

    @Test func severalOutputsMakeAContextByOutputName() {
        let models = Tables.model(.unique, inputs: ["x"], outputs: [("grade", nil), ("points", nil)], rules: [(["-"], ["\"A\"", "x * 2"])])
        #expect(Tables.value(models, ["x": .number(3)]) == "{grade: \"A\", points: 6}")
    }

    @Test func anOutputNotAmongItsOutputValuesIsNull() {
        let models = Tables.model(.unique, inputs: ["x"], outputs: [("o", "\"yes\", \"no\"")], rules: [(["-"], ["\"maybe\""])])
        let result = Tables.evaluate(models, ["x": .number(1)])
        #expect(result.value.isNull)
        #expect(result.warnings.contains { $0.contains("output values") })
    }

    @Test func anInputNotAmongItsInputValuesMakesTheTableNull() {
        var models = Tables.model(.unique, inputs: ["x"], outputs: [("o", nil)], rules: [(["-"], ["1"])])
        guard case .decisionTable(var table)? = models.main.decisions[0].logic?.kind else { Issue.record("no table"); return }
        table.inputs[0].inputValues = .unaryTests("[1..10]")
        models.main.decisions[0].logic = BoxedExpression(.decisionTable(table))
        #expect(Tables.value(models, ["x": .number(5)]) == "1")
        #expect(Tables.value(models, ["x": .number(50)]) == "null")
    }

    @Test func anInputEntryDashMatchesAnything() {
        let models = Tables.model(.unique, inputs: ["x"], outputs: [("o", nil)], rules: [(["-"], ["\"any\""])])
        #expect(Tables.value(models, ["x": .null]) == "\"any\"")
    }
}
