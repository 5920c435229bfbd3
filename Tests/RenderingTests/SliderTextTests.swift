@testable import Rendering
import Testing

/// A slider's text is the number `Double` reads in it: digits alone are read without `strtod`,
/// and every other text as `Double` reads it.
struct SliderTextTests {
    @Test(arguments: ["", "0", "7", "007", "250", "123456789012345", "1234567890123456789", "-3", "-0", "2.5", "1e3", "+4",
                      " 5", "5 ", "abc", "٣", "0x10", "nan", "inf"])
    func aSlidersTextHoldsTheNumberDoubleReads(_ text: String) {
        let read = SliderText.number(text)
        let expected = Double(text)
        #expect(read == expected || (read?.isNaN == true && expected?.isNaN == true), "\(text)")
        #expect(read?.sign == expected?.sign, "\(text)")
    }

    @Test func aTextThatHoldsNoNumberShowsTheMinimum() {
        #expect(SliderText.value("", min: "10") == "10")
        #expect(SliderText.value("many", min: "10") == "10")
        #expect(SliderText.value("40", min: "10") == "40")
    }
}
