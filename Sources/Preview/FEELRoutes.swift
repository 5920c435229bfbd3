import Expressions
import FEEL
import FlowStageRuntime
import HTTP
import Rendering

/// The FEEL playground: `GET /feel` with `expression` and `context` in the query, and
/// `GET /instances/{id}/feel`, whose context starts as the instance's data. A `get` form with
/// no side effects: it works without script, and a result is a link that can be shared.
extension PreviewApp {
    static let maximumPlaygroundInput = 20_000

    func feelPlayground(_ request: Request, _ session: Session, instance id: String? = nil) -> Response {
        let expression = request.query.first { $0.name == "expression" }?.value
        var context = request.query.first { $0.name == "context" }?.value
        if let id {
            guard let instance = try? engine.instance(id, session: session.id) else { return notFoundPage(session) }
            if context == nil { context = instance.data.serialized(pretty: true) }
        }
        var playground = FEELPlayground(expression: expression ?? "", context: context ?? "{}", instance: id, outcome: nil)
        if let expression, !expression.allSatisfy(\.isWhitespace) {
            playground.outcome = Self.evaluate(expression, context: context ?? "{}")
        }
        return html(200, renderer.feelPlayground(playground, settings: settings(session)))
    }

    /// What the FEEL engine makes of `expression` on the variables in `context` (JSON).
    static func evaluate(_ expression: String, context: String) -> FEELPlayground.Outcome {
        guard expression.utf8.count <= maximumPlaygroundInput, context.utf8.count <= 10 * maximumPlaygroundInput else {
            return .contextError(message: "the expression or the context is too long")
        }
        var variables = FEELContext()
        if !context.allSatisfy(\.isWhitespace) {
            guard case .context(let given)? = FEELJSON.read(context) else {
                return .contextError(message: "write the variables as one JSON object, such as {\"amount\": 1200}")
            }
            variables = given
        }
        do {
            let result = try FEELExpression(expression).evaluate(variables)
            return .value(literal: result.value.literal, type: result.value.typeName, warnings: result.warnings.map(\.description))
        } catch {
            // The column within its line, for a multi-line expression.
            let before = Array(expression.unicodeScalars.prefix(error.column - 1))
            let line = before.filter { $0 == "\n" }.count + 1
            let column = before.count - (before.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
            return .syntaxError(message: error.message, line: line, column: column)
        }
    }
}
