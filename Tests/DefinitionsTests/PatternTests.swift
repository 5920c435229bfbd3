import Testing
@testable import Definitions

struct PatternTests {
    @Test func aPatternMatchesTheWholeValueWithAnyOfItsAlternatives() throws {
        let pattern = try Pattern("a|ab")
        #expect(pattern.matchesWhole("ab"))
        #expect(pattern.matchesWhole("a"))
        #expect(!pattern.matchesWhole("abc"))
        #expect(!pattern.matchesWhole("xab"))
    }

    @Test func aPatternThatDoesNotCompileOnItsOwnIsRefused() {
        #expect(throws: (any Error).self) { try Pattern("a)|(b") }
    }
}
