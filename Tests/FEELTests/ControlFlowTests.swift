@testable import FEEL
import Testing

/// `if`, `for` and the quantifiers `some` / `every` (DMN 1.5, 10.3.2.4–10.3.2.6; Camunda: a
/// condition that is not `true` takes the `else` branch).
struct ControlFlowTests {
    @Test(arguments: [
        ("if true then 1 else 2", "1"),
        ("if false then 1 else 2", "2"),
        ("if null then 1 else 2", "2"),
        (#"if "yes" then 1 else 2"#, "2"),
        ("if 1 then 1 else 2", "2"),
        ("if 1 < 2 then \"small\" else \"big\"", #""small""#),
        ("if x > 10 then \"big\" else \"small\"", #""small""#),
        ("if true then if false then 1 else 2 else 3", "2"),
        ("if false then 1 else if true then 2 else 3", "2"),
        ("(if true then 1 else 2) + 1", "2"),
    ])
    func ifTakesElseUnlessTheConditionIsTrue(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{x: 3}") == expected)
    }

    @Test(arguments: [
        ("for x in [1, 2, 3] return x * 2", "[2, 4, 6]"),
        ("for x in [] return x", "[]"),
        ("for x in [1, 2], y in [10, 20] return x + y", "[11, 21, 12, 22]"),
        ("for x in [1, 2], y in [x, x * 10] return y", "[1, 10, 2, 20]"),
        ("for x in [[1, 2], [3]] return count(x)", "[2, 1]"),
        ("for p in people return p.name", #"["Ann", "Bob"]"#),
        ("for x in [1, 2] return for y in [3, 4] return x * y", "[[3, 4], [6, 8]]"),
        ("for x in [1, 2, 3] return if x = 1 then 0 else partial[-1] + x", "[0, 2, 5]"),
        ("for x in [1, 2, 3] return count(partial)", "[0, 1, 2]"),
    ])
    func forReturnsAListOverEveryCombination(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, #"{people: [{name: "Ann"}, {name: "Bob"}]}"#) == expected)
    }

    @Test(arguments: [
        ("for i in 1..3 return i", "[1, 2, 3]"),
        ("for i in 3..1 return i", "[3, 2, 1]"),
        ("for i in 2..2 return i", "[2]"),
        ("for i in -1..1 return i", "[-1, 0, 1]"),
        ("for i in 1..n return i * i", "[1, 4, 9, 16]"),
        ("for i in [1..3] return i", "[1, 2, 3]"),
        ("for i in (1..4) return i", "[2, 3]"),
        ("for i in [1..3), j in 1..i return j", "[1, 1, 2]"),
        (#"for d in @"2024-02-28"..@"2024-03-01" return string(d)"#, #"["2024-02-28", "2024-02-29", "2024-03-01"]"#),
    ])
    func forRunsOverRangesOfWholeNumbersAndDates(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{n: 4}") == expected)
    }

    @Test(arguments: [
        ("for i in 1.5..3 return i", "a for loop's range must go from a whole number to a whole number"),
        (#"for i in "a".."c" return i"#, "a for loop's range must be of whole numbers or dates, found string and string"),
        ("for i in > 5 return i", "a for loop cannot run over an open range such as > 5"),
    ])
    func forOverWhatCannotBeCountedIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        ("some x in [1, 2, 3] satisfies x > 2", "true"),
        ("some x in [1, 2, 3] satisfies x > 3", "false"),
        ("some x in [] satisfies x > 3", "false"),
        ("some x in [1, null] satisfies x > 0", "true"),
        ("some x in [0, null] satisfies x > 0", "null"),
        ("some x in [1, 2], y in [3, 4] satisfies x + y = 6", "true"),
        ("some x in [1, 2], y in [x] satisfies y = 3", "false"),
        ("every x in [1, 2, 3] satisfies x > 0", "true"),
        ("every x in [1, 2, 3] satisfies x > 1", "false"),
        ("every x in [] satisfies false", "true"),
        ("every x in [1, null] satisfies x > 0", "null"),
        ("every x in [null, 0] satisfies x > 0", "false"),
        ("every x in [1, 2], y in [3, 4] satisfies x < y", "true"),
        ("every p in people satisfies p.age >= 18", "false"),
        ("some p in people satisfies p.age >= 18", "true"),
        ("every x in [true, true] satisfies x", "true"),
    ])
    func quantifiersAreThreeValued(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{people: [{age: 20}, {age: 12}]}") == expected)
    }
}
