@testable import FEEL
import Testing

/// Intervals as values, `in` and `between` (DMN 1.5, 10.3.2.7 and 10.3.2.4).
struct RangeAndMembershipTests {
    @Test(arguments: [
        ("[1..5]", "[1..5]"),
        ("(1..5]", "(1..5]"),
        ("]1..5[", "(1..5)"),
        ("[1..5)", "[1..5)"),
        ("[1..5[", "[1..5)"),
        ("[a..b]", "[2..4]"),
        (#"["a".."c"]"#, #"["a".."c"]"#),
        (#"[@"2024-01-01"..@"2024-12-31"]"#, "[2024-01-01..2024-12-31]"),
        ("[null..5]", "[null..5]"),
        ("< 10", "< 10"),
        (">= 5", ">= 5"),
    ])
    func intervalsAreRangeValues(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{a: 2, b: 4}") == expected)
    }

    @Test(arguments: [
        ("[1..5].start", "1"),
        ("[1..5].end", "5"),
        ("(1..5].start included", "false"),
        ("(1..5].end included", "true"),
        ("(< 10).end", "10"),
        ("(< 10).start", "null"),
    ])
    func aRangeHasItsEndsAsProperties(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("[5..1]", "an interval's start 5 is after its end 1"),
        (#"[1.."a"]"#, "an interval's ends must be of one comparable type; found number and string"),
        ("[true..false]", "an interval's ends must be numbers, strings, dates, times or durations; found boolean"),
        ("[null..null]", "an interval needs at least one end that is not null"),
    ])
    func aWrongIntervalIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        ("5 in [1..5]", "true"),
        ("5 in [1..5)", "false"),
        ("1 in (1..5]", "false"),
        ("1 in [1..5]", "true"),
        ("0 in [1..5]", "false"),
        ("3 in ]1..5[", "true"),
        (#""b" in ["a".."c"]"#, "true"),
        (#"@"2024-06-01" in [@"2024-01-01"..@"2024-12-31"]"#, "true"),
        ("2 in (1, 2, 3)", "true"),
        ("4 in (1, 2, 3)", "false"),
        ("2 in [2, 4, 6]", "true"),
        ("3 in [2, 4, 6]", "false"),
        ("3 in > 2", "true"),
        ("3 in (< 2, > 2)", "true"),
        ("2 in (< 2, > 2)", "false"),
        ("x in (1, 2, 3)", "true"),
        ("3 in 3", "true"),
        ("[1, 2] in [[1, 2], [3]]", "true"),
        ("null in [1..5]", "null"),
        ("null in null", "true"),
        ("5 in [null..10]", "null"),
        ("2 in != 3", "true"),
        ("3 in != 3", "false"),
    ])
    func inTestsTheValueAgainstPositiveUnaryTests(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{x: 2}") == expected)
    }

    @Test(arguments: [
        ("1 between 0 and 2", "true"),
        ("0 between 0 and 2", "true"),
        ("2 between 0 and 2", "true"),
        ("3 between 0 and 2", "false"),
        (#""b" between "a" and "c""#, "true"),
        (#"@"2024-06-01" between @"2024-01-01" and @"2024-12-31""#, "true"),
        ("null between 0 and 2", "null"),
        ("1 between null and 2", "null"),
        ("3 between null and 2", "false"),
        (#"1 between "a" and 2"#, "null"),
        ("1 + 1 between 1 and 3", "true"),
    ])
    func betweenIncludesBothEnds(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("[1..5] = [1..5]", "true"),
        ("[1..5] = [1..5)", "false"),
        ("(< 5) = (< 5)", "true"),
        ("(< 5) = [null..5)", "false"),
    ])
    func rangesAreEqualWhenTheirEndsAndKindsAre(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }
}
