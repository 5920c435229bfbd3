@testable import FEEL
import Testing

/// A JSON number (a `Double`) becomes the shortest decimal that reads back as it.
struct NumberFromDataTests {
    @Test(arguments: [
        (0.1, "0.1"), (12.5, "12.5"), (1234.5678, "1234.5678"), (-0.25, "-0.25"), (1e-7, "0.0000001"),
        (0.30000000000000004, "0.30000000000000004"), (1e21, "1000000000000000000000"), (123456789.123, "123456789.123"),
        (2.0, "2"), (-0.0, "0"), (9007199254740993, "9007199254740992"),
    ])
    func aJSONNumberIsTheShortestDecimalThatReadsBackAsIt(_ double: Double, _ expected: String) throws {
        let number = try #require(FEELNumber(double))
        #expect(number.text == expected)
        #expect(number.doubleValue == double)
    }

    @Test func notANumberAndInfinityAreNoFEELNumber() {
        #expect(FEELNumber(Double.nan) == nil && FEELNumber(Double.infinity) == nil)
    }
}
