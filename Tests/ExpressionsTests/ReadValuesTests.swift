@testable import Expressions
import Testing

/// `ReadValues`, the key of caches of results computed from the data paths they read: equal
/// values are one key, values that differ are different keys, however alike they look.
@Suite struct ReadValuesKeys {
    static let paths = [try! DataPath("a"), try! DataPath("b.c")]

    @Test func equalValuesAreOneKeyWhateverTheOrderOfAnObjectsMembers() {
        var first: [String: JSONValue] = [:]
        for index in 0..<20 { first["m\(index)"] = .string("value \(index)") }
        var second: [String: JSONValue] = Dictionary(minimumCapacity: 64)
        for index in (0..<20).reversed() { second["m\(index)"] = .string("value \(index)") }
        let one = ReadValues(reading: Self.paths, in: ["a": .object(first), "b": ["c": 0.0]])
        let other = ReadValues(reading: Self.paths, in: ["a": .object(second), "b": ["c": .number(-0.0)], "unread": true])
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
    }

    @Test func valuesThatDifferAreDifferentKeysEvenWhenTheyLookAlike() {
        // The same first eight bytes, lengths, list sizes and member names: only the rest differs.
        let data: [JSONValue] = (0..<50).map { index in
            ["a": .string("Current account \(index % 10)\(index / 10)"), "b": ["c": .array([.bool(index.isMultiple(of: 2))])]]
        } + [["a": nil], [:], ["b": ["c": []]], ["a": "Current account 00", "b": ["c": [nil]]]]
        var kept: [ReadValues: Int] = [:]
        for (index, value) in data.enumerated() { kept[ReadValues(reading: Self.paths, in: value)] = index }
        let readAsTheNext = 50   // `a` null and no `b` read as `{}` does: one key
        #expect(kept.count == data.count - 1)
        for (index, value) in data.enumerated() where index != readAsTheNext {
            #expect(kept[ReadValues(reading: Self.paths, in: value)] == index)
        }
    }
}
