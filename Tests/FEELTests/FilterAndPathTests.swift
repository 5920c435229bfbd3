@testable import FEEL
import Testing

/// Filters `list[…]` and paths `a.b` (DMN 1.5, 10.3.2.5; Camunda: a path over a list is the
/// path of each item).
struct FilterAndPathTests {
    static let variables = #"{orders: [{id: 1, price: 10, tags: ["a"]}, {id: 2, price: 25, tags: []}, {id: 3, price: 5, tags: ["b", "c"]}], n: 2, price: 100}"#

    @Test(arguments: [
        ("[1, 2, 3][1]", "1"),
        ("[1, 2, 3][3]", "3"),
        ("[1, 2, 3][-1]", "3"),
        ("[1, 2, 3][-3]", "1"),
        ("[1, 2, 3][n]", "2"),
        ("[1, 2, 3][1 + 1]", "2"),
        ("[[1, 2], [3]][1][2]", "2"),
        ("orders[2].id", "2"),
        ("orders[-1].price", "5"),
        ("\"abc\"[1]", #""abc""#),
    ])
    func aNumberFilterPicksAnItemCountingFromOne(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, FilterAndPathTests.variables) == expected)
    }

    @Test(arguments: [
        ("[1, 2, 3][0]", "there is no item 0 in a list of 3"),
        ("[1, 2, 3][4]", "there is no item 4 in a list of 3"),
        ("[1, 2, 3][-4]", "there is no item -4 in a list of 3"),
    ])
    func anIndexOutsideTheListIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        ("[1, 2, 3, 4][item > 2]", "[3, 4]"),
        ("[1, 2, 3, 4][item > 9]", "[]"),
        ("[1, 2, 3, 4][even(item)]", "[2, 4]"),
        ("[][item > 1]", "[]"),
        ("[1, null, 3][item > 1]", "[3]"),
        (#"[1, "a", 3][item > 1]"#, "[3]"),
        ("[1, 2][\"yes\"]", "[]"),
        ("orders[price > 8].id", "[1, 2]"),
        ("orders[item.price > 8].id", "[1, 2]"),
        ("orders[price > 8 and id > 1].id", "[2]"),
        ("orders[count(tags) > 0].id", "[1, 3]"),
        ("orders[price < 10][1].id", "3"),
        ("[{a: 1}, {b: 2}][a = 1]", "[{a: 1}]"),
        ("[{price: 1}][price = 100]", "[]"),
        ("[{x: 1}, {x: 5}][x > n]", "[{x: 5}]"),
    ])
    func aConditionFilterKeepsTheItemsForWhichItIsTrue(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, FilterAndPathTests.variables) == expected)
    }

    @Test(arguments: [
        ("5[item > 1]", "[5]"),
        ("5[1]", "5"),
        ("null[1]", "null"),
        ("null[item > 1]", "null"),
    ])
    func aFilterOnOneValueTreatsItAsAListOfOne(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("orders.price", "[10, 25, 5]"),
        ("orders.tags", #"[["a"], [], ["b", "c"]]"#),
        ("orders[1].tags[2]", "null"),
        ("[{a: {b: 1}}, {a: {b: 2}}].a.b", "[1, 2]"),
        ("{a: {b: {c: 7}}}.a.b.c", "7"),
        ("[].a", "[]"),
        ("[@\"2024-01-31\", @\"2025-02-01\"].year", "[2024, 2025]"),
    ])
    func aPathOverAListIsThePathOfEachItem(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, FilterAndPathTests.variables) == expected)
    }

    @Test func aPathOverAListWarnsOfItemsWithoutTheMember() throws {
        let result = try FEELTest.result("[{a: 1}, {b: 2}].a")
        #expect(result.value.literal == "[1, null]")
        #expect(result.warnings.map(\.message) == ["an item of the list has no entry `a`; it reads as null"])
    }

    @Test(arguments: [
        ("sum(orders.price)", "40"),
        ("max(orders[price < 20].price)", "10"),
        ("count(orders[id > 1])", "2"),
        ("orders[id = 3][1].tags[-1]", #""c""#),
    ])
    func filtersAndPathsCombine(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, FilterAndPathTests.variables) == expected)
    }
}
