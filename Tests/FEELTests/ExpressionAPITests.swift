@testable import FEEL
import Testing

/// What `FEELExpression` tells of an expression without evaluating it: the variables it reads
/// and whether it asks the clock.
struct ExpressionAPITests {
    @Test(arguments: [
        ("a + b", [["a"], ["b"]]),
        ("applicant.age >= 18", [["applicant", "age"]]),
        ("a.b.c + a.b.c", [["a", "b", "c"]]),
        ("{x: 1, y: x + z}", [["z"]]),
        ("for i in items return i * rate", [["items"], ["rate"]]),
        ("some p in people satisfies p.age > limit", [["people"], ["limit"]]),
        ("(function(n) n + k)(1)", [["k"]]),
        ("orders[price > min].id", [["orders"], ["price"], ["min"]]),
        ("\"text\" + string(1)", []),
        ("date(x).year", [["x"]]),
    ])
    func readPathsListsTheVariablesReadOnce(_ source: String, _ paths: [[String]]) throws {
        #expect(try FEELExpression(source).readPaths() == paths)
    }

    @Test func readPathsCanLeaveOutAFiltersNamesWhichMayBeTheItemsMembers() throws {
        #expect(try FEELExpression("orders[price > min].id").readPaths(inFilters: false) == [["orders"]])
    }

    @Test func surelyReadPathsLeaveOutAVariableTestedWithIsDefined() throws {
        let source = "if is defined(history) then history else [] + [prompt]"
        #expect(try FEELExpression(source).readPaths(inFilters: false) == [["prompt"]])
        #expect(try FEELExpression(source).readPaths() == [["history"], ["prompt"]])
    }

    @Test func readPathsOfUnaryTestsLeaveOutTheInput() throws {
        #expect(try FEELExpression(unaryTests: "? > limit, [low..high]").readPaths() == [["limit"], ["low"], ["high"]])
    }

    @Test(arguments: [
        ("now()", true),
        ("today() - date(birthday)", true),
        ("[1, 2, for i in [now()] return i]", true),
        ("date(\"2024-01-01\")", false),
        ("x + 1", false),
        ("{now: 1}.now", false),
    ])
    func readsClockTellsExpressionsThatAskTheClock(_ source: String, _ readsClock: Bool) throws {
        #expect(try FEELExpression(source).readsClock == readsClock)
    }

    @Test(arguments: [
        ("< 10", "5", "true"),
        ("< 10", "15", "false"),
        ("-", "15", "true"),
    ])
    func unaryTestsEvaluateAgainstTheInput(_ tests: String, _ input: String, _ expected: String) throws {
        let inputValue = try FEELExpression(input).evaluate().value
        #expect(try FEELExpression(unaryTests: tests).evaluate(input: inputValue).value.literal == expected)
    }

    @Test func theSourceIsKept() throws {
        #expect(try FEELExpression("1 +  2").source == "1 +  2")
    }
}
