import Testing
import Expressions

@Suite struct JSONParsing {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e2, true, false, null, "x\u00e9\n"], "b": {}}"#)
        #expect(value == ["a": [1, -250, true, false, nil, "xé\n"], "b": [:]])
    }

    @Test func errorsGiveLineAndColumn() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\": tru\n}")
            Issue.record("should fail")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 8)
            #expect(error.description.contains("line 3, column 8"))
        }
    }

    @Test func duplicateMembersAreErrors() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(#"{"a": 1, "a": 2}"#) }
    }

    @Test func trailingCommasAndTextAfterTheValueAreErrors() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[1,]") }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("{} x") }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == "😀")
    }

    @Test func serializationRoundTripsWithSortedKeys() throws {
        let value: JSONValue = ["b": [1, 2.5, "<x>"], "a": nil]
        #expect(value.serialized() == #"{"a":null,"b":[1,2.5,"\u003cx>"]}"#)
        #expect(try JSONParser.parse(value.serialized(pretty: true)) == value)
    }

    @Test func numbersDisplayWithoutAFractionWhenWhole() {
        #expect(JSONValue.number(2400).displayString == "2400")
        #expect(JSONValue.number(0.1).displayString == "0.1")
        #expect(JSONValue.null.displayString == "")
    }
}

@Suite struct DataPaths {
    @Test func readsNestedMembersAndIndexes() throws {
        let data: JSONValue = ["documents": [["name": "a.pdf"]]]
        #expect(try DataPath("documents[0].name").get(in: data) == "a.pdf")
        #expect(try DataPath("documents[3].name").get(in: data) == .null)
    }

    /// Small objects are searched by comparing keys, larger ones by hashing: the same answers,
    /// names that share a length or a prefix with a member included.
    @Test(arguments: [1, 8, 9, 40])
    func aMemberIsFoundInObjectsOfEverySize(_ size: Int) throws {
        let members = Dictionary(uniqueKeysWithValues: (0..<size).map { ("k\($0)", JSONValue.number(Double($0))) })
        let data: JSONValue = .object(["o": .object(members)])
        for index in 0..<size { #expect(try DataPath("o.k\(index)").get(in: data) == .number(Double(index))) }
        for missing in ["k\(size)", "k", "k0x", "K0", "é"] { #expect(try DataPath("o." + missing).get(in: data) == .null) }
    }

    @Test func writingCreatesWhatIsMissing() throws {
        var data: JSONValue = .null
        try DataPath("a.b[1].c").set("x", in: &data)
        #expect(data == ["a": ["b": [nil, ["c": "x"]]]])
    }

    @Test(arguments: ["", ".a", "a.", "a..b", "a[", "a[-1]", "a[x]", "a b", "a[100000]"])
    func malformedPathsAreRefused(text: String) {
        #expect(throws: DataPathError.self) { try DataPath(text) }
    }

    @Test func aPathCoversItsDescendants() throws {
        #expect(try DataPath("client").covers(DataPath("client.name")))
        #expect(try !DataPath("client").covers(DataPath("clientele")))
    }

    @Test func mergingLaysObjectsOverEachOther() {
        let base: JSONValue = ["a": ["x": 1, "y": 2], "b": 1]
        #expect(base.merging(["a": ["y": 3], "c": 4]) == ["a": ["x": 1, "y": 3], "b": 1, "c": 4])
    }
}
