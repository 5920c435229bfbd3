import Testing
@testable import Runtime

struct MessageWordingTests {
    @Test func aLabelThatIsAQuestionEndsItsOwnSentence() {
        #expect(Messages.fill("{label}: select an option", label: "What is the loan for?", value: nil) == "What is the loan for? Select an option")
        #expect(Messages.fill("{label}\u{00A0}: sélectionnez une option", label: "Pourquoi\u{00A0}?", value: nil) == "Pourquoi\u{00A0}? Sélectionnez une option")
    }

    @Test func anyOtherLabelIsFollowedByAColon() {
        #expect(Messages.fill("{label}: enter a value", label: "Amount", value: nil) == "Amount: enter a value")
    }
}
