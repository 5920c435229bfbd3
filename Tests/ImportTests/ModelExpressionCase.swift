import Expressions
import Foundation
import Testing
@testable import Definitions

/// Which language a case is written in: FEEL runs on the FEEL engine, JUEL is translated.
enum Dialect: String, Sendable {
    case feel = "FEEL", juel = "JUEL"

    func expression(_ source: String) -> Result<Expressions.Expression, ModelExpressionProblem> {
        switch self {
        case .feel: ModelExpressions.feel(source)
        case .juel: ModelExpressions.juel(source)
        }
    }
}

/// An expression as a modeler writes it, the data it runs on, and the value they mean (as
/// JSON data: FEEL's dates and durations as ISO text). `warns`: it reads a name the data lacks,
/// which FEEL reports (Camunda 8.3+) while giving null.
struct ModelExpressionCase: Sendable, CustomTestStringConvertible {
    let dialect: Dialect
    let source: String
    let data: JSONValue
    /// The current dynamic-list row, for form-js `this`.
    let item: JSONValue?
    let expected: JSONValue
    let warns: Bool

    init(_ dialect: Dialect, _ source: String, _ data: JSONValue, item: JSONValue? = nil, _ expected: JSONValue, warns: Bool = false) {
        self.dialect = dialect; self.source = source; self.data = data; self.item = item; self.expected = expected
        self.warns = warns
    }

    init(_ dialect: Dialect, _ source: String, _ expected: JSONValue, warns: Bool = false) {
        self.init(dialect, source, [:], expected, warns: warns)
    }

    init(_ dialect: Dialect, _ source: String, item: JSONValue, _ expected: JSONValue) {
        self.init(dialect, source, [:], item: item, expected)
    }

    var testDescription: String { "\(dialect.rawValue) \(source)" }

    static let now = Date(timeIntervalSince1970: 1_717_200_000) // 2024-06-01T00:00:00Z

    func scope() -> EvaluationScope {
        EvaluationScope(data: data, item: item, now: ModelExpressionCase.now, timeZone: TimeZone(identifier: "UTC")!)
    }
}

/// An expression that must be refused, with the column the problem is reported at (when it has one)
/// and a word the message must contain.
struct RefusalCase: Sendable, CustomTestStringConvertible {
    let dialect: Dialect
    let source: String
    let column: Int?
    let mentions: String

    init(_ dialect: Dialect, _ source: String, column: Int?, mentions: String) {
        self.dialect = dialect; self.source = source; self.column = column; self.mentions = mentions
    }

    var testDescription: String { "\(dialect.rawValue) \(source)" }
}
