@testable import FEEL
import Foundation

/// Evaluation for the table-driven tests: values are compared as FEEL writes them (`literal`),
/// variables are written as a FEEL context, and the clock is fixed at 2024-06-01T12:00:00Z.
enum FEELTest {
    static let environment = FEELEnvironment(now: Date(timeIntervalSince1970: 1_717_243_200),
                                             timeZone: TimeZone(identifier: "UTC")!)

    /// The result of `source` with the entries of the FEEL context `variables` as its variables.
    static func result(_ source: String, _ variables: String = "{}",
                       environment: FEELEnvironment = FEELTest.environment) throws -> FEELResult {
        try FEELExpression(source).evaluate(context(variables), environment: environment)
    }

    /// The value of `source` as FEEL literal text (`"a"`, `[1, 2]`, `null`).
    static func value(_ source: String, _ variables: String = "{}") throws -> String {
        try result(source, variables).value.literal
    }

    /// The warnings' messages, in order.
    static func warnings(_ source: String, _ variables: String = "{}") throws -> [String] {
        try result(source, variables).warnings.map(\.message)
    }

    /// Whether `input` (FEEL source) passes the unary tests: `true`, `false` or `null`.
    static func unaryTests(_ tests: String, input: String, _ variables: String = "{}") throws -> String {
        let value = try FEELExpression(input).evaluate(context(variables), environment: environment).value
        return try FEELExpression(unaryTests: tests).evaluate(context(variables), input: value, environment: environment).value.literal
    }

    /// The syntax error `source` makes, nil when it parses.
    static func syntaxError(_ source: String) -> FEELSyntaxError? {
        do {
            _ = try FEELExpression(source)
            return nil
        } catch {
            return error
        }
    }

    static func context(_ source: String) throws -> FEELContext {
        guard case .context(let context) = try FEELExpression(source).evaluate().value else { return FEELContext() }
        return context
    }
}
