/// Anything a template can look names up in: a page's view model, a component's, a list item.
///
/// A protocol (rather than a dictionary) lets hot view models answer with a `switch` on the
/// key's vocabulary slot. Class-bound, so a value holding one is two words and copying it is
/// one retain: values are copied on every lookup.
public protocol TemplateContext: AnyObject, Sendable {
    /// The value for `key`, or nil when this context does not know the name (the lookup then
    /// falls back to enclosing contexts).
    func value(for key: TemplateKey) -> TemplateValue?
}

/// A list whose items are rows of one value, not separate contexts: a section over it pushes
/// (the rows, an index) instead of a context per item, so a 30-option select costs one object,
/// not thirty.
public protocol TemplateRows: AnyObject, Sendable {
    var count: Int { get }
    /// The value for `key` in row `row` (`0..<count`), or nil to fall back to enclosing contexts.
    func value(for key: TemplateKey, row: Int) -> TemplateValue?
}

/// A value a template can print or branch on. Closed set, so rendering is a `switch`, not
/// dynamic casts.
public enum TemplateValue: Sendable {
    case bool(Bool)
    /// Plain text: HTML-escaped by `{{x}}`, written raw by `{{{x}}}` / `{{&x}}`.
    case text(String)
    /// Already-safe HTML: written raw even by `{{x}}`.
    case html(String)
    /// Printed like `3`, not `3.0`; `2.5` as `2.5`.
    case number(Double)
    case list([TemplateValue])
    /// As a section: once per row, the row's names looked up first. Prints nothing.
    case rows(any TemplateRows)
    case object(any TemplateContext)
    /// A sub-template rendered with its own context when interpolated (raw either way: it is
    /// trusted HTML). As a section it behaves like `.object(context)`. Indirect: it is rare, and
    /// boxing it keeps every other value (and every copy of one) small.
    indirect case embed(CompiledTemplate, any TemplateContext)
}

extension TemplateValue {
    /// The rest of a dotted name, looked up inside this value (the spec's rule: `a.b` never
    /// falls back past the `a` it found); nil when a step is not a context.
    @inline(__always)
    func value(at segments: [TemplateKey]) -> TemplateValue? {
        if segments.isEmpty { return self }
        var value = self
        for segment in segments {
            switch value {
            case .object(let context), .embed(_, let context):
                guard let next = context.value(for: segment) else { return nil }
                value = next
            default:
                return nil
            }
        }
        return value
    }

    /// A value a section pushes as something names are looked up in (or a list of them),
    /// rather than text or a flag.
    var isStructured: Bool {
        switch self {
        case .list, .rows, .object, .embed: true
        case .bool, .text, .html, .number: false
        }
    }

    /// Section truthiness, following the Mustache spec: false, a missing name and an empty
    /// list are falsy. Empty text or HTML is falsy too (as in mustache.js), so optional text can
    /// be guarded by a section; every number, 0 included, is truthy (as in the spec's reference).
    var isTruthy: Bool {
        switch self {
        case .bool(let flag): flag
        case .text(let text), .html(let text): !text.isEmpty
        case .list(let items): !items.isEmpty
        case .rows(let rows): rows.count > 0
        case .number, .object, .embed: true
        }
    }
}
