@testable import FEEL
import Testing

/// The numeric functions (DMN 1.5, table 73): rounding to a scale in each mode, and the
/// functions through `Double` (`log`, `exp`) with about 16 digits.
struct NumericFunctionTests {
    @Test(arguments: [
        ("decimal(1/3, 2)", "0.33"), ("decimal(1.5, 0)", "2"), ("decimal(2.5, 0)", "2"), ("decimal(-2.5, 0)", "-2"),
        ("decimal(1.125, 2)", "1.12"), ("decimal(123.45, -1)", "120"), ("decimal(5, 2)", "5"),
        ("floor(1.5)", "1"), ("floor(-1.5)", "-2"), ("floor(-1.56, 1)", "-1.6"), ("floor(1.56, 1)", "1.5"),
        ("ceiling(1.5)", "2"), ("ceiling(-1.5)", "-1"), ("ceiling(-1.56, 1)", "-1.5"), ("ceiling(1.51, 1)", "1.6"),
        ("round up(5.5, 0)", "6"), ("round up(-5.5, 0)", "-6"), ("round up(1.121, 2)", "1.13"), ("round up(-1.126, 2)", "-1.13"),
        ("round down(5.5, 0)", "5"), ("round down(-5.5, 0)", "-5"), ("round down(1.129, 2)", "1.12"),
        ("round half up(5.5, 0)", "6"), ("round half up(-5.5, 0)", "-6"), ("round half up(-1.126, 2)", "-1.13"), ("round half up(1.124, 2)", "1.12"),
        ("round half down(5.5, 0)", "5"), ("round half down(-5.5, 0)", "-5"), ("round half down(1.126, 2)", "1.13"),
        ("floor(n: 1.5)", "1"), ("decimal(n: 1.26, scale: 1)", "1.3"),
    ])
    func roundingFunctionsRoundToAScaleInTheirMode(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("abs(-10)", "10"), ("abs(10)", "10"), ("abs(0)", "0"), ("abs(-1.5)", "1.5"),
        ("modulo(12, 5)", "2"), ("modulo(-12, 5)", "3"), ("modulo(12, -5)", "-3"), ("modulo(-12, -5)", "-2"),
        ("modulo(10.1, 4.5)", "1.1"), ("modulo(12, 0)", "null"),
        ("sqrt(16)", "4"), ("sqrt(2)", "1.414213562373095048801688724209698"), ("sqrt(0)", "0"), ("sqrt(-1)", "null"),
        ("log(10)", "2.302585092994046"), ("log(1)", "0"), ("log(0)", "null"), ("log(-1)", "null"),
        ("exp(5)", "148.4131591025766"), ("exp(0)", "1"),
        ("odd(5)", "true"), ("odd(2)", "false"), ("odd(-3)", "true"), ("odd(2.5)", "false"),
        ("even(2)", "true"), ("even(0)", "true"), ("even(3)", "false"), ("even(2.5)", "false"),
    ])
    func arithmeticFunctions(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: ["abs(null)", "floor(null)", "decimal(1.5, null)", "sqrt(null)", "modulo(null, 2)", "odd(null)"])
    func nullArgumentsAreNull(_ source: String) throws {
        #expect(try FEELTest.value(source) == "null")
    }

    @Test(arguments: [
        (#"abs("x")"#, "`abs` expects a number or duration for `n`, found string; the call reads as null"),
        ("round up(5.5)", "no form of `round up` takes 1 argument (round up(n, scale)); the call reads as null"),
        ("decimal(1, 7000)", "`decimal` takes a scale from -6111 to 6176; the call reads as null"),
        ("modulo(1, 0)", "`modulo` by zero; the call reads as null"),
    ])
    func aWrongNumberArgumentIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: 1...5)
    func randomNumberIsFromZeroToOne(_ attempt: Int) throws {
        #expect(try FEELTest.value("random number() >= 0 and random number() < 1") == "true")
    }
}
