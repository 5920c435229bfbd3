@testable import FEEL
import Testing

/// Three-valued logic, comparisons with null, and Camunda's null-friendly handling of what is
/// missing (a missing variable, entry or property is null, with a warning naming it).
struct NullAndLogicTests {
    @Test(arguments: [
        ("true and true", "true"), ("true and false", "false"), ("false and true", "false"),
        ("true and null", "null"), ("null and true", "null"), ("false and null", "false"),
        ("null and false", "false"), ("null and null", "null"),
        ("true or false", "true"), ("false or false", "false"), ("true or null", "true"),
        ("null or true", "true"), ("false or null", "null"), ("null or false", "null"), ("null or null", "null"),
        (#"true and "x""#, "null"), (#"false and "x""#, "false"), (#"true or "x""#, "true"), (#"false or "x""#, "null"),
        ("1 and true", "null"), ("true and true and false", "false"), ("false or false or true", "true"),
        ("true or false and false", "true"), ("(true or false) and false", "false"),
    ])
    func andOrAreThreeValued(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("false and missing", "false"),
        ("true or missing", "true"),
    ])
    func andOrDoNotEvaluateTheRightSideOnceDecided(_ source: String, _ expected: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.literal == expected)
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("not(true)", "false"), ("not(false)", "true"), ("not(null)", "null"), ("not(1)", "null"),
        ("not(1 > 2)", "true"), ("not(not(true))", "true"),
    ])
    func notIsThreeValued(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("null = null", "true"), ("null != null", "false"), (#""foo" = null"#, "false"), ("null = 5", "false"),
        ("5 != null", "true"), ("x = null", "true"), ("{a: null}.a = null", "true"), ("{}.y = null", "true"),
        ("null < 5", "null"), ("5 > null", "null"), ("null <= null", "null"), ("x > 5", "null"),
        ("1 = \"1\"", "null"), ("1 != \"1\"", "null"), ("true = 1", "null"),
        ("1 = 1.0", "true"), ("[1, 2] = [1, 2]", "true"), ("[1, 2] = [2, 1]", "false"), ("[1] = [1, 2]", "false"),
        ("{a: 1, b: 2} = {b: 2, a: 1}", "true"), ("{a: 1} = {a: 2}", "false"), ("{a: 1} = {a: 1, b: 2}", "false"),
        (#""a" < "b""#, "true"), (#""B" < "a""#, "true"), (#""abc" = "abc""#, "true"),
        ("true = true", "true"), ("true != false", "true"),
    ])
    func comparisonsWithNullOrAnotherTypeFollowCamunda(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("x", "no variable or context entry is named `x`; it reads as null"),
        ("x.y", "no variable or context entry is named `x`; it reads as null"),
        ("x + 1", "no variable or context entry is named `x`; it reads as null"),
        ("first name", "no variable or context entry is named `first name`; it reads as null"),
        ("person.age", "the context has no entry `age`; it reads as null"),
        ("{a: 1}.b", "the context has no entry `b`; it reads as null"),
        (#"@"2024-01-01".foo"#, "a date has no property `foo`"),
        ("(5).foo", "a number has no property `foo`"),
        ("no such thing(1)", "no function is named `no such thing`; the call reads as null"),
    ])
    func aMissingVariableIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source, #"{person: {name: "Ann"}}"#)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: ["null.y", "{a: null}.a.b", "null[1]"])
    func aPathOnNullIsNullWithoutAWarning(_ source: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.isEmpty)
    }

    @Test func aWarningGivesTheColumnOfWhatIsMissing() throws {
        let result = try FEELTest.result("1 + amount")
        #expect(result.warnings.map(\.column) == [5])
    }

    @Test func aVariableHoldingNullIsNullWithoutAWarning() throws {
        let result = try FEELTest.result("x", "{x: null}")
        #expect(result.value.isNull)
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("is defined(1)", "true"), ("is defined(x)", "false"), ("is defined(null)", "false"),
        ("is defined(present)", "true"), ("is defined(empty)", "false"),
        ("is defined(person.name)", "true"), ("is defined(person.age)", "false"), ("is defined(missing.age)", "false"),
        ("is defined({a: 1}.a)", "true"), ("is defined({a: null}.a)", "false"), ("is defined([])", "true"),
        ("is defined(value: 1)", "true"),
    ])
    func isDefinedIsFalseForNullAndWhatIsMissing(_ source: String, _ expected: String) throws {
        let result = try FEELTest.result(source, #"{present: 1, empty: null, person: {name: "Ann"}}"#)
        #expect(result.value.literal == expected)
    }

    @Test(arguments: ["is defined(x)", "is defined(person.age)", "is defined(missing.age)"])
    func isDefinedDoesNotWarnOfWhatIsMissing(_ source: String) throws {
        #expect(try FEELTest.warnings(source, #"{person: {name: "Ann"}}"#).isEmpty)
    }

    @Test(arguments: [
        ("1 < 2 and 3 > 2", "true"),
        ("x = 1 or x = 2", "true"),
        ("x > 1 and x < 3", "true"),
        ("x between 1 and 3 and x != 2", "false"),
    ])
    func comparisonsBindTighterThanAndOr(_ source: String, _ expected: String) throws {
        #expect(try FEELTest.value(source, "{x: 2}") == expected)
    }
}
