import Definitions
import Template

/// The FEEL playground (`GET /feel`): an expression and a JSON context in a `get` form, and
/// what the FEEL engine made of them. The server evaluates; this is only the page.
public struct FEELPlayground: Sendable {
    /// What the engine answered.
    public enum Outcome: Sendable {
        /// The value written as FEEL, its FEEL type, and the warnings met computing it.
        case value(literal: String, type: String, warnings: [String])
        /// The expression does not parse: where (1-based, in the expression's text) and why.
        case syntaxError(message: String, line: Int, column: Int)
        /// The context is no JSON object.
        case contextError(message: String)
    }

    public var expression: String
    public var context: String
    /// The instance whose data pre-filled the context, when opened from one.
    public var instance: String?
    public var outcome: Outcome?

    public init(expression: String, context: String, instance: String?, outcome: Outcome?) {
        self.expression = expression
        self.context = context
        self.instance = instance
        self.outcome = outcome
    }
}

extension Renderer {
    public func feelPlayground(_ playground: FEELPlayground, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        var error: String?
        var errorField = "feel-expression"
        var result: TemplateValue = .bool(false)
        var excerpt: TemplateValue = .bool(false)
        switch playground.outcome {
        case .value(let literal, let type, let warnings)?:
            result = .object(KeyedView([
                .value: .text(literal), .type: .text(type),
                .warnings: warnings.isEmpty ? .bool(false) : .object(KeyedView([.items: .list(warnings.map(TemplateValue.text))])),
            ]))
        case .syntaxError(let message, let line, let column)?:
            error = ui.fill("feelSyntaxError", ["line": String(line), "column": String(column), "message": message])
            let lines = playground.expression.split(separator: "\n", omittingEmptySubsequences: false)
            if line >= 1, line <= lines.count {
                let text = String(lines[line - 1])
                let marker = String(text.unicodeScalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }) + "^"
                excerpt = .object(KeyedView([.text: .text(text), .marker: .text(marker)]))
            }
        case .contextError(let message)?:
            error = ui.fill("feelContextError", ["message": message])
            errorField = "feel-context"
        case nil:
            break
        }
        let content = KeyedView([
            .heading: .text(ui["feelPlayground"]),
            .error: .optional(error),
            .errorField: .text(errorField),
            .expressionError: .bool(error != nil && errorField == "feel-expression"),
            .contextError: .bool(error != nil && errorField == "feel-context"),
            .excerpt: excerpt,
            .expression: .text(playground.expression),
            .context: .text(playground.context),
            .result: result,
            .formAction: .text(links.feel(playground.instance) ?? links.home),
            .inspectURL: playground.instance.map { .text(links.inspect($0)) } ?? .bool(false),
            .instanceLabel: playground.instance.map { .text(ui.named("feelInstanceData", $0)) } ?? .bool(false),
            .homeURL: .text(links.home),
            .ui: .object(ui),
        ])
        return page(title: "\(ui["feelPlayground"]) – \(project.name)", hasErrors: error != nil,
                    content: .embed(templates.page("feel"), content), settings: settings, ui: ui)
    }
}
