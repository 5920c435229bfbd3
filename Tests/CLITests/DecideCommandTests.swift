import Foundation
import Testing
import TestSupport

/// `flowstage decide`: a DMN model's decisions evaluated on the command line, with the rules
/// that matched, and as JSON lines for tools. Runs the `flowstage` binary beside the test bundle.
@Suite struct DecideCommand {
    /// A dish for a season and a party: a FIRST table with annotations over a literal decision
    /// it requires, and a business knowledge model.
    static let dish = """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="dishes" name="Dishes" namespace="urn:test:dishes">
          <inputData id="season" name="season"><variable name="season" typeRef="string"/></inputData>
          <inputData id="guests" name="guests"><variable name="guests" typeRef="number"/></inputData>
          <decision id="party" name="Party Size">
            <variable name="Party Size" typeRef="number"/>
            <informationRequirement><requiredInput href="#guests"/></informationRequirement>
            <literalExpression><text>guests + 1</text></literalExpression>
          </decision>
          <decision id="dish" name="Dish">
            <variable name="Dish" typeRef="string"/>
            <informationRequirement><requiredInput href="#season"/></informationRequirement>
            <informationRequirement><requiredDecision href="#party"/></informationRequirement>
            <decisionTable hitPolicy="FIRST">
              <input label="Season"><inputExpression typeRef="string"><text>season</text></inputExpression></input>
              <input label="Party Size"><inputExpression typeRef="number"><text>Party Size</text></inputExpression></input>
              <output name="dish" typeRef="string"/>
              <annotation name="Why"/>
              <rule>
                <inputEntry><text>"Fall"</text></inputEntry><inputEntry><text>&lt;= 8</text></inputEntry>
                <outputEntry><text>"Spareribs"</text></outputEntry><annotationEntry><text>A small autumn dinner</text></annotationEntry>
              </rule>
              <rule>
                <inputEntry><text>"Winter"</text></inputEntry><inputEntry><text>-</text></inputEntry>
                <outputEntry><text>"Roastbeef"</text></outputEntry><annotationEntry><text>Hearty food for the cold</text></annotationEntry>
              </rule>
              <rule>
                <inputEntry><text>-</text></inputEntry><inputEntry><text>-</text></inputEntry>
                <outputEntry><text>"Stew"</text></outputEntry><annotationEntry><text>Anything else</text></annotationEntry>
              </rule>
            </decisionTable>
          </decision>
          <businessKnowledgeModel id="price" name="Price">
            <variable name="Price"/>
            <encapsulatedLogic>
              <formalParameter name="guests" typeRef="number"/>
              <formalParameter name="each" typeRef="number"/>
              <literalExpression><text>guests * each</text></literalExpression>
            </encapsulatedLogic>
          </businessKnowledgeModel>
        </definitions>
        """

    /// A model that imports the dishes under the name `kitchen`.
    static let menu = """
        <?xml version="1.0" encoding="UTF-8"?>
        <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="menu" name="Menu" namespace="urn:test:menu">
          <import name="kitchen" namespace="urn:test:dishes" importType="https://www.omg.org/spec/DMN/20191111/MODEL/"/>
          <decision id="card" name="Menu Card">
            <variable name="Menu Card" typeRef="string"/>
            <informationRequirement><requiredDecision href="urn:test:dishes#dish"/></informationRequirement>
            <literalExpression><text>"Today: " + kitchen.Dish</text></literalExpression>
          </decision>
        </definitions>
        """

    static func folder(_ files: [String: String] = ["dish.dmn": dish]) throws -> URL {
        try RepositoryPaths.fixture(files)
    }

