@testable import FEEL
import Testing

/// Unary tests, a decision table's input entries (DMN 1.5, 10.3.2.11; Camunda's rules for `?`
/// and null input).
struct UnaryTestsTests {
    @Test(arguments: [
        ("< 10", "5", "true"),
        ("< 10", "10", "false"),
        ("<= 10", "10", "true"),
        ("> 10", "11", "true"),
        (">= 10", "9", "false"),
        ("= 10", "10", "true"),
        ("!= 10", "10", "false"),
        ("!= 10", "11", "true"),
        (#"< "b""#, #""a""#, "true"),
        (#"> @"2024-01-01""#, #"@"2024-06-01""#, "true"),
        (#"<= @"PT1H""#, #"@"PT30M""#, "true"),
        ("< limit", "5", "true"),
    ])
    func aComparisonTestsTheInput(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input, "{limit: 6}") == expected)
    }

    @Test(arguments: [
        ("[1..10]", "10", "true"),
        ("[1..10)", "10", "false"),
        ("(1..10]", "1", "false"),
        ("]1..10[", "5", "true"),
        ("[1..10]", "11", "false"),
        (#"["a".."m"]"#, #""k""#, "true"),
    ])
    func anIntervalTestsMembership(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input) == expected)
    }

    @Test(arguments: [
        ("1, 2, 3", "2", "true"),
        ("1, 2, 3", "4", "false"),
        (#""gold", "silver""#, #""silver""#, "true"),
        ("< 5, > 10", "12", "true"),
        ("< 5, > 10", "7", "false"),
        ("[1..3], [7..9]", "8", "true"),
    ])
    func aCommaListPassesWhenAnyTestPasses(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input) == expected)
    }

    @Test(arguments: [
        ("not(1, 2)", "3", "true"),
        ("not(1, 2)", "2", "false"),
        ("not(< 5)", "7", "true"),
        ("not([1..5])", "3", "false"),
        (#"not("a")"#, #""b""#, "true"),
    ])
    func notNegatesTheList(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input) == expected)
    }

    @Test(arguments: ["1", "null", #""x""#, "[1, 2]", "{a: 1}"])
    func aDashPassesEveryInput(_ input: String) throws {
        #expect(try FEELTest.unaryTests("-", input: input) == "true")
    }

    @Test(arguments: [
        ("? > 5", "7", "true"),
        ("? > 5", "3", "false"),
        ("? * 2 = 10", "5", "true"),
        ("count(?) > 1", "[1, 2]", "true"),
        ("list contains(?, 2)", "[1, 2]", "true"),
        ("starts with(?, \"ab\")", #""abc""#, "true"),
        ("?.age >= 18", "{age: 20}", "true"),
        ("? in [1..3]", "2", "true"),
        ("sum(list: ?) < 10", "[1, 2, 3]", "true"),
    ])
    func aQuestionMarkIsTheInput(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input) == expected)
    }

    @Test(arguments: [
        ("5", "5", "true"),
        ("5", "6", "false"),
        (#""a""#, #""a""#, "true"),
        ("x", "3", "true"),
        ("x + 1", "4", "true"),
        ("[1, 2, 3]", "2", "true"),
        ("[1, 2, 3]", "4", "false"),
        ("[1, 2]", "[1, 2]", "true"),
        ("true", "true", "true"),
        ("false", "true", "false"),
        ("true", "5", "true"),
        ("null", "null", "true"),
        ("null", "1", "false"),
        (#"date("2024-01-01")"#, #"@"2024-01-01""#, "true"),
    ])
    func anExpressionPassesWhenItEqualsOrContainsTheInput(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input, "{x: 3}") == expected)
    }

    @Test(arguments: [
        ("< 10", "null", "null"),
        ("[1..10]", "null", "null"),
        ("< 10", #""a""#, "null"),
        ("1, 2", "null", "false"),
        ("= null", "null", "true"),
        ("!= null", "1", "true"),
        ("not(< 10)", "null", "null"),
    ])
    func aNullOrForeignInputIsUndecidedForComparisons(_ tests: String, _ input: String, _ expected: String) throws {
        #expect(try FEELTest.unaryTests(tests, input: input) == expected)
    }

    @Test func aQuestionMarkOutsideUnaryTestsIsNullWithAWarning() throws {
        let result = try FEELTest.result("? > 1")
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == ["`?` is the input of unary tests, and there is none here; it reads as null"])
    }

    @Test(arguments: [
        ("Loan-to-value < 0.8", "true"),
        ("Loan-to-value * 100", "75"),
    ])
    func knownNamesWithSymbolsReadAsOneName(_ source: String, _ expected: String) throws {
        let expression = try FEELExpression(source, knownNames: ["Loan-to-value"])
        #expect(expression.evaluate(try FEELTest.context(#"{"Loan-to-value": 0.75}"#)).value.literal == expected)
    }
}
