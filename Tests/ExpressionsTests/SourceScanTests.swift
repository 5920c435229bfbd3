@testable import Expressions
import Testing

/// `SourceScan`, the scanning FlowStage's expression lexer and the FEEL and JUEL importers share.
@Suite struct SourceScanRules {
    @Test func aNumberIsDigitsWithAtMostOneFractionAfterADot() {
        let chars = Array("12.50.3 7. .5")
        #expect(SourceScan.numberEnd(chars, from: 0) == 5)   // "12.50"
        #expect(SourceScan.numberEnd(chars, from: 6) == 7)   // "3"
        #expect(SourceScan.numberEnd(chars, from: 8) == 9)   // "7", not "7."
        #expect(SourceScan.numberEnd(chars, from: 11) == 13) // ".5"
    }

    @Test func aNameRunsWhileItsLanguageTakesTheCharacters() {
        let chars = Array("total_1$ + x")
        #expect(SourceScan.nameEnd(chars, from: 0) { $0.isLetter || $0.isNumber || $0 == "_" } == 7)
        #expect(SourceScan.nameEnd(chars, from: 0) { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } == 8)
    }

    @Test func theFirstListedSymbolSpelledThereIsTaken() {
        let chars = Array("a<=b<")
        #expect(SourceScan.symbol(["<=", "<"], in: chars, at: 1) == "<=")
        #expect(SourceScan.symbol(["<", "<="], in: chars, at: 1) == "<")
        #expect(SourceScan.symbol(["<=", "<"], in: chars, at: 4) == "<")   // "<=" would run past the end
        #expect(SourceScan.symbol(["<=", "<"], in: chars, at: 0) == nil)
    }

    @Test func quotedTextEndsAtItsOwnQuoteAndReadsEscapesThroughTheLanguage() {
        let itself: ([Character], inout Int) -> String = { chars, at in String(chars[at]) }
        #expect(SourceScan.quoted(Array(#"'it\'s "x"' rest"#), open: 0, escaped: itself) == .text(#"it's "x""#, close: 10))
        #expect(SourceScan.quoted(Array(#""a\nb""#), open: 0) { chars, at in chars[at] == "n" ? "\n" : String(chars[at]) }
                == .text("a\nb", close: 5))
        #expect(SourceScan.quoted(Array(#""open"#), open: 0, escaped: itself) == .unclosed)
        #expect(SourceScan.quoted(Array(#""ends in \"#), open: 0, escaped: itself) == .unclosed)
    }

    @Test func anEscapeMayReadFurtherCharacters() {
        let hex: ([Character], inout Int) -> String = { chars, at in
            guard chars[at] == "u", at + 2 < chars.count, let code = UInt8(String(chars[(at + 1)...(at + 2)]), radix: 16) else { return String(chars[at]) }
            at += 2
            return String(UnicodeScalar(code))
        }
        #expect(SourceScan.quoted(Array(#""\u41!""#), open: 0, escaped: hex) == .text("A!", close: 6))
    }
}
