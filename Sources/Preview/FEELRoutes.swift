import Expressions
import FEEL
import FlowStageRuntime
import HTTP
import Rendering

/// The FEEL playground: `GET /feel` with `expression` and `context` in the query, and
/// `GET /instances/{id}/feel`, whose context starts as the instance's data. A `get` form with
/// no side effects: it works without script, and a result is a link that can be shared.
extension PreviewApp {
    static let maximumPlaygroundContext = 200_000

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

    /// What the FEEL engine makes of `expression` on the data in `context` (JSON), as the server
    /// evaluates a model's FEEL on an instance's data. The engine bounds the expression's length.
    static func evaluate(_ expression: String, context: String) -> FEELPlayground.Outcome {
        guard context.utf8.count <= maximumPlaygroundContext else {
            return .contextError(message: "the context is longer than \(maximumPlaygroundContext / 1_000) kB")
        }
        var data: JSONValue = [:]
        if !context.allSatisfy(\.isWhitespace) {
            do {
                data = try JSONParser.parse(context)
            } catch {
                return .contextError(message: "the context is not JSON: \(error.description)")
            }
            guard case .object = data else {
                return .contextError(message: "write the variables as one JSON object, such as {\"amount\": 1200}")
            }
        }
        do {
            let result = try FEELExpression(expression).evaluate(in: EvaluationScope(data: data))
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
