import Testing
import Definitions
import TestSupport
@testable import Rendering

@Suite struct PlaceholderFilling {
    @Test func everyPlaceholderIsReplacedByItsValue() {
        #expect(Words.fill("Step {x} of {y}", ["x": "2", "y": "4"]) == "Step 2 of 4")
        #expect(RepositoryPaths.shippedWords("ro").format("stepOf", 2, 4) == "Pasul 2 din 4")
    }

    @Test func anUnknownOrUnclosedPlaceholderStaysAsWritten() {
        #expect(Words.fill("{a} and {b", ["x": "1"]) == "{a} and {b")
        #expect(Words.fill("Start {name}", ["name": "{x}"]) == "Start {x}", "a value is never filled again")
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
