@testable import FlowStageRuntime
import TestSupport
import Testing

struct MessageWordingTests {
    @Test func aLabelThatIsAQuestionEndsItsOwnSentence() {
        #expect(Messages.fill("{label}: select an option", label: "What is the loan for?", value: nil) == "What is the loan for? Select an option")
        #expect(Messages.fill("{label}\u{00A0}: sélectionnez une option", label: "Pourquoi\u{00A0}?", value: nil) == "Pourquoi\u{00A0}? Sélectionnez une option")
    }

    @Test func anyOtherLabelIsFollowedByAColon() {
        #expect(Messages.fill("{label}: enter a value", label: "Amount", value: nil) == "Amount: enter a value")
    }
}

/// Bounds in validation messages are written as the page's locale writes numbers.
@Suite struct MessageNumbers {
    @Test func aNumberBoundIsWrittenInThePagesLocale() throws {
        let engine = try engine(nodes: """
            [ { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "screen": [
                  { "type": "input", "key": "amount", "label": "Amount", "inputType": "number",
                    "validators": [ { "type": "min", "value": 10000 } ] } ],
                "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ]
            """)
        let instance = try engine.start(process: "p", session: "s")
        let english = try #require(try submit(engine, instance, "go", [("amount", "5")]).invalid)
        #expect(english.errors.first?.message.contains("10,000") == true, "\(english.errors)")
        let romanian = try #require(try submit(engine, instance, "go", [("amount", "5")], language: "ro").invalid)
        #expect(romanian.errors.first?.message.contains("10.000") == true, "\(romanian.errors)")
    }
}
