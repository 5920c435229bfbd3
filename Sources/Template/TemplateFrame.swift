/// What a section pushed while a template runs (or is specialized), innermost last: `{{.}}`
/// is the top one; names are looked up in the contexts and rows among them.
enum TemplateFrame {
    case value(TemplateValue)
    case context(any TemplateContext)
    case row(any TemplateRows, Int)
    /// While specializing, inside a dynamic section: the value is only known per request.
    case dynamic

    /// The value for `key` if this frame answers it; shared by the renderer's and the
    /// specializer's searches.
    func lookup(_ key: borrowing TemplateKey) -> TemplateValue? {
        switch self {
        case .context(let context): context.value(for: key)
        case .row(let rows, let row): rows.value(for: key, row: row)
        case .value(.embed(_, let context)): context.value(for: key)
        case .value, .dynamic: nil
        }
    }

    /// `{{.}}`: a row and a dynamic value are no value here.
    var current: TemplateValue? {
        switch self {
        case .value(let value): value
        case .context(let context): .object(context)
        case .row, .dynamic: nil
        }
    }

    /// The frame a section's value pushes: a context is searched, anything else only printed.
    init(_ value: TemplateValue) {
        if case .object(let context) = value {
            self = .context(context)
        } else {
            // An embed is kept whole, so `{{{.}}}` can still render it; `lookup` looks inside.
            self = .value(value)
        }
    }
}
