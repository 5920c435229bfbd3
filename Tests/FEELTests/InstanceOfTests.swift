@testable import FEEL
import Testing

/// `instance of` (DMN 1.5, 10.3.2.9.1: null is an instance of `Null` only; Camunda: `Any`
/// is every value but null).
struct InstanceOfTests {
    @Test(arguments: [
        ("1 instance of number", "true"),
        (#""a" instance of string"#, "true"),
        ("true instance of boolean", "true"),
        (#"@"2024-01-01" instance of date"#, "true"),
        (#"@"10:00:00" instance of time"#, "true"),
        (#"@"2024-01-01T10:00:00" instance of date and time"#, "true"),
        (#"@"2024-01-01T10:00:00Z" instance of date and time"#, "true"),
        (#"@"P1D" instance of days and time duration"#, "true"),
        (#"@"P1Y" instance of years and months duration"#, "true"),
        (#"@"P1Y" instance of days and time duration"#, "false"),
        ("1 instance of string", "false"),
        (#""1" instance of number"#, "false"),
        (#"@"2024-01-01" instance of date and time"#, "false"),
    ])
    func scalarsAreInstancesOfTheirType(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("[1, 2] instance of list", "true"),
        ("[] instance of list", "true"),
        ("[1, 2] instance of list<number>", "true"),
        (#"[1, "a"] instance of list<number>"#, "false"),
        ("[1, null] instance of list<number>", "true"),
        ("[[1]] instance of list<list<number>>", "true"),
        ("1 instance of list", "false"),
        ("{a: 1} instance of context", "true"),
        ("{} instance of context", "true"),
        ("{a: 1, b: \"x\"} instance of context<a: number>", "true"),
        ("{a: 1} instance of context<a: string>", "false"),
        ("{a: 1} instance of context<b: number>", "false"),
        ("[1] instance of context", "false"),
    ])
    func listsAndContextsMatchTheirItemTypes(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("(function(a) a) instance of function", "true"),
        ("(function(a) a) instance of function<Any>->Any", "true"),
        ("(function(a) a) instance of function<Any, Any>->Any", "false"),
        ("abs instance of function", "true"),
        ("1 instance of function", "false"),
        ("[1..2] instance of range", "true"),
        ("[1..2] instance of range<number>", "true"),
        ("[1..2] instance of range<string>", "false"),
    ])
    func functionsAndRangesAreInstancesOfTheirTypes(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("null instance of Any", "false"),
        ("null instance of Null", "true"),
        ("null instance of number", "false"),
        ("1 instance of Any", "true"),
        ("[] instance of Any", "true"),
        ("1 instance of Null", "false"),
        ("x instance of Any", "false"),
    ])
    func nullIsAnInstanceOfNullOnly(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test func aModelsTypeNamesAreKnown() throws {
        let expression = try FEELExpression("x instance of Amount", types: ["Amount": .number])
        #expect(expression.evaluate(try FEELTest.context("{x: 5}")).value.literal == "true")
    }
}
