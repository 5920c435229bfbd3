import DMN
import FEEL
import Testing

/// The decision requirements graph: knowledge models as functions, decision services, typeRef coercion.
struct GraphTests {
    static let model = DMNXML.read("""
    <itemDefinition name="tScore"><typeRef>number</typeRef><allowedValues><text>[0..100]</text></allowedValues></itemDefinition>
    <inputData id="i" name="Points"><variable name="Points" typeRef="number"/></inputData>
    <businessKnowledgeModel id="bkm" name="Double It">
      <variable name="Double It"/>
      <encapsulatedLogic>
        <formalParameter name="n" typeRef="number"/>
        <literalExpression><text>n * 2</text></literalExpression>
      </encapsulatedLogic>
    </businessKnowledgeModel>
    <decision id="doubled" name="Doubled">
      <variable name="Doubled" typeRef="tScore"/>
      <informationRequirement><requiredInput href="#i"/></informationRequirement>
      <knowledgeRequirement><requiredKnowledge href="#bkm"/></knowledgeRequirement>
      <literalExpression><text>Double It(Points)</text></literalExpression>
    </decision>
    <decision id="text" name="Text">
      <informationRequirement><requiredDecision href="#doubled"/></informationRequirement>
      <literalExpression><text>"score " + string(Doubled)</text></literalExpression>
    </decision>
    <decisionService id="svc" name="Scoring">
      <outputDecision href="#text"/>
      <inputDecision href="#doubled"/>
    </decisionService>
    """).models.first!

    @Test func aKnowledgeModelIsCalledAsAFunctionByItsName() throws {
        let value = try DMNEvaluator().evaluate(decision: "Doubled", in: DMNModels(Self.model), context: ["Points": .number(21)]).get().value
        #expect(value.literal == "42")
    }

    @Test func aResultOutsideItsItemDefinitionsAllowedValuesIsNull() throws {
        let value = try DMNEvaluator().evaluate(decision: "Doubled", in: DMNModels(Self.model), context: ["Points": .number(60)]).get().value
        #expect(value.isNull)
    }

    @Test func aKnowledgeModelIsInvokedWithArgumentsByName() throws {
        let value = try DMNEvaluator().invoke("Double It", in: DMNModels(Self.model), arguments: ["n": .number(5)]).get().value
        #expect(value.literal == "10")
    }

    @Test func aKnowledgeModelArgumentOfTheWrongTypeMakesTheCallNull() throws {
        let value = try DMNEvaluator().invoke("Double It", in: DMNModels(Self.model), arguments: ["n": .string("5")]).get().value
        #expect(value.isNull)
    }

    @Test func aDecisionServiceTakesItsInputDecisionsFromTheArguments() throws {
        let value = try DMNEvaluator().invoke("Scoring", in: DMNModels(Self.model), arguments: ["Doubled": .number(7)]).get().value
        #expect(value.literal == "\"score 7\"")
    }

    @Test func aDecisionServiceEvaluatedDirectlyReadsItsInputsFromTheContext() throws {
        let value = try DMNEvaluator().evaluate(service: "Scoring", in: DMNModels(Self.model), context: ["Doubled": .number(8)]).get().value
        #expect(value.literal == "\"score 8\"")
    }

    @Test func anUnknownDecisionIsAnErrorListingTheDecisions() {
        guard case .failure(let error) = DMNEvaluator().evaluate(decision: "Nope", in: DMNModels(Self.model), context: [:]) else {
            Issue.record("expected an error"); return
        }
        #expect(error.message.contains("\"Doubled\""))
    }

    @Test func aFunctionCallingItselfWithoutEndIsNullNotAHang() throws {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <context>
            <contextEntry><variable name="loop"/><literalExpression><text>function(n) loop(n + 1)</text></literalExpression></contextEntry>
            <contextEntry><literalExpression><text>loop(1)</text></literalExpression></contextEntry>
          </context>
        </decision>
        """)
        let model = try #require(result.models.first)
        let value = try DMNEvaluator().evaluate(decision: "d", in: DMNModels(model), context: [:]).get().value
        #expect(value.isNull)
    }

    @Test func aBoxedFunctionCallingItselfWithoutEndStopsTheEvaluationAtTheCallDepth() throws {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <context>
            <contextEntry>
              <variable name="loop"/>
              <functionDefinition>
                <formalParameter name="n"/>
                <invocation>
                  <literalExpression><text>loop</text></literalExpression>
                  <binding><parameter name="n"/><literalExpression><text>n + 1</text></literalExpression></binding>
                </invocation>
              </functionDefinition>
            </contextEntry>
            <contextEntry><literalExpression><text>loop(1)</text></literalExpression></contextEntry>
          </context>
        </decision>
        """)
        let model = try #require(result.models.first)
        guard case .failure(let error) = DMNEvaluator().evaluate(decision: "d", in: DMNModels(model), context: [:]) else {
            Issue.record("expected the evaluation to stop"); return
        }
        #expect(error.message.contains("levels deep"))
    }
}
