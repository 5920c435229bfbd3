@testable import FEEL
import Testing

/// Literals, names and comments (DMN 1.5 grammar rules 25–40, Camunda's backtick names).
struct LiteralAndNameTests {
    @Test(arguments: [
        (#""a\u0041b""#, #""aAb""#),
        (#""\u00e9""#, #""é""#),
        (#""\U01F600""#, #""😀""#),
        (#""\ud83d\ude00""#, #""😀""#),
        (#""tab\there""#, #""tab\there""#),
        (#""line\nbreak""#, #""line\nbreak""#),
        (#""cr\r""#, #""cr\r""#),
        (#""say \"hi\"""#, #""say \"hi\"""#),
        (#""it\'s""#, #""it's""#),
        (#""back\\slash""#, #""back\\slash""#),
    ])
    func stringEscapesAreRead(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    /// Regular expressions rely on it: `"\d+"` reaches `matches` as backslash, d, plus.
    @Test(arguments: [
        (#""\d""#, 2),
        (#""\sb""#, 3),
        (#""\.""#, 2),
        (#""\w+\d""#, 5),
    ])
    func unknownEscapesKeepTheirBackslash(_ source: String, _ length: Int) throws {
        #expect(try FEELTest.value("string length(\(source))") == "\(length)")
        #expect(try FEELTest.value("substring(\(source), 1, 1)") == #""\\""#)
    }

    @Test(arguments: [
        (#"@"2024-01-31""#, "2024-01-31", "date"),
        (#"@"10:30:00""#, "10:30:00", "time"),
        (#"@"10:30:00+01:00""#, "10:30:00+01:00", "time"),
        (#"@"2024-01-31T10:30:00""#, "2024-01-31T10:30:00", "date and time"),
        (#"@"2024-01-31T10:30:00Z""#, "2024-01-31T10:30:00Z", "date and time"),
        (#"@"2024-01-31T10:30:00@Europe/Berlin""#, "2024-01-31T10:30:00@Europe/Berlin", "date and time"),
        (#"@"P1D""#, "P1D", "days and time duration"),
        (#"@"PT1H30M""#, "PT1H30M", "days and time duration"),
        (#"@"P1Y2M""#, "P1Y2M", "years and months duration"),
        (#"@"-P3M""#, "-P3M", "years and months duration"),
    ])
    func atLiteralsAreTemporalValues(_ source: String, _ expected: String, _ type: String) throws {
        let value = try FEELTest.result(source).value
        #expect(value.literal == expected)
        #expect(value.typeName == type)
    }

    @Test(arguments: [
        ("true", "true"), ("false", "false"), ("null", "null"),
        ("[]", "[]"), ("[1, \"a\", null]", #"[1, "a", null]"#), ("{}", "{}"),
    ])
    func keywordAndStructureLiterals(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("first name + \"!\"", #""Ann!""#),
        ("first  name + \"!\"", #""Ann!""#),
        ("`first name` + \"!\"", #""Ann!""#),
        ("person.`last name`", #""Lee""#),
        ("person.last name", #""Lee""#),
        ("`order-id`", "7"),
        ("_under_score", "1"),
        ("ünïcödé", "2"),
    ])
    func namesMayHoldSpacesAndBackticksQuoteAnyName(_ source: String, _ expected: String) throws {
        let variables = #"{"first name": "Ann", person: {"last name": "Lee"}, "order-id": 7, _under_score: 1, ünïcödé: 2}"#
        #expect(try FEELTest.value(source, variables) == expected)
    }

    @Test(arguments: [
        ("1 + 2 // the rest is a comment", "3"),
        ("1 + /* inside */ 2", "3"),
        ("/* before */ 5", "5"),
        ("[1, // one\n 2]", "[1, 2]"),
        ("/* many\n lines */ \"x\"", #""x""#),
        ("\"// not a comment\"", #""// not a comment""#),
    ])
    func commentsAreSkipped(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("{a: 1, b: a + 1}", "{a: 1, b: 2}"),
        ("{a: 1, b: a + 1, c: a + b}", "{a: 1, b: 2, c: 3}"),
        (#"{"x y": 2, z: x y * 2}"#, #"{"x y": 2, z: 4}"#),
        ("{a: {b: 1}, c: a.b}", "{a: {b: 1}, c: 1}"),
        ("{a: 1, b: {c: a}}", "{a: 1, b: {c: 1}}"),
        ("{z: 1, a: 2}", "{z: 1, a: 2}"),
        ("{a: 1}.a", "1"),
        (#"{"a b": 1}.`a b`"#, "1"),
    ])
    func contextEntriesSeeEarlierEntriesAndKeepTheirOrder(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test func aContextEntryShadowsAVariable() throws {
        #expect(try FEELTest.value("{a: 5, b: a}.b", "{a: 1}") == "5")
    }
}
