@testable import FEEL
import Testing

/// The range functions (DMN 1.5, table 80): Allen's relations between points and ranges.
struct RangeFunctionTests {
    @Test(arguments: [
        ("before(1, 10)", "true"), ("before(10, 1)", "false"), ("before(1, [2..5])", "true"), ("before(1, [1..5])", "false"),
        ("before(1, (1..5])", "true"), ("before([1..5], 10)", "true"), ("before([1..5], 5)", "false"), ("before([1..5), 5)", "true"),
        ("before([1..5), [5..10])", "true"), ("before([1..5], [5..10])", "false"), ("before([1..5], (5..10])", "true"),
        ("after(10, 1)", "true"), ("after(1, 10)", "false"), ("after(12, [2..5])", "true"), ("after(5, [2..5))", "true"),
        ("after([5..10], [1..5))", "true"), ("after([5..10], [1..5])", "false"), ("after((5..10], [1..5])", "true"),
        ("after([5..10], 4)", "true"), ("after([5..10], 5)", "false"),
    ])
    func beforeAndAfter(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("meets([1..5], [5..10])", "true"), ("meets([1..5), [5..10])", "false"), ("meets([1..5], (5..8])", "false"), ("meets([1..5], [6..8])", "false"),
        ("met by([5..10], [1..5])", "true"), ("met by([5..10], [1..5))", "false"), ("met by((5..10], [1..5])", "false"),
        ("overlaps([1..5], [3..8])", "true"), ("overlaps([3..8], [1..5])", "true"), ("overlaps([1..3], (3..6])", "false"),
        ("overlaps([1..3], [3..6])", "true"), ("overlaps([1..8], [3..5])", "true"), ("overlaps([1..2], [3..4])", "false"),
        ("overlaps before([1..5), (3..8])", "true"), ("overlaps before([1..5], [6..8])", "false"), ("overlaps before([3..8], [1..5])", "false"),
        ("overlaps after([4..10], [1..5))", "true"), ("overlaps after([1..5], [4..10])", "false"),
    ])
    func meetsAndOverlaps(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("finishes(5, [1..5])", "true"), ("finishes(5, [1..5))", "false"), ("finishes([3..5], [1..5])", "true"), ("finishes([3..5), [1..5])", "false"),
        ("finished by([5..10], 10)", "true"), ("finished by([5..10), 10)", "false"), ("finished by([1..10], [5..10])", "true"),
        ("includes([5..10], 6)", "true"), ("includes([5..10], 10)", "true"), ("includes([5..10), 10)", "false"), ("includes([1..10], [4..6])", "true"),
        ("includes([5..10], [1..6])", "false"),
        ("during(5, [1..10])", "true"), ("during(1, (1..10])", "false"), ("during([4..6], [1..10])", "true"), ("during([1..10], [4..6])", "false"),
        ("starts(1, [1..5])", "true"), ("starts(1, (1..5])", "false"), ("starts([1..3], [1..5])", "true"), ("starts((1..3], [1..5])", "false"),
        ("started by([1..10], 1)", "true"), ("started by([1..10], [1..10))", "true"), ("started by((1..10], [1..10))", "false"),
        ("coincides(1, 1)", "true"), ("coincides(1, 2)", "false"), ("coincides([1..5], [1..5])", "true"), ("coincides([1..5], (1..5])", "false"),
    ])
    func finishesIncludesStartsCoincides(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"before(@"2024-01-01", @"2024-02-01")"#, "true"),
        (#"includes([@"2024-01-01"..@"2024-12-31"], @"2024-06-01")"#, "true"),
        (#"before(@"PT1H", @"PT2H")"#, "true"),
        ("before(point1: 1, point2: 2)", "true"),
        ("includes(range: [1..5], point: 3)", "true"),
        ("before(1, null)", "null"),
    ])
    func rangeFunctionsTakeAnyOrderedTypeAndNames(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"before(1, "b")"#, "`before` cannot compare number with string; the call reads as null"),
        ("before(true, false)", "`before` relates points and ranges of one comparable type; the call reads as null"),
    ])
    func pointsOfDifferentTypesAreNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }
}
