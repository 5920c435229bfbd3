@testable import FEEL
import Testing

/// Camunda's extensions to DMN's functions, as Camunda 8 documents them.
struct CamundaFunctionTests {
    @Test(arguments: [
        (#"get or else(null, "default")"#, #""default""#),
        (#"get or else("value", "default")"#, #""value""#),
        ("get or else(null, null)", "null"),
        ("get or else(false, true)", "false"),
        ("get or else(missing, 5)", "5"),
        ("get or else(value: null, default: 1)", "1"),
    ])
    func getOrElseGivesTheDefaultForNull(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("assert(4, 4 >= 0)", "4"),
        (#"assert("x", true, "never")"#, #""x""#),
        ("assert(value: 1, condition: true)", "1"),
    ])
    func assertGivesTheValueWhenTheConditionHolds(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    /// Camunda fails the evaluation; here its value is null whatever surrounds the call.
    @Test(arguments: [
        ("assert(-1, -1 >= 0)", "the assertion failed; the evaluation was stopped and its value is null"),
        ("assert(1, null)", "the assertion failed; the evaluation was stopped and its value is null"),
        (#"assert(1, "yes")"#, "the assertion failed; the evaluation was stopped and its value is null"),
        (#"assert(-1, false, "must be positive")"#, "the assertion failed: must be positive; the evaluation was stopped and its value is null"),
        ("get or else(assert(1, false), 5)", "the assertion failed; the evaluation was stopped and its value is null"),
        ("[assert(1, false), 2]", "the assertion failed; the evaluation was stopped and its value is null"),
    ])
    func aFailedAssertStopsTheEvaluation(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        ("is empty([])", "true"), ("is empty([1])", "false"), ("is empty([null])", "false"),
        (#"is blank("")"#, "true"), (#"is blank(" ")"#, "true"), (#"is blank("\t\n ")"#, "true"), (#"is blank(" a ")"#, "false"),
        (#"trim("  hello world  ")"#, #""hello world""#), (#"trim("\t x \n")"#, #""x""#), (#"trim("")"#, #""""#), (#"trim("a b")"#, #""a b""#),
        ("trim(1)", "null"),
    ])
    func emptinessAndTrimming(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("string length(uuid())", "36"),
        (#"matches(uuid(), "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")"#, "true"),
        ("uuid() = uuid()", "false"),
    ])
    func uuidIsARandomLowerCaseUUID(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"to base64("FEEL")"#, #""RkVFTA==""#),
        (#"to base64("")"#, #""""#),
        (#"to base64("é")"#, #""w6k=""#),
        (#"from base64("RkVFTA==")"#, #""FEEL""#),
        (#"from base64(to base64("any text ✓"))"#, #""any text ✓""#),
        (#"from base64("!!")"#, "null"),
        ("to base64(1)", "null"),
    ])
    func base64EncodesUTF8Text(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("partition([1, 2, 3, 4, 5], 2)", "[[1, 2], [3, 4], [5]]"),
        ("partition([1, 2, 3], 3)", "[[1, 2, 3]]"),
        ("partition([1, 2], 5)", "[[1, 2]]"),
        ("partition([], 2)", "[]"),
        ("partition([1, 2], 0)", "null"),
        ("partition([1, 2], -1)", "null"),
        ("duplicate values([1, 2, 3, 2, 1])", "[1, 2]"),
        ("duplicate values([3, 1, 3, 1, 3])", "[3, 1]"),
        ("duplicate values([1, 2, 3])", "[]"),
        ("duplicate values([{a: 1}, {a: 1}, null, null])", "[{a: 1}, null]"),
    ])
    func partitionAndDuplicateValues(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"string join(["a", "b", "c"], ", ", "[", "]")"#, #""[a, b, c]""#),
        (#"string join(["a", "b", "c"], null, "[", "]")"#, #""[abc]""#),
        (#"string join(["a", "b"], "-", null, "!")"#, #""a-b!""#),
        (#"string join([], ", ", "[", "]")"#, #""[]""#),
        (#"string join(["a", null], ", ", "<", ">")"#, #""<a>""#),
        (#"string join(["a", "b"], 1, "<", ">")"#, "null"),
    ])
    func stringJoinTakesAPrefixAndASuffix(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"extract("references are 1234, 1256, 1378", "12[0-9]*")"#, #"["1234", "1256"]"#),
        (#"extract("abc", "x")"#, "[]"),
        (#"extract("a1b22", "\d+")"#, #"["1", "22"]"#),
        (#"extract("abc", "(")"#, "null"),
    ])
    func extractListsEveryMatch(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("to json({a: 1, b: 2})", #""{\"a\":1,\"b\":2}""#),
        (#"to json([1, "x", null, true])"#, #""[1,\"x\",null,true]""#),
        (#"to json("a\"b")"#, #""\"a\\\"b\"""#),
        ("to json(null)", #""null""#),
        ("to json(1.50)", #""1.5""#),
        (#"to json(@"P3Y")"#, #""\"P3Y\"""#),
        (#"to json(@"2024-01-31")"#, #""\"2024-01-31\"""#),
        (#"to json(@"2025-11-24T10:00:00@Europe/Berlin")"#, #""\"2025-11-24T10:00:00+01:00[Europe/Berlin]\"""#),
        (#"to json(function(a) a)"#, #""null""#),
    ])
    func toJSONWritesJSONText(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"from json("{\"a\": 1}")"#, "{a: 1}"),
        (#"from json("[1, 2.5, true, null]")"#, "[1, 2.5, true, null]"),
        (#"from json("\"2023-06-14\"")"#, #""2023-06-14""#),
        (#"from json("{\"a\": {\"b\": [\"\\u0041\"]}}")"#, #"{a: {b: ["A"]}}"#),
        (#"from json(" 7 ")"#, "7"),
        (#"from json("{a: 1}")"#, "null"),
        (#"from json("[1,")"#, "null"),
        (#"from json(to json({x: [1, {y: "z"}]}))"#, #"{x: [1, {y: "z"}]}"#),
    ])
    func fromJSONReadsJSONText(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("fromAi(5)", "5"),
        (#"fromAi(x, "the amount")"#, "3"),
        (#"fromAi(value: "a", description: "d", type: "string")"#, #""a""#),
    ])
    func fromAiIsItsValue(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{x: 3}") == expected)
    }
}
