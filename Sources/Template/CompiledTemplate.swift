/// A template compiled once (partials inlined) into a flat plan, then rendered many times.
/// Immutable and `Sendable`: one instance serves every request.
public struct CompiledTemplate: Sendable {
    public let name: String
    let plan: TemplatePlan

    /// Compiles `source`; `partials` is asked (once per name) for the source of each `{{> name}}`.
    /// Names are bound to `vocabulary`'s slots, for the typed view models that render it.
    /// Throws on any syntax error, unknown or unbalanced section, or missing partial.
    public init(name: String, source: String, vocabulary: TemplateVocabulary = .none,
                partials: (String) -> String?) throws(TemplateError) {
        self.name = name
        self.plan = try TemplateCompiler.compile(template: name, source: source, vocabulary: vocabulary, partials: partials)
    }

    /// A plan made by other means (`TemplateSpecializer`).
    init(name: String, plan: TemplatePlan) {
        self.name = name
        self.plan = plan
    }

    /// The names a render looks up (the first segment of each; `{{.}}` looks nothing up): what
    /// a specialized template still asks of each request.
    public var lookedUpNames: [TemplateKey] {
        plan.names.compactMap(\.first)
    }

    /// Appends the rendering to `buffer`, so a page and its embedded parts share one buffer.
    public func render(_ context: any TemplateContext, into buffer: inout HTMLBuffer) {
        render(value: .object(context), into: &buffer)
    }

    public func render(_ context: any TemplateContext) -> String {
        var buffer = HTMLBuffer()
        render(context, into: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Renders with any value as the root (the spec allows a list at the root, for `{{#.}}`);
    /// names only resolve when it holds a context.
    func render(value root: TemplateValue, into buffer: inout HTMLBuffer) {
        // Output is usually the literal text plus a bit; the writer doubles from there.
        buffer.withWriter(expected: plan.literals.count + plan.literals.count / 2 + 256) {
            TemplateRenderer.render(plan, root: root, into: &$0)
        }
    }
}
