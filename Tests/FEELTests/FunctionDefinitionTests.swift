@testable import FEEL
import Testing

/// Functions an expression defines, and calls by position or by parameter name (DMN 1.5,
/// 10.3.2.13; Camunda: an unknown function or a wrong arity is null with a warning).
struct FunctionDefinitionTests {
    @Test(arguments: [
        ("(function(a, b) a - b)(5, 1)", "4"),
        ("(function(a, b) a - b)(b: 1, a: 5)", "4"),
        ("(function() 42)()", "42"),
        ("{f: function(x) x * 2}.f(21)", "42"),
        ("{f: function(x) x * 2, r: f(4)}.r", "8"),
        ("{double: function(x) x * 2, r: for i in [1, 2] return double(i)}.r", "[2, 4]"),
        ("{add: function(a, b) a + b, r: add(b: 2, a: 40)}.r", "42"),
        ("{f: function(a: number, b: string) b + string(a)}.f(1, \"n\")", #""n1""#),
        ("{f: function(first name, last name) first name + \" \" + last name}.f(\"A\", \"B\")", #""A B""#),
    ])
    func functionsAreCalledByPositionOrByName(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("{make: function(x) function(y) x + y, add2: make(2), r: add2(3)}.r", "5"),
        ("{k: 10, f: function(x) x + k, r: f(1)}.r", "11"),
        ("{f: function(x) x + k}.f(1)", "101"),
        ("{k: 10, f: function(k) k}.f(3)", "3"),
    ])
    func aFunctionSeesTheNamesWhereItWasDefined(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{k: 100}") == expected)
    }

    @Test(arguments: [
        ("{fact: function(n) if n <= 1 then 1 else n * fact(n - 1), r: fact(10)}.r", "3628800"),
        ("{fib: function(n) if n < 2 then n else fib(n - 1) + fib(n - 2), r: fib(15)}.r", "610"),
        ("{is even: function(n) if n = 0 then true else is odd(n - 1), is odd: function(n) if n = 0 then false else is even(n - 1), r: is even(11)}.r", "false"),
    ])
    func aFunctionInAContextCallsItselfByItsEntrysName(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("sort([3, 1, 2], function(x, y) x > y)", "[3, 2, 1]"),
        ("{f: abs}.f(-3)", "3"),
        ("{by: function(x, y) x.n < y.n}.by({n: 1}, {n: 2})", "true"),
    ])
    func functionsAreValues(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("(function(a, b) a)(1)", "the function takes 2 argument(s) but was given 1"),
        ("(function(a) a)(b: 1)", "the function has no parameter `b`"),
        ("(function(a: number) a)(\"x\")", "argument `a` must be a number, found a string"),
        ("foo(1)", "no function is named `foo`; the call reads as null"),
        ("{a: 1}.a(2)", "a number is not a function and cannot be called"),
        ("abs(1, 2)", "no form of `abs` takes 2 arguments (abs(n)); the call reads as null"),
        ("abs(x: 1)", "no form of `abs` takes the arguments `x` (abs(n)); the call reads as null"),
    ])
    func aCallThatDoesNotFitIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        ("(function(l: list<number>) count(l))(5)", "1"),
        ("(function(n: number) n + 1)([5])", "6"),
        ("(function(d: date and time) d)(@\"2024-01-01\")", "2024-01-01T00:00:00Z"),
    ])
    func argumentsConvertToTheDeclaredTypeWhereDMNAllows(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test func anExternalFunctionIsNotRun() throws {
        let result = try FEELTest.result(#"{f: function(x) external {java: {class: "java.lang.Math", method signature: "abs(double)"}}}.f(1)"#)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == ["external functions (Java or PMML) are not run here; the call reads as null"])
    }
}
