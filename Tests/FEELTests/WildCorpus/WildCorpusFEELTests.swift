@testable import FEEL
import Foundation
import Testing

/// "Every FEEL expression in ../shared/testdata/wild evaluates, with its value checked by a
/// test": the corpus is read where it lies (never copied), each FEEL text found in it must parse
/// (or be a listed non-FEEL text) and have a row of `WildCorpusCases`, and each row's value is
/// checked. Skipped without the folder on a developer's machine; failing under CI=true.
struct WildCorpusFEELTests {
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let missing = "the wild corpus ../shared/testdata/wild is absent"

    /// 2024-06-01T00:00:00Z, in UTC: what `now()` and `today()` read.
    static let environment = FEELEnvironment(now: Date(timeIntervalSince1970: 1_717_200_000),
                                             timeZone: TimeZone(identifier: "UTC")!)

    static func parse(_ kind: CorpusExpression.Kind, _ source: String) throws(FEELSyntaxError) -> FEELExpression {
        switch kind {
        case .expression: try FEELExpression(source)
        case .unaryTests: try FEELExpression(unaryTests: source)
        }
    }

    static func recordMissingCorpus() {
        Issue.record("the wild corpus is missing at \(WildCorpus.root.path); check out shared/ beside the repository")
    }

    static func rows(for expression: CorpusExpression) -> [WildCase] {
        WildCorpusCases.all.filter { $0.kind == expression.kind && $0.source.matches(expression.source) }
    }

    @Test(.enabled(if: WildCorpus.available || isCI, "\(missing)"))
    func everyFEELExpressionOfTheCorpusParses() throws {
        guard WildCorpus.available else { return Self.recordMissingCorpus() }
        let expressions = try WildCorpus.findAll()
        #expect(expressions.count > 600, "the readers found only \(expressions.count) FEEL texts")
        for expression in expressions {
            let known = WildCorpusNotFEEL.entry(expression.kind, expression.source)
            do {
                _ = try Self.parse(expression.kind, expression.source)
                if let known {
                    Issue.record("\(expression.place): \(expression.source) parses, yet is listed as no FEEL (\(known.reason))")
                }
            } catch {
                if let known {
                    #expect(error.column == known.column, "\(expression.place): \(expression.source): \(error)")
                } else {
                    Issue.record("\(expression.place): the \(expression.kind.rawValue) \(expression.source) does not parse: \(error)")
                }
            }
        }
    }

    @Test(.enabled(if: WildCorpus.available || isCI, "\(missing)"))
    func everyFEELExpressionOfTheCorpusHasACheckedValue() throws {
        guard WildCorpus.available else { return Self.recordMissingCorpus() }
        for expression in try WildCorpus.findAll() where WildCorpusNotFEEL.entry(expression.kind, expression.source) == nil {
            #expect(!Self.rows(for: expression).isEmpty,
                    "\(expression.place): no row checks the \(expression.kind.rawValue) \(expression.source)")
        }
    }

    @Test(.enabled(if: WildCorpus.available || isCI, "\(missing)"), arguments: WildCorpusCases.all)
    func eachCorpusExpressionHasTheValueItsModelMeans(_ row: WildCase) throws {
        guard WildCorpus.available else { return Self.recordMissingCorpus() }
        // The corpus's own text is evaluated (a long one is only named by the row).
        let found = try #require(WildCorpus.expressions.first { $0.kind == row.kind && row.source.matches($0.source) },
                                 "the corpus has no such \(row.kind.rawValue)")
        let expression = try Self.parse(found.kind, found.source)
        let variables = try #require(FEELExpression(row.variables).evaluate().value.contextValue,
                                     "the row's variables \(row.variables) are no FEEL context")
        let input = try row.input.map { try FEELExpression($0).evaluate(variables, environment: Self.environment).value } ?? .null
        let result = expression.evaluate(variables, input: input, environment: Self.environment)
        let warnings = result.warnings.map(\.description).joined(separator: "; ")
        switch row.expected {
        case .value(let literal):
            #expect(result.value.literal == literal, "\(found.place), warnings: \(warnings)")
        case .satisfies(let condition):
            let check = try FEELExpression(condition).evaluate(FEELContext([("value", result.value)]), environment: Self.environment)
            #expect(check.value.boolValue == true,
                    "\(found.place): \(condition) is \(check.value.literal) for \(result.value.literal.prefix(300)), warnings: \(warnings)")
        }
    }

    @Test(.enabled(if: WildCorpus.available || isCI, "\(missing)"))
    func theTableHasNoRowForAnExpressionTheCorpusLacks() throws {
        guard WildCorpus.available else { return Self.recordMissingCorpus() }
        let expressions = try WildCorpus.findAll()
        for row in WildCorpusCases.all {
            #expect(expressions.contains { $0.kind == row.kind && row.source.matches($0.source) },
                    "a row checks the \(row.kind.rawValue) \(row.source.shortText), which the corpus does not hold")
            #expect((row.kind == .unaryTests) == (row.input != nil), "\(row.source.shortText): an input is for unary tests only")
        }
        for entry in WildCorpusNotFEEL.entries {
            #expect(expressions.contains { $0.kind == entry.kind && $0.source == entry.source },
                    "\(entry.source) is listed as no FEEL, but the corpus does not hold it")
        }
    }
}
