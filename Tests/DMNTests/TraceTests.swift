import DMN
import FEEL
import Testing

/// The trace a preview shows: each decision with its inputs, matched rules and result.
struct TraceTests {
    @Test func theTraceNamesTheMatchedRulesByTheirOneBasedNumbers() {
        let models = Tables.model(.collect, inputs: ["x"], outputs: [("o", nil)],
                                  rules: [(["< 5"], ["1"]), (["> 8"], ["2"]), ([">= 3"], ["3"])])
        let trace = Tables.evaluate(models, ["x": .number(9)]).trace
        #expect(trace.map(\.name) == ["d"])
        #expect(trace[0].matchedRules.map(\.number) == [2, 3])
        #expect(trace[0].matchedRules[0].inputEntries == ["> 8"])
        #expect(trace[0].matchedRules[0].outputEntries == ["2"])
    }

    @Test func theTraceCarriesEachInputsLabelAndValue() {
        let models = Tables.model(.first, inputs: ["x"], outputs: [("o", nil)], rules: [(["-"], ["1"])])
        let input = Tables.evaluate(models, ["x": .number(7)]).trace[0].inputs[0]
        #expect(input.label == "x")
        #expect(input.expression == "x")
        #expect(input.value.literal == "7")
    }

    @Test func theTraceCarriesTheMatchedRulesAnnotations() {
        let models = Tables.model(.first, inputs: ["x"], outputs: [("o", nil)], rules: [(["< 0"], ["1"]), (["-"], ["2"])],
                                  annotations: [["negative"], ["everything else"]])
        let rule = Tables.evaluate(models, ["x": .number(7)]).trace[0].matchedRules
        #expect(rule.map(\.number) == [2])
        #expect(rule[0].annotations == ["everything else"])
    }

    @Test func aFirstHitTableTracesOnlyTheRuleItTook() {
        let models = Tables.model(.first, inputs: ["x"], outputs: [("o", nil)], rules: [(["> 1"], ["1"]), (["> 2"], ["2"])])
        #expect(Tables.evaluate(models, ["x": .number(7)]).trace[0].matchedRules.map(\.number) == [1])
    }

    @Test func requiredDecisionsAreTracedFirstAndEvaluatedOnce() throws {
        let result = DMNXML.read("""
        <decision id="base" name="Base"><literalExpression><text>2</text></literalExpression></decision>
        <decision id="left" name="Left">
          <informationRequirement><requiredDecision href="#base"/></informationRequirement>
          <literalExpression><text>Base + 1</text></literalExpression>
        </decision>
        <decision id="top" name="Top">
          <informationRequirement><requiredDecision href="#base"/></informationRequirement>
          <informationRequirement><requiredDecision href="#left"/></informationRequirement>
          <literalExpression><text>Base * Left</text></literalExpression>
        </decision>
        """)
        let model = try #require(result.models.first)
        let evaluated = try DMNEvaluator().evaluate(decision: "Top", in: DMNModels(model), context: [:]).get()
        #expect(evaluated.value.literal == "6")
        #expect(evaluated.trace.map(\.name) == ["Base", "Left", "Top"])
        #expect(evaluated.trace[2].inputs.map(\.label) == ["Base", "Left"])
    }
}
