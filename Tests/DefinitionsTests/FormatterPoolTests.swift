import Definitions
import Dispatch
import Synchronization
import Testing

/// Numbers and dates are written by formatters made once per language and thread: pages drawn
/// at once on several threads each get their own right answer.
@Suite struct FormatterPoolRules {
    @Test func numbersAndDatesWrittenOnManyThreadsAtOnceAreEachRight() {
        let words = Words(language: "de", table: [:])
        let values = (0..<400).map { Double($0) * 1_234.5 }
        let expected = values.map { words.number($0) }
        let dates = (1...28).map { "2026-02-\($0 < 10 ? "0" : "")\($0)" }
        let expectedDates = dates.map { words.date($0) }
        #expect(expected[2] == "2.469")
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for (index, value) in values.enumerated() where words.number(value) != expected[index] {
                wrong.withLock { $0 += 1 }
            }
            for (index, date) in dates.enumerated() where words.date(date) != expectedDates[index] {
                wrong.withLock { $0 += 1 }
            }
            _ = thread
        }
        #expect(wrong.withLock { $0 } == 0)
    }

    /// Texts are remembered per thread, each by its language and kind: written again, the same
    /// value gives each language's own text, and a text that is no date stays as it is.
    @Test func eachLanguageOnOneThreadWritesWithItsOwnFormatter() {
        let german = Words(language: "de", table: [:])
        let english = Words(language: "en", table: [:])
        let first = [german, english].map { [$0.format(2_469, .currency(code: "EUR")), $0.format(0.5, .percent), $0.date("2019-04-01")] }
        #expect(first[0] != first[1])
        #expect(first[0][2] == "1. April 2019")
        for _ in 0..<3 {
            #expect(german.number(2_469) == "2.469")
            #expect(english.number(2_469) == "2,469")
            #expect([german, english].map { [$0.format(2_469, .currency(code: "EUR")), $0.format(0.5, .percent), $0.date("2019-04-01")] } == first)
            #expect(english.date("soon") == "soon")
        }
    }
}
