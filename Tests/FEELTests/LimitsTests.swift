@testable import FEEL
import Foundation
import Testing

/// No expression runs away: past a limit of the environment the value is null with a warning,
/// and source too long or too deep is a located `FEELSyntaxError`, never a crash.
struct LimitsTests {
    static func environment(steps: Int = 1_000_000, listSize: Int = 100_000, stringLength: Int = 1_000_000,
                            callDepth: Int = 200) -> FEELEnvironment {
        FEELEnvironment(now: FEELTest.environment.now, timeZone: FEELTest.environment.timeZone, maximumSteps: steps,
                        maximumListSize: listSize, maximumStringLength: stringLength, maximumCallDepth: callDepth)
    }

    static func evaluate(_ source: String, _ environment: FEELEnvironment) throws -> FEELResult {
        try FEELExpression(source).evaluate(environment: environment)
    }

    @Test(arguments: [
        "for i in 1..1000 return i",
        "sum(for i in 1..1000 return i * 2)",
        "{f: function(n) if n = 0 then 0 else f(n - 1), r: f(150)}.r",
        "count([1, 2, 3][item > 0]) + count(for i in 1..500 return i)",
    ])
    func theStepsLimitStopsTheEvaluation(_ source: String) throws {
        let result = try LimitsTests.evaluate(source, LimitsTests.environment(steps: 200))
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == ["the expression took more than 200 steps and was stopped; its value is null"])
    }

    @Test func theSameExpressionWithinTheStepsLimitHasItsValue() throws {
        let result = try LimitsTests.evaluate("count(for i in 1..50 return i)", LimitsTests.environment(steps: 200))
        #expect(result.value.literal == "50")
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("for i in 1..20 return i", "a for loop's range of 20 items is longer than 10"),
        ("for i in [1..20] return i", "a for loop's range of 20 items is longer than 10"),
        ("for i in 1..5, j in 1..5 return i * j", "a for loop made more than 10 items and was stopped"),
        ("for x in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] return x", "a for loop made more than 10 items and was stopped"),
    ])
    func theListSizeLimitBoundsForLoops(_ source: String, _ warning: String) throws {
        let result = try LimitsTests.evaluate(source, LimitsTests.environment(listSize: 10))
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test func aForLoopUpToTheListSizeLimitHasItsValue() throws {
        let result = try LimitsTests.evaluate("for i in 1..10 return i", LimitsTests.environment(listSize: 10))
        #expect(result.value.literal == "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]")
    }

    @Test(arguments: [
        ("{f: function(n) f(n + 1), r: f(1)}.r", 20),
        ("{f: function(n) if n = 0 then 0 else 1 + f(n - 1), r: f(50)}.r", 20),
        ("{is even: function(n) if n = 0 then true else is odd(n - 1), is odd: function(n) if n = 0 then false else is even(n - 1), r: is even(30)}.r", 20),
    ])
    func theCallDepthLimitStopsRecursion(_ source: String, _ depth: Int) throws {
        let result = try LimitsTests.evaluate(source, LimitsTests.environment(callDepth: depth))
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message).contains("functions called each other more than 20 levels deep; the call reads as null"))
    }

    @Test func recursionWithinTheCallDepthHasItsValue() throws {
        let source = "{f: function(n) if n = 0 then 0 else 1 + f(n - 1), r: f(150)}.r"
        #expect(try LimitsTests.evaluate(source, LimitsTests.environment()).value.literal == "150")
    }

    @Test func deepRecursionThroughLongExpressionsStopsBeforeTheStack() throws {
        let body = "f(n - 1)" + String(repeating: " + 0", count: 300)
        let result = try FEELTest.result("{f: function(n) if n = 0 then 0 else \(body), r: f(199)}.r")
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == ["the evaluation went more than 1000 levels deep and was stopped; its value is null"])
    }

    @Test(arguments: [
        (#""ab" + "cd""#, "a string grew longer than 3 bytes"),
        (#"for i in 1..3 return "a" + "bcd""#, "a string grew longer than 3 bytes"),
        (#"string join(["ab", "cd"])"#, "the joined string would be longer than 3 bytes; the call reads as null"),
        (#"string join(["a", "b"], "--")"#, "the joined string would be longer than 3 bytes; the call reads as null"),
        (#"string join(["a"], "", "<<", ">>")"#, "the joined string would be longer than 3 bytes; the call reads as null"),
        (#"replace("abcd", "a", "aa")"#, "`replace` made a string longer than 3 bytes; the call reads as null"),
    ])
    func theStringLengthLimitBoundsConcatenation(_ source: String, _ warning: String) throws {
        let result = try LimitsTests.evaluate(source, LimitsTests.environment(stringLength: 3))
        #expect(result.warnings.map(\.message) == [warning])
        #expect(!result.value.literal.contains("abcd"))
    }

    @Test(arguments: [
        (String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100), 97,
         "the expression nests more than 96 levels deep"),
        (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), 97,
         "the expression nests more than 96 levels deep"),
        (String(repeating: "-", count: 100) + "1", 97, "the expression nests more than 96 levels deep"),
        (String(repeating: "not(", count: 100) + "true" + String(repeating: ")", count: 100), 385,
         "the expression nests more than 96 levels deep"),
    ])
    func tooDeepSourceIsALocatedSyntaxError(_ source: String, _ column: Int, _ message: String) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test(arguments: [
        ("1" + String(repeating: " + 1", count: 400), 1279),
        ("{a: 1}" + String(repeating: ".a", count: 400), 645),
        ("[1]" + String(repeating: "[1]", count: 400), 961),
        ("true" + String(repeating: " and true", count: 400), 2877),
        ("1" + String(repeating: " < 1", count: 400), 1279),
        ("abs" + String(repeating: "(1)", count: 400), 961),
    ])
    func tooLongChainsOfOperatorsAreALocatedSyntaxError(_ source: String, _ column: Int) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
        #expect(error.message == "the expression has more than 320 operators and brackets inside each other")
    }

    @Test(arguments: [
        ("1" + String(repeating: " + 1", count: 300), "301"),
        ("count([" + Array(repeating: "1", count: 5000).joined(separator: ", ") + "])", "5000"),
        (Array(repeating: "x = 1", count: 200).joined(separator: " or "), "true"),
        // Each item is added once, not copied with all before it (a body without `partial`).
        ("count(for i in 1..100000 return i)", "100000"),
    ])
    func longButFlatExpressionsAreFine(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{x: 1}") == expected)
    }

    @Test func sourceLongerThanTheLimitIsALocatedSyntaxError() throws {
        let error = try #require(FEELTest.syntaxError("1" + String(repeating: " ", count: 20_000)))
        #expect(error.column == 20_001)
        #expect(error.message == "an expression may have at most 20000 characters")
    }

    @Test func unaryTestsHaveTheSameLimits() throws {
        let source = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(throws: FEELSyntaxError.self) { try FEELExpression(unaryTests: source) }
    }
}
