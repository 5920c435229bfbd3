@testable import Expressions
import Testing

/// `KeptResults`: results found again by an equal key, the last one first, in a bounded table.
@Suite struct KeptResultsRules {
    static let paths = [try! DataPath("accounts")]

    static func values(_ names: [String]) -> ReadValues {
        ReadValues(reading: paths, in: ["accounts": .array(names.map { ["name": .string($0)] })])
    }

    @Test(arguments: [true, false])
    func aResultIsFoundByEqualValuesReadFromOtherStorageInAnyOrderOfLookUps(latestFirst: Bool) {
        let kept = KeptResults<ReadValues, String>(limit: 8, latestFirst: latestFirst)
        kept.keep("first", for: Self.values(["Current", "Savings"]))
        kept.keep("second", for: Self.values(["Current"]))
        // Made anew: equal, not the same storage; the one found last is not the one asked for.
        #expect(kept.value(for: Self.values(["Current", "Savings"])) == "first")
        #expect(kept.value(for: Self.values(["Current"])) == "second")
        #expect(kept.value(for: Self.values(["Current", "Savings"])) == "first")
        #expect(kept.value(for: Self.values(["Savings"])) == nil)
    }

    @Test(arguments: [true, false])
    func aFullTableIsEmptiedAndKeepsTheResultThatFilledIt(latestFirst: Bool) {
        let kept = KeptResults<ReadValues, Int>(limit: 4, latestFirst: latestFirst)
        for index in 0...4 { kept.keep(index, for: Self.values(["account \(index)"])) }
        #expect(kept.value(for: Self.values(["account 0"])) == nil)
        #expect(kept.value(for: Self.values(["account 3"])) == nil)
        #expect(kept.value(for: Self.values(["account 4"])) == 4)
    }

    @Test func aResultMadeOnAskingIsMadeOnceAndKept() {
        let kept = KeptResults<ReadValues, String>(limit: 8)
        var made = 0
        for _ in 0..<3 {
            #expect(kept.value(for: Self.values(["Current"])) { made += 1; return "drawn" } == "drawn")
        }
        #expect(made == 1)
        #expect(kept.value(for: Self.values(["Current"])) == "drawn")
    }
}
