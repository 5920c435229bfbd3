@testable import FEEL
import Testing

/// The list functions (DMN 1.5, table 72). The aggregates take a list or their items as
/// separate arguments.
struct ListFunctionTests {
    @Test(arguments: [
        ("list contains([1, 2, 3], 2)", "true"),
        ("list contains([1, 2, 3], 4)", "false"),
        ("list contains([1, null], null)", "true"),
        ("list contains([[1]], [1])", "true"),
        (#"list contains([1], "1")"#, "false"),
        ("count([1, 2, 3])", "3"),
        ("count([])", "0"),
        ("count([[1, 2]])", "1"),
        ("count(null)", "null"),
    ])
    func containsAndCount(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("min(1, 2, 3)", "1"), ("min([3, 1, 2])", "1"), ("max([1, 2, 3])", "3"), ("max(1)", "1"),
        (#"max("a", "b")"#, #""b""#), (#"min([@"2024-01-02", @"2024-01-01"])"#, "2024-01-01"),
        ("min([])", "null"), (#"min([1, "a"])"#, "null"),
        ("sum(1, 2, 3)", "6"), ("sum([1, 2, 3])", "6"), ("sum([0.1, 0.2])", "0.3"), ("sum([])", "null"), (#"sum([1, "a"])"#, "null"),
        ("product(2, 3, 4)", "24"), ("product([])", "null"),
        ("mean([1, 2, 3])", "2"), ("mean(1, 2)", "1.5"), ("mean([])", "null"),
        ("median(8, 2, 5, 3, 4)", "4"), ("median([6, 1, 2, 3])", "2.5"), ("median([])", "null"),
        ("stddev(2, 4, 7, 5)", "2.081665999466132735282297706979932"), ("stddev([1])", "null"), ("stddev([])", "null"),
        ("mode(6, 3, 9, 6, 6)", "[6]"), ("mode([6, 1, 9, 6, 1])", "[1, 6]"), ("mode([])", "[]"),
    ])
    func aggregatesTakeAListOrSeparateItems(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("all([true, true])", "true"), ("all([true, false])", "false"), ("all(false, null, true)", "false"),
        ("all([true, null])", "null"), ("all([])", "true"), ("all(true)", "true"), (#"all([true, "x"])"#, "null"),
        ("any([false, true])", "true"), ("any(false, null, true)", "true"), ("any([false, null])", "null"),
        ("any([])", "false"), ("any([false])", "false"),
    ])
    func allAndAnyAreThreeValued(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("sublist([1, 2, 3], 2)", "[2, 3]"),
        ("sublist([1, 2, 3], 1, 2)", "[1, 2]"),
        ("sublist([1, 2, 3], -2)", "[2, 3]"),
        ("sublist([1, 2, 3], -2, 1)", "[2]"),
        ("sublist([1, 2, 3], 4)", "null"),
        ("sublist([1, 2, 3], 2, 5)", "null"),
        ("append([1], 2, 3)", "[1, 2, 3]"),
        ("append([], [1])", "[[1]]"),
        ("append([1], null)", "[1, null]"),
        ("concatenate([1], [2], [3])", "[1, 2, 3]"),
        ("concatenate([1], [])", "[1]"),
        ("append([1])", "[1]"),
        ("union()", "[]"),
        ("concatenate()", "[]"),
        ("insert before([1, 3], 1, 2)", "[2, 1, 3]"),
        ("insert before([1, 3], 2, 2)", "[1, 2, 3]"),
        ("insert before([1, 3], -1, 2)", "[1, 2, 3]"),
        ("insert before([1, 3], 3, 2)", "null"),
        ("remove([1, 2, 3], 2)", "[1, 3]"),
        ("remove([1, 2, 3], -1)", "[1, 2]"),
        ("remove([1, 2, 3], 4)", "null"),
        ("reverse([1, 2, 3])", "[3, 2, 1]"),
        ("reverse([])", "[]"),
        ("list replace([1, 2, 3], 2, 9)", "[1, 9, 3]"),
        ("list replace([1, 2, 3], -1, 9)", "[1, 2, 9]"),
        ("list replace([1, 2, 3], function(item, newItem) item > 1, 0)", "[1, 0, 0]"),
    ])
    func partsOfAListAreTakenByPosition(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("index of([1, 2, 3, 2], 2)", "[2, 4]"),
        ("index of([1, 2], 3)", "[]"),
        ("union([1, 2], [2, 3])", "[1, 2, 3]"),
        ("union([1, 1], [])", "[1]"),
        ("distinct values([1, 2, 3, 2, 1])", "[1, 2, 3]"),
        ("distinct values([{a: 1}, {a: 1}, [1], [1]])", "[{a: 1}, [1]]"),
        ("distinct values([1, 1.0, null, null])", "[1, null]"),
        ("flatten([[1, 2], [[3]], 4])", "[1, 2, 3, 4]"),
        ("flatten([])", "[]"),
        ("flatten([[], [[]]])", "[]"),
    ])
    func positionsAndSetOperations(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("sort([3, 1, 2])", "[1, 2, 3]"),
        (#"sort(["b", "a"])"#, #"["a", "b"]"#),
        ("sort([])", "[]"),
        ("sort(list: [3, 1, 4, 5, 2], precedes: function(x, y) x < y)", "[1, 2, 3, 4, 5]"),
        ("sort([3, 1, 2], function(x, y) x > y)", "[3, 2, 1]"),
        (#"sort([{n: 2}, {n: 1}], function(a, b) a.n < b.n).n"#, "[1, 2]"),
        (#"sort([1, "a"])"#, "null"),
        ("sort([2, 1], function(x, y) null)", "null"),
    ])
    func sortOrdersByAFunctionOrNaturally(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("count(1)", "1"),
        ("sum(5)", "5"),
        ("reverse(7)", "[7]"),
    ])
    func aValueThatIsNoListIsAListOfOne(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"sum([1, "a"])"#, "`sum` takes numbers, found string; the call reads as null"),
        (#"min([1, "a"])"#, "`min` cannot compare string with number; the call reads as null"),
        ("sublist([1, 2], 0)", "`sublist` has no position 0 in a list of 2; the call reads as null"),
        ("concatenate([1], 2)", "`concatenate` joins lists, found number; the call reads as null"),
    ])
    func aWrongListIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }
}
