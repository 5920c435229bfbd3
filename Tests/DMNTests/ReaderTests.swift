import DMN
@testable import Definitions
import FEEL
import Testing

/// `DMNFile.read`: what a `.dmn` file must be, and where its mistakes are reported.
struct ReaderTests {
    @Test func aDocumentTypeDeclarationIsRefused() {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE definitions [<!ENTITY x \"y\">]>\n<definitions xmlns=\"https://www.omg.org/spec/DMN/20230324/MODEL/\" namespace=\"n\"/>"
        let result = DMNFile.read(Array(text.utf8), path: "m.dmn")
        #expect(result.models.isEmpty)
        #expect(result.errors.first?.message.contains("document type declaration") == true)
        #expect(result.errors.first?.line == 2)
    }

    @Test func aFileOfAnotherNamespaceIsRefusedNamingTheDMNNamespace() {
        let result = DMNFile.read(Array("<definitions xmlns=\"urn:other\"/>".utf8), path: "m.dmn")
        #expect(result.errors.first?.message.contains("https://www.omg.org/spec/DMN/20230324/MODEL/") == true)
    }

    @Test func everyDMNVersionFrom1_1To1_5IsRead() {
        for namespace in ["http://www.omg.org/spec/DMN/20151101/dmn.xsd", "http://www.omg.org/spec/DMN/20180521/MODEL/",
                          "https://www.omg.org/spec/DMN/20191111/MODEL/", "https://www.omg.org/spec/DMN/20211108/MODEL/",
                          "https://www.omg.org/spec/DMN/20230324/MODEL/"] {
            let text = "<definitions xmlns=\"\(namespace)\" namespace=\"n\" name=\"m\"><decision id=\"d\" name=\"d\"><literalExpression><text>1 + 1</text></literalExpression></decision></definitions>"
            let result = DMNFile.read(Array(text.utf8), path: "m.dmn")
            #expect(result.errors.isEmpty, "\(namespace): \(result.errors)")
            #expect(result.models.first?.decisions.count == 1, "\(namespace)")
        }
    }

    @Test func aDanglingRequirementIsALoadErrorAtItsDecision() {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <informationRequirement><requiredDecision href="#missing"/></informationRequirement>
          <literalExpression><text>1</text></literalExpression>
        </decision>
        """)
        let error = result.errors.first { $0.message.contains("#missing") }
        #expect(error != nil, "\(result.errors)")
        #expect(error?.pointer == "/d")
        #expect(error?.line == 3)
    }

    @Test func aCycleInTheRequirementsGraphIsALoadErrorNamingTheCycle() {
        let result = DMNXML.read("""
        <decision id="a" name="A">
          <informationRequirement><requiredDecision href="#b"/></informationRequirement>
          <literalExpression><text>B</text></literalExpression>
        </decision>
        <decision id="b" name="B">
          <informationRequirement><requiredDecision href="#a"/></informationRequirement>
          <literalExpression><text>A</text></literalExpression>
        </decision>
        """)
        #expect(result.errors.contains { $0.message.contains("requires itself") && $0.message.contains("A → B → A") }, "\(result.errors)")
    }

    @Test func anUnparsableExpressionIsALoadErrorAtItsLineWithTheFEELColumn() {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <literalExpression>
            <text>1 + * 2</text>
          </literalExpression>
        </decision>
        """)
        let error = result.errors.first
        #expect(error?.line == 5, "\(result.errors)")
        #expect(error?.message.contains("column 5") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("1 + * 2") == true)
    }

    @Test func anUnparsableInputEntryIsALoadErrorAtItsLine() {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <decisionTable>
            <input><inputExpression><text>x</text></inputExpression></input>
            <output name="o"/>
            <rule><inputEntry><text>[1..</text></inputEntry><outputEntry><text>1</text></outputEntry></rule>
          </decisionTable>
        </decision>
        """)
        #expect(result.errors.first?.line == 7, "\(result.errors)")
    }

    @Test func aRuleWithTooFewInputEntriesIsALoadError() {
        let result = DMNXML.read("""
        <decision id="d" name="d">
          <decisionTable>
            <input><inputExpression><text>x</text></inputExpression></input>
            <input><inputExpression><text>y</text></inputExpression></input>
            <output name="o"/>
            <rule><inputEntry><text>-</text></inputEntry><outputEntry><text>1</text></outputEntry></rule>
          </decisionTable>
        </decision>
        """)
        #expect(result.errors.contains { $0.message.contains("1 input entries but the table has 2 inputs") }, "\(result.errors)")
    }

    @Test func typeRefsAreReadWithAndWithoutTheFEELPrefix() throws {
        let result = DMNXML.read("""
        <inputData id="i" name="age"><variable name="age" typeRef="feel:number"/></inputData>
        <decision id="d" name="d">
          <variable name="d" typeRef="string"/>
          <informationRequirement><requiredInput href="#i"/></informationRequirement>
          <literalExpression><text>string(age + 1)</text></literalExpression>
        </decision>
        """)
        #expect(result.errors.isEmpty && result.warnings.isEmpty, "\(result.errors) \(result.warnings)")
        let model = try #require(result.models.first)
        let value = try DMNEvaluator().evaluate(decision: "d", in: DMNModels(model), context: ["age": .number(41)]).get().value
        #expect(value.literal == "\"42\"")
        let wrong = try DMNEvaluator().evaluate(decision: "d", in: DMNModels(model), context: ["age": .string("41")]).get().value
        #expect(wrong.isNull)
    }

    @Test func anUnknownTypeRefIsAWarning() {
        let result = DMNXML.read("<inputData id=\"i\" name=\"x\"><variable name=\"x\" typeRef=\"tMissing\"/></inputData>")
        #expect(result.errors.isEmpty)
        #expect(result.warnings.contains { $0.message.contains("tMissing") })
    }

    @Test func camundaExtensionsAreIgnored() {
        let text = """
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" xmlns:camunda="http://camunda.org/schema/1.0/dmn"
                     xmlns:modeler="http://camunda.org/schema/modeler/1.0" namespace="n" name="m" modeler:executionPlatform="Camunda Cloud">
          <decision id="d" name="d">
            <decisionTable id="t" hitPolicy="FIRST">
              <input id="i" label="Age" camunda:inputVariable="a"><inputExpression typeRef="number"><text>age</text></inputExpression></input>
              <output id="o" name="r" typeRef="string"/>
              <rule><inputEntry><text>&gt;= 18</text></inputEntry><outputEntry><text>"adult"</text></outputEntry></rule>
            </decisionTable>
          </decision>
        </definitions>
        """
        let result = DMNFile.read(Array(text.utf8), path: "m.dmn")
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.models.first.flatMap { try? DMNEvaluator().evaluate(decision: "d", in: DMNModels($0), context: ["age": .number(20)]).get().value.literal } == "\"adult\"")
    }

    @Test func boxedExpressionsNestedTooDeeplyAreRefused() {
        let depth = DMNReader.maximumDepth + 2
        let inner = String(repeating: "<list>", count: depth) + "<literalExpression><text>1</text></literalExpression>" + String(repeating: "</list>", count: depth)
        let result = DMNXML.read("<decision id=\"d\" name=\"d\">\(inner)</decision>")
        #expect(result.errors.contains { $0.message.contains("nested more than") })
    }

    @Test func anImportOfAModelNotGivenIsALoadError() {
        let result = DMNXML.read("<import name=\"other\" namespace=\"urn:other\" importType=\"https://www.omg.org/spec/DMN/20230324/MODEL/\"/>")
        #expect(result.errors.contains { $0.message.contains("urn:other") })
    }
}
