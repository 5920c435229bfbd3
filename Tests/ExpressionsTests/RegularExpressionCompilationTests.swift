import Foundation
import Testing
@testable import Expressions

/// Found by `make fuzz` (issue 27): a pattern that is not a literal was compiled at every
/// evaluation, and Foundation on Linux leaks about twice the length of a long pattern per compilation.
@Suite struct RegularExpressionCompilation {
    @Test func regularExpressionsAreCompiledOnce() throws {
        let pattern = "^(" + String(repeating: "[a-z]", count: 100) + ")?x*$" // 306 UTF-16 units
        let expression = try Expression("matches(text, pattern) && replace(text, pattern, 'y') == 'y'")
        for _ in 0..<200 {
            #expect(expression.evaluate(data: ["text": "xxx", "pattern": .string(pattern)]) == true)
        }
        let first = try #require(RegexCache.shared.regex(pattern))
        #expect(RegexCache.shared.regex(pattern) === first)
        #expect(RegexCache.shared.regex("[") == nil)
        #expect(RegexCache.shared.count <= RegexCache.capacity)
    }
}
