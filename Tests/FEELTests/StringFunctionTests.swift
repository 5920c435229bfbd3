@testable import FEEL
import Testing

/// The string functions (DMN 1.5, table 71): positions count characters from 1, negative ones
/// from the end; patterns are XPath regular expressions, found anywhere in the text.
struct StringFunctionTests {
    @Test(arguments: [
        (#"substring("foobar", 3)"#, #""obar""#),
        (#"substring("foobar", -2)"#, #""ar""#),
        (#"substring("foobar", 3, 3)"#, #""oba""#),
        (#"substring("foobar", -3, 2)"#, #""ba""#),
        (#"substring("foobar", 3, 10)"#, #""obar""#),
        (#"substring("foobar", 10)"#, #""""#),
        (#"substring("foobar", 1, 0)"#, #""""#),
        (#"substring("f😀bar", 2, 1)"#, #""😀""#),
        (#"substring(string: "foobar", start position: 3)"#, #""obar""#),
        (#"substring("foobar", 0)"#, "null"),
        (#"substring(null, 1)"#, "null"),
    ])
    func substringCountsFromOne(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"string length("foo")"#, "3"),
        (#"string length("")"#, "0"),
        (#"string length("😀")"#, "1"),
        (#"string length("e\u0301")"#, "2"),
        (#"upper case("aBc4")"#, #""ABC4""#),
        (#"lower case("aBc4")"#, #""abc4""#),
        (#"upper case("straße")"#, #""STRASSE""#),
        (#"lower case("ÄÖÜ")"#, #""äöü""#),
    ])
    func lengthAndCase(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"substring before("foobar", "bar")"#, #""foo""#),
        (#"substring before("foobar", "xyz")"#, #""""#),
        (#"substring before("foobar", "")"#, #""""#),
        (#"substring after("foobar", "ob")"#, #""ar""#),
        (#"substring after("foobar", "xyz")"#, #""""#),
        (#"substring after("foobar", "")"#, #""foobar""#),
        (#"contains("foobar", "of")"#, "false"),
        (#"contains("foobar", "ob")"#, "true"),
        (#"contains("foobar", "")"#, "true"),
        (#"contains("a.b", ".")"#, "true"),
        (#"starts with("foobar", "fo")"#, "true"),
        (#"starts with("foobar", "ob")"#, "false"),
        (#"ends with("foobar", "r")"#, "true"),
        (#"ends with("foobar", "o")"#, "false"),
        (#"contains(string: "foobar", match: "bar")"#, "true"),
        (#"contains("foobar", null)"#, "null"),
    ])
    func plainTextMatching(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"matches("foobar", "^fo*bar")"#, "true"),
        (#"matches("foobar", "ob")"#, "true"),
        (#"matches("foobar", "^ob")"#, "false"),
        (#"matches("FooBar", "foo")"#, "false"),
        (#"matches("FooBar", "foo", "i")"#, "true"),
        (#"matches("a\nb", "a.b")"#, "false"),
        (#"matches("a\nb", "a.b", "s")"#, "true"),
        (#"matches("a\nb", "^b$", "m")"#, "true"),
        (#"matches("abc", "a b c", "x")"#, "true"),
        (#"matches("123", "^\d+$")"#, "true"),
        (#"matches("a", "\p{IsBasicLatin}")"#, "true"),
        (#"matches("e", "[a-z-[aeiou]]")"#, "false"),
        (#"matches(input: "ab", pattern: "b")"#, "true"),
        (#"matches("a", "[")"#, "null"),
        (#"matches("a", "a", "z")"#, "null"),
    ])
    func matchesFindsAPatternAnywhere(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"replace("abcd", "(ab)|(a)", "[1=$1][2=$2]")"#, #""[1=ab][2=]cd""#),
        (#"replace("How do you feel?", "Feel", "FEEL", "i")"#, #""How do you FEEL?""#),
        (#"replace("aaa", "a", "b")"#, #""bbb""#),
        (#"replace("a.b", ".", "-", "q")"#, #""a-b""#),
        (#"replace("0123", "\d", "x")"#, #""xxxx""#),
        (#"replace("abc", "x", "y")"#, #""abc""#),
    ])
    func replaceReplacesEveryMatch(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"split("a;b;c;;", ";")"#, #"["a", "b", "c", "", ""]"#),
        (#"split("John Doe", "\s")"#, #"["John", "Doe"]"#),
        (#"split("a1b22c", "\d+")"#, #"["a", "b", "c"]"#),
        (#"split("abc", ",")"#, #"["abc"]"#),
        (#"split("", ",")"#, #"[""]"#),
        (#"split("a", "")"#, "null"),
    ])
    func splitCutsAtAPattern(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"string join(["a", "b", "c"])"#, #""abc""#),
        (#"string join(["a", null, "c"])"#, #""ac""#),
        (#"string join([])"#, #""""#),
        (#"string join(["a", "b", "c"], ", ")"#, #""a, b, c""#),
        (#"string join(["a"], ", ")"#, #""a""#),
        (#"string join(["a", "b"], null)"#, #""ab""#),
        (#"string join(["a", null, "c"], "-")"#, #""a-c""#),
        (#"string join(list: ["a", "b"], delimiter: "+")"#, #""a+b""#),
        (#"string join(["a", 1])"#, "null"),
        (#"string join(null)"#, "null"),
    ])
    func stringJoinSkipsNulls(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("string length(1)", "`string length` expects a string for `string`, found number; the call reads as null"),
        (#"upper case(["a", "b"])"#, "`upper case` expects a string for `string`, found list<string>; the call reads as null"),
        (#"matches("a", "(")"#, #""(" is not a valid regular expression; the call reads as null"#),
    ])
    func aWrongArgumentIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test func aListOfOneStandsForItsItem() throws {
        #expect(try FEELTest.value(#"upper case(["a"])"#) == #""A""#)
    }
}
