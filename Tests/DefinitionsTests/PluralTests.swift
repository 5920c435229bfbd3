import Testing
@testable import Definitions

/// Plural forms in interface words (docs/reference/interface-words.md, "Plurals").
@Suite struct Plurals {
    private let files = "{x, plural, one {# file} other {# files}}"
    private let romanian = "{x, plural, one {# caracter} few {# caractere} other {# de caractere}}"

    @Test func englishTakesOneForOneAndOtherForEveryOtherCount() {
        #expect(Words.fill(files, language: "en") { _ in "1" } == "1 file")
        #expect(Words.fill(files, language: "en") { _ in "0" } == "0 files")
        #expect(Words.fill(files, language: "en") { _ in "1,500" } == "1,500 files")
    }

    @Test func romanianPutsDeBeforeTheNounFromTwenty() {
        let filled = [1, 2, 19, 20, 101, 119, 120, 1000].map { n in Words.fill(romanian, language: "ro") { _ in String(n) } }
        #expect(filled == ["1 caracter", "2 caractere", "19 caractere", "20 de caractere", "101 caractere",
                           "119 caractere", "120 de caractere", "1000 de caractere"])
    }

    @Test func frenchTakesOneForZeroAndOne() {
        #expect(PluralRules.category(0, language: "fr") == .one)
        #expect(PluralRules.category(2, language: "fr-CA") == .other)
    }

    @Test func arabicHasSixForms() {
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 103].map { PluralRules.category($0, language: "ar") }
                == [.zero, .one, .two, .few, .few, .many, .many, .other, .few])
    }

    @Test func polishAndRussianTellFewFromMany() {
        #expect([1, 2, 4, 5, 12, 22, 25, 101].map { PluralRules.category($0, language: "pl") }
                == [.one, .few, .few, .many, .many, .few, .many, .many])
        #expect([1, 2, 5, 11, 21, 22, 111].map { PluralRules.category($0, language: "ru") }
                == [.one, .few, .many, .many, .one, .few, .many])
        #expect([1, 3, 5].map { PluralRules.category($0, language: "cs") } == [.one, .few, .other])
    }

    @Test func anExactCountWinsOverItsCategory() {
        #expect(Words.fill("{x, plural, =0 {no files} one {# file} other {# files}}", language: "en") { _ in "0" } == "no files")
    }

    @Test func aFormMayHoldOtherPlaceholders() {
        let filled = Words.fill("{label}: {x, plural, one {# file for {label}} other {# files}}", language: "en") { name in
            name == "x" ? "1" : name == "label" ? "CV" : nil
        }
        #expect(filled == "CV: 1 file for CV")
    }

    @Test func aValueWithADecimalPartTakesOther() {
        #expect(Words.fill(files, language: "en") { _ in "1.5" } == "1.5 files")
        #expect(Words.fill(files, language: "de") { _ in "1,5" } == "1,5 files")
    }

    @Test func aPluralPlaceholderIsNamedByItsVariable() {
        #expect(Words.placeholders("You have " + files + " left, {name}") == ["x", "name"])
    }

    @Test func aMalformedPluralStaysAsWritten() {
        #expect(Words.fill("{x, plural, one {# file}", language: "en") { $0 == "x" ? "1" : nil } == "{x, plural, one {# file}")
        #expect(Words.fill("{x, plural, one {# file}}", language: "en") { $0 == "x" ? "1" : nil } == "{x, plural, one {# file}}", "no other form")
    }
}
