import Expressions
import Foundation
import Testing
@testable import Definitions

/// Imported models come from anywhere: the translators must answer, never crash or hang.
@Suite struct HostileTranslationInput {
    static let longChains: [(Dialect, String)] = [
        (.feel, "a" + String(repeating: "+a", count: 2000)),
        (.feel, "a" + String(repeating: ".a", count: 2000)),
        (.feel, "a" + String(repeating: " or a", count: 800)),
        (.feel, "a" + String(repeating: "[1]", count: 1300)),
        (.feel, "x" + String(repeating: " = x", count: 1000)),
        (.juel, "${a" + String(repeating: ".a", count: 2000) + "}"),
        (.juel, "${a" + String(repeating: "+a", count: 2000) + "}"),
        (.juel, "${a" + String(repeating: ".trim()", count: 580) + "}"),
    ]

    @Test("Long flat chains parse or are refused without crashing", arguments: 0..<longChains.count)
    func longChainsAnswer(_ index: Int) {
        let (dialect, source) = HostileTranslationInput.longChains[index]
        if case .success(let expression) = dialect.expression(source) {
            _ = expression.evaluate(in: EvaluationScope(data: ["a": 1, "x": 1]))
        }
    }

    @Test func randomTextNeverCrashesEitherLanguage() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab x.1[]{}(),:\"'`=<>!+-*/?$#@\\ and or not if then else some in satisfies every for between empty eq")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            _ = ModelExpressions.feel(text)
            _ = ModelExpressions.juel("${" + text + "}")
        }
    }
}
