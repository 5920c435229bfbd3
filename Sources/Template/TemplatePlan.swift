/// One step of a compiled template. Only integers, so reading ops in the render loop costs no
/// reference counting; names and literal bytes live in side tables of the plan.
enum TemplateOp: Sendable, Equatable {
    /// Copy `plan.literals[start..<end]`.
    case text(start: Int, end: Int)
    /// Print the value of `plan.names[name]`, HTML-escaped when `escaped`.
    case variable(name: Int, escaped: Bool)
    /// Run ops `index + 1 ..< end` once per item / once if truthy (pushing the value), then
    /// continue at `end`.
    case section(name: Int, end: Int)
    /// Run ops `index + 1 ..< end` once if the value is falsy, then continue at `end`.
    case inverted(name: Int, end: Int)
}

/// A name as written in a tag, split and bound to the vocabulary once at compile time:
/// `a.b.c` → `a` then `[b, c]`; the implicit iterator `.` has no segments.
struct TemplateName: Sendable {
    /// Looked up through the context stack; a placeholder for `.`. Stored, not optional, so the
    /// renderer can pass it on borrowed: unwrapping an optional copies it (a retain per tag).
    let head: TemplateKey
    /// `{{.}}`: the value itself, no look-up.
    let isImplicit: Bool
    /// Looked up inside the value found for `first`.
    let rest: [TemplateKey]

    /// Looked up through the context stack; nil for `.`.
    var first: TemplateKey? { isImplicit ? nil : head }

    init(first: TemplateKey?, rest: [TemplateKey]) {
        self.head = first ?? TemplateKey(".")
        self.isImplicit = first == nil
        self.rest = rest
    }

    init(_ text: String, vocabulary: TemplateVocabulary) {
        let segments = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false)
            .map { vocabulary.key(String($0)) }
        self.init(first: segments.first, rest: Array(segments.dropFirst()))
    }
}

/// The flat, immutable result of compiling a template with all its partials inlined.
/// A class, so copying a `CompiledTemplate` (or a `TemplateValue.embed`) copies one reference.
final class TemplatePlan: Sendable {
    let ops: [TemplateOp]
    /// Every literal byte of the template, in order; `.text` ops index into it.
    let literals: [UInt8]
    let names: [TemplateName]
    /// Deepest section nesting, to size the context stack once.
    let maxDepth: Int

    init(ops: [TemplateOp], literals: [UInt8], names: [TemplateName], maxDepth: Int) {
        self.ops = ops
        self.literals = literals
        self.names = names
        self.maxDepth = maxDepth
    }
}
