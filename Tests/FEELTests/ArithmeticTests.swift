@testable import FEEL
import Testing

/// Numbers are decimals of 34 digits, rounded half to even (DMN 1.5, 10.3.2.3.1).
struct ArithmeticTests {
    @Test(arguments: [
        ("0.1 + 0.2", "0.3"),
        ("10 / 3", "3.333333333333333333333333333333333"),
        ("2 ** 10", "1024"),
        ("-3 ** 2", "9"),
        ("3 ** 4 ** 5", "3486784401"),
        ("1 / 3 * 3", "0.9999999999999999999999999999999999"),
        ("2 / 3", "0.6666666666666666666666666666666667"),
        ("12345678901234567890123456789012345", "12345678901234567890123456789012340"),
        ("1.10 + 0", "1.1"),
        ("0.000001 * 0.000001", "0.000000000001"),
    ])
    func numbersAreDecimalWith34Digits(_ source: String, _ expected: String) throws {
        #expect(try FEELExpression(source).evaluate().value.literal == expected)
    }

    @Test(arguments: [
        ("1 + 2 * 3", "7"),
        ("(1 + 2) * 3", "9"),
        ("10 - 2 - 3", "5"),
        ("12 / 2 / 3", "2"),
        ("2 * 3 ** 2", "18"),
        ("-2 ** 2", "4"),
        ("1 - -1", "2"),
        ("--1", "1"),
        ("-(1 + 2)", "-3"),
        ("2 ** -1", "0.5"),
        ("4 ** 0.5", "2"),
        ("7 - 10", "-3"),
    ])
    func operatorsBindAsTheGrammarSays(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("1e3", "1000"),
        ("1.5E-2", "0.015"),
        (".5", "0.5"),
        ("01", "1"),
        ("1.000", "1"),
        ("-0", "0"),
    ])
    func numberLiteralsReadAsDecimals(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("10 / 0", "division by zero; the result is null"),
        ("0 ** -1", "number ** number is out of range; the result is null"),
        ("(-8) ** 0.5", "number ** number is out of range; the result is null"),
        ("\"a\" + 1", "string + number is not defined; the result is null"),
        ("1 - \"a\"", "number - string is not defined; the result is null"),
        ("true + 1", "boolean + number is not defined; the result is null"),
        ("[1] * 2", "list<number> * number is not defined; the result is null"),
    ])
    func undefinedArithmeticIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: ["1 + null", "null - 1", "null * null", "null / 2", "2 ** null", "-null", "\"a\" + null"])
    func nullInArithmeticIsNull(_ source: String) throws {
        #expect(try FEELTest.value(source) == "null")
    }

    @Test(arguments: [
        (#""foo" + "bar""#, #""foobar""#),
        (#""" + """#, #""""#),
        (#""a" + "b" + "c""#, #""abc""#),
    ])
    func plusJoinsStrings(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("a + b", "{a: 2, b: 3}", "5"),
        ("monthly salary * 12", #"{"monthly salary": 1000}"#, "12000"),
        ("x / y", "{x: 1, y: 4}", "0.25"),
    ])
    func variablesTakePartInArithmetic(_ source: String, _ variables: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, variables) == expected)
    }
}