    @Test func aFirstHitTablePrintsTheRuleItTookWithItsAnnotation() throws {
        let folder = try Self.folder()
        let run = try FlowStageBinary.run(["decide", folder.appendingPathComponent("dish.dmn").path, "--decision", "Dish",
                                           "--context", #"{"season": "Winter", "guests": 3}"#])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Dish  (decision table, FIRST)"), "\(run.output)")
        let rule = try #require(run.output.split(separator: "\n").first { $0.contains("rule 2") }, "\(run.output)")
        #expect(rule.contains(#""Winter""#) && rule.contains(#""Roastbeef""#) && rule.contains("Hearty food for the cold"), "\(rule)")
        #expect(!run.output.contains("rule 3"), "FIRST takes one rule: \(run.output)")
        #expect(run.output.contains(#"result  "Roastbeef""#), "\(run.output)")
    }

    @Test func aRequiredLiteralDecisionIsEvaluatedAndPrintedFirst() throws {
        let folder = try Self.folder()
        let run = try FlowStageBinary.run(["decide", folder.appendingPathComponent("dish.dmn").path,
                                           "--context", #"{"season": "Fall", "guests": 3}"#])
        #expect(run.status == 0, "\(run.errors)")
        let party = try #require(run.output.range(of: "Party Size  (literal expression)"), "\(run.output)")
        let dish = try #require(run.output.range(of: "Dish  (decision table, FIRST)"), "\(run.output)")
        #expect(party.lowerBound < dish.lowerBound)
        #expect(run.output.contains("requires  guests  3"), "\(run.output)")
        #expect(run.output.contains("result    4"), "\(run.output)")
        #expect(run.output.contains(#""Spareribs""#), "\(run.output)")
    }

    @Test func jsonLinesAnswerADecisionWithItsTypeAndValue() throws {
        let folder = try Self.folder()
        let model = folder.appendingPathComponent("dish.dmn").path
        let request = #"{"model": "\#(model)", "decision": "Dish", "contextExpression": "{season: \"Winter\", guests: 10}"}"#
        let run = try FlowStageBinary.run(["decide", "--jsonl"], input: request + "\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == #"{"type":"string","value":"Roastbeef"}"# + "\n", "\(run.output)")
    }

    @Test func jsonLinesInvokeAKnowledgeModelWithItsParametersByName() throws {
        let folder = try Self.folder()
        let model = folder.appendingPathComponent("dish.dmn").path
        let request = #"{"model": "\#(model)", "invoke": "Price", "contextExpression": "{guests: 4, each: 12.5}"}"#
        let run = try FlowStageBinary.run(["decide", "--jsonl"], input: request + "\n" + request + "\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == String(repeating: #"{"type":"number","value":50}"# + "\n", count: 2), "\(run.output)")
    }

    @Test func aJSONLineThatIsNoRequestIsAnsweredWithAnErrorAndTheNextLineStillAnswered() throws {
        let folder = try Self.folder()
        let model = folder.appendingPathComponent("dish.dmn").path
        let good = #"{"model": "\#(model)", "decision": "Party Size", "contextExpression": "{guests: 1}"}"#
        let run = try FlowStageBinary.run(["decide", "--jsonl"], input: "not json\n" + good + "\n")
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.output)")
        #expect(lines.first?.hasPrefix(#"{"error":"line 1: not a JSON object with \"model\""#) == true, "\(run.output)")
        #expect(lines.last == #"{"type":"number","value":2}"#, "\(run.output)")
    }

    @Test func anImportedModelsInputsAreGivenUnderTheImportsName() throws {
        let folder = try Self.folder(["dish.dmn": Self.dish, "menu.dmn": Self.menu])
        let model = folder.appendingPathComponent("menu.dmn").path
        let request = #"{"model": "\#(model)", "decision": "Menu Card", "contextExpression": "{kitchen: {season: \"Winter\", guests: 2}}"}"#
        let run = try FlowStageBinary.run(["decide", "--jsonl"], input: request + "\n")
        #expect(run.output == #"{"type":"string","value":"Today: Roastbeef"}"# + "\n", "\(run.output)\(run.errors)")
    }

    @Test func anUnknownDecisionIsAnErrorListingTheDecisionsTheModelHas() throws {
        let folder = try Self.folder()
        let run = try FlowStageBinary.run(["decide", folder.appendingPathComponent("dish.dmn").path, "--decision", "Dessert"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty, "\(run.output)")
        #expect(run.errors.contains(#"no decision with the name or id "Dessert"; it has "Party Size", "Dish""#), "\(run.errors)")
    }

    @Test func aDMNFileWithASyntaxErrorIsReportedWithItsLineAndColumn() throws {
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="Broken" namespace="urn:test:broken">
              <decision id="x" name="X">
            </definitions>
            """
        let folder = try Self.folder(["broken.dmn": broken])
        let path = folder.appendingPathComponent("broken.dmn").path
        let run = try FlowStageBinary.run(["decide", path])
        #expect(run.status == 1)
        let located = try #require(run.errors.split(separator: "\n").first { $0.hasPrefix("error: \(path):") }, "\(run.errors)")
        #expect(located.wholeMatch(of: /error: .*broken\.dmn:4:\d+: .+/) != nil, "\(located)")
    }
}
