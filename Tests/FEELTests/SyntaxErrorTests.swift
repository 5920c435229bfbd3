@testable import FEEL
import Testing

/// Source that does not parse is a `FEELSyntaxError` saying what was expected and what was
/// found, at the 1-based column (in characters) where it went wrong.
struct SyntaxErrorTests {
    @Test(arguments: [
        ("1 +", 4, "expected a value but found the end of the expression"),
        ("(1 + 2", 7, #"expected ")" but found the end of the expression"#),
        ("[1, 2", 6, #"expected "]" to close the list but found the end of the expression"#),
        ("{a: 1", 6, #"expected "}" to close the context but found the end of the expression"#),
        ("{a 1}", 5, #"expected ":" after the entry's name but found "}""#),
        ("{: 1}", 2, #"expected a context entry's name but found ":""#),
        ("{a: 1, a: 2}", 8, #"the context has two entries named "a""#),
        ("1 ++ 2", 4, #"expected a value but found "+""#),
        ("1 2", 3, "expected the end of the expression but found 2"),
        ("a.", 3, #"expected a name after "." but found the end of the expression"#),
        ("x[1", 4, #"expected "]" to close the filter but found the end of the expression"#),
        (#"date("x""#, 9, #"expected ")" to close the call but found the end of the expression"#),
        ("f(a: 1, 2)", 9, #"expected a parameter name but found 2"#),
        ("", 1, "expected a value but found the end of the expression"),
        ("// only a comment", 18, "expected a value but found the end of the expression"),
        (")", 1, #"expected a value but found ")""#),
    ])
    func aMistakeIsReportedWhereItIs(_ source: String, _ column: Int, _ message: String) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test(arguments: [
        ("if 1 then 2", 12, #"expected "else" (a FEEL if always has one) but found the end of the expression"#),
        ("if 1 2", 6, #"expected "then" but found 2"#),
        ("for x in [1] 2", 14, #"expected "return" but found 2"#),
        ("for in [1] return 1", 5, #"expected a variable name but found "in""#),
        ("some x in [1] x > 1", 15, #"expected "satisfies" but found "x""#),
        ("every x [1] satisfies true", 9, #"expected "in" but found "[""#),
        ("1 between 2", 12, #"expected "and" in between … and … but found the end of the expression"#),
        ("function(a) ", 13, "expected a value but found the end of the expression"),
        ("function a", 10, #"expected "(" after function but found "a""#),
        ("1 instance of list<", 20, "expected a type name but found the end of the expression"),
        ("1 instance of foo<number>", 15, "foo<…> is not a type; the parameterized types are list, range, context and function"),
    ])
    func aConstructLackingAPartNamesThePart(_ source: String, _ column: Int, _ message: String) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test(arguments: [
        (#""abc"#, 1, #"the string is never closed with ""#),
        ("`abc", 1, "the name in backticks is never closed with `"),
        ("1 /* abc", 3, "the comment /* is never closed with */"),
        (#""\u12""#, 6, #"\u must be followed by 4 hexadecimal digits"#),
        (#""\uD800x""#, 2, #"\uD800 is the first half of a surrogate pair; \u and the second half must follow"#),
        (#""\uDC00""#, 2, #"\uDC00 is the second half of a surrogate pair; \u and the first half must come before"#),
        (#"@"foo""#, 1, #"@"foo" is not a date, time, date and time or duration"#),
        (#"@"2024-02-30""#, 1, #"@"2024-02-30" is not a date, time, date and time or duration"#),
        ("1 # 2", 3, ##"unexpected character "#""##),
        ("[1..2..3]", 6, #"expected "]", ")" or "[" to close the interval but found "..""#),
        ("[1..", 5, "expected a value but found the end of the expression"),
    ])
    func aMistakeInATokenIsReportedAtItsStart(_ source: String, _ column: Int, _ message: String) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test(arguments: [
        (#""é" + ))"#, 7),
        (#""😀😀" 1"#, 6),
        ("x\n+ )", 5),
    ])
    func columnsCountCharactersNotBytes(_ source: String, _ column: Int) throws {
        let error = try #require(FEELTest.syntaxError(source))
        #expect(error.column == column)
    }

    @Test(arguments: [
        ("< ", 3, "expected a value but found the end of the expression"),
        ("1, ", 4, "expected a value but found the end of the expression"),
        ("not(1, 2", 9, #"expected ")" to close the call but found the end of the expression"#),
        ("[1..5", 6, #"expected "]", ")" or "[" to close the interval but found the end of the expression"#),
    ])
    func unaryTestsReportMistakesAlike(_ source: String, _ column: Int, _ message: String) throws {
        do {
            _ = try FEELExpression(unaryTests: source)
            Issue.record("\(source) parsed")
        } catch {
            #expect(error.column == column)
            #expect(error.message == message)
        }
    }

    @Test func theDescriptionStartsWithTheColumn() throws {
        let error = try #require(FEELTest.syntaxError("1 +"))
        #expect(error.description == "column 4: expected a value but found the end of the expression")
    }
}
