import Testing
import Definitions
@testable import Rendering

@Suite struct PlaceholderFilling {
    @Test func everyPlaceholderIsReplacedByItsValue() {
        #expect(UIStrings.fill("Step {x} of {y}", ["x": "2", "y": "4"]) == "Step 2 of 4")
        #expect(UIStrings(language: "ro").format("stepOf", 2, 4) == "Pasul 2 din 4")
    }

    @Test func anUnknownOrUnclosedPlaceholderStaysAsWritten() {
        #expect(UIStrings.fill("{a} and {b", ["x": "1"]) == "{a} and {b")
        #expect(UIStrings.fill("Start {name}", ["name": "{x}"]) == "Start {x}", "a value is never filled again")
    }
}

@Suite struct FieldIDSanitising {
    @Test func aDataPathBecomesLettersDigitsAndSingleDashes() {
        #expect(HTMLID.sanitise("client.address[0].city") == "client-address-0-city")
        #expect(HTMLID.sanitise("..") == "x")
    }

    @Test func lettersOutsideASCIIAreKept() {
        #expect(HTMLID.sanitise("țară.oraș") == "țară-oraș")
    }
}
