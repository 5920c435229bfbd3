/// Executes a `TemplatePlan` against data. Holds the context stack so that one render (including
/// embedded sub-templates) reuses a single small array.
struct TemplateRenderer {
    /// Innermost value last. Each template (top-level or embedded) only sees frames from its
    /// `base` up: an embedded template renders with its own context, not its host's.
    private var stack: [TemplateValue]

    init(capacity: Int) {
        stack = []
        stack.reserveCapacity(capacity)
    }

    /// Renders the whole plan with `root` as the outermost context value.
    mutating func render(_ plan: TemplatePlan, root: TemplateValue, into buffer: inout HTMLBuffer) {
        let base = stack.count
        stack.append(root)
        plan.literals.withUnsafeBufferPointer { literals in
            run(plan, literals: literals, from: 0, to: plan.ops.count, base: base, into: &buffer)
        }
        stack.removeLast()
    }

    private mutating func run(_ plan: TemplatePlan, literals: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                              base: Int, into buffer: inout HTMLBuffer) {
        var index = start
        while index < end {
            switch plan.ops[index] {
            case .text(let from, let to):
                buffer.appendRaw(UnsafeBufferPointer(rebasing: literals[from..<to]))
                index += 1
            case .variable(let name, let escaped):
                if let value = resolve(plan.names[name], base: base) {
                    write(value, escaped: escaped, into: &buffer)
                }
                index += 1
            case .section(let name, let sectionEnd):
                if let value = resolve(plan.names[name], base: base), value.isTruthy {
                    if case .list(let items) = value {
                        for item in items {
                            stack.append(item)
                            run(plan, literals: literals, from: index + 1, to: sectionEnd, base: base, into: &buffer)
                            stack.removeLast()
                        }
                    } else {
                        stack.append(value)
                        run(plan, literals: literals, from: index + 1, to: sectionEnd, base: base, into: &buffer)
                        stack.removeLast()
                    }
                }
                index = sectionEnd
            case .inverted(let name, let sectionEnd):
                if !(resolve(plan.names[name], base: base)?.isTruthy ?? false) {
                    run(plan, literals: literals, from: index + 1, to: sectionEnd, base: base, into: &buffer)
                }
                index = sectionEnd
            }
        }
    }

    /// The first segment is looked up from the innermost context outwards; the rest inside the
    /// value found (the spec's rule: `a.b` never falls back past the `a` it found).
    private func resolve(_ name: TemplateName, base: Int) -> TemplateValue? {
        let segments = name.segments
        guard let first = segments.first else { return stack.last }
        var value: TemplateValue?
        var frame = stack.count - 1
        while frame >= base {
            if let context = stack[frame].context, let found = context.value(forKey: first) {
                value = found
                break
            }
            frame -= 1
        }
        var segment = 1
        while segment < segments.count, let current = value {
            value = current.context?.value(forKey: segments[segment])
            segment += 1
        }
        return value
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool, into buffer: inout HTMLBuffer) {
        switch value {
        case .text(let text):
            if escaped { buffer.appendEscaped(text) } else { buffer.appendRaw(text) }
        case .html(let html):
            buffer.appendRaw(html)
        case .number(let number):
            buffer.appendNumber(number)
        case .embed(let template, let context):
            render(template.plan, root: .object(context), into: &buffer)
        case .bool, .list, .object:
            // Flags and containers have no text of their own.
            break
        }
    }
}
