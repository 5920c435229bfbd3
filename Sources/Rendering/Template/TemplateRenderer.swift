/// Executes a `TemplatePlan` against data.
///
/// Built for the hot path: the plan's tables are read through buffer pointers (no bounds checks,
/// no reference counting), and one renderer (two small stacks, allocated once) serves a whole
/// render, embedded templates included.
struct TemplateRenderer: ~Copyable {
    /// Every pushed value, innermost last: `{{.}}` is the top one.
    private var values: [TemplateValue] = []
    /// The pushed values that are contexts, innermost last. Kept apart, and in an `Array`, so a
    /// lookup calls each context in place: reading an existential through an unsafe pointer
    /// would copy it first.
    private var contexts: [any TemplateContext] = []
    /// Where the current template's contexts start: an embedded template sees only its own
    /// context, not its host's.
    private var contextBase = 0

    private init(capacity: Int) {
        values.reserveCapacity(capacity)
        contexts.reserveCapacity(capacity)
    }

    /// Renders the whole plan with `root` as the outermost value.
    static func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        var renderer = TemplateRenderer(capacity: plan.maxDepth + 8)
        renderer.render(plan, root: root, into: &writer)
    }

    private mutating func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        let outerBase = contextBase
        contextBase = contexts.count
        push(root)
        plan.ops.withUnsafeBufferPointer { ops in
            plan.names.withUnsafeBufferPointer { names in
                plan.literals.withUnsafeBufferPointer { literals in
                    let view = PlanView(ops: ops, names: names, literals: literals)
                    run(view, from: 0, to: ops.count, into: &writer)
                }
            }
        }
        pop()
        contextBase = outerBase
    }

    /// The plan's tables, valid for one `render`.
    private struct PlanView {
        let ops: UnsafeBufferPointer<TemplateOp>
        let names: UnsafeBufferPointer<TemplateName>
        let literals: UnsafeBufferPointer<UInt8>
    }

    @inline(__always)
    private mutating func push(_ value: TemplateValue) {
        switch value {
        case .object(let context), .embed(_, let context): contexts.append(context)
        default: break
        }
        values.append(value)
    }

    @inline(__always)
    private mutating func pop() {
        switch values.removeLast() {
        case .object, .embed: contexts.removeLast()
        default: break
        }
    }

    private mutating func run(_ plan: PlanView, from start: Int, to end: Int, into writer: inout ByteWriter) {
        var index = start
        while index < end {
            switch plan.ops[index] {
            case .text(let from, let to):
                writer.append(UnsafeBufferPointer(rebasing: plan.literals[from..<to]))
                index += 1
            case .variable(let name, let escaped):
                if let value = resolve(plan.names[name]) {
                    write(value, escaped: escaped, into: &writer)
                }
                index += 1
            case .section(let name, let sectionEnd):
                if let value = resolve(plan.names[name]), value.isTruthy {
                    if case .list(let items) = value {
                        for item in items {
                            push(item)
                            run(plan, from: index + 1, to: sectionEnd, into: &writer)
                            pop()
                        }
                    } else {
                        push(value)
                        run(plan, from: index + 1, to: sectionEnd, into: &writer)
                        pop()
                    }
                }
                index = sectionEnd
            case .inverted(let name, let sectionEnd):
                if !(resolve(plan.names[name])?.isTruthy ?? false) {
                    run(plan, from: index + 1, to: sectionEnd, into: &writer)
                }
                index = sectionEnd
            }
        }
    }

    /// The first segment is looked up from the innermost context outwards; the rest inside the
    /// value found (the spec's rule: `a.b` never falls back past the `a` it found).
    @inline(__always)
    private func resolve(_ name: TemplateName) -> TemplateValue? {
        guard let first = name.first else { return values.last }
        var value = find(first)
        for segment in name.rest {
            switch value {
            case .object(let context), .embed(_, let context): value = context.value(forKey: segment)
            default: return nil
            }
        }
        return value
    }

    private func find(_ key: String) -> TemplateValue? {
        var frame = contexts.count - 1
        while frame >= contextBase {
            if let value = contexts[frame].value(forKey: key) { return value }
            frame -= 1
        }
        return nil
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool, into writer: inout ByteWriter) {
        switch value {
        case .text(let text):
            if escaped { writer.appendEscaped(text) } else { writer.appendRaw(text) }
        case .html(let html):
            writer.appendRaw(html)
        case .number(let number):
            writer.appendNumber(number)
        case .embed(let template, let context):
            render(template.plan, root: .object(context), into: &writer)
        case .bool, .list, .object:
            // Flags and containers have no text of their own.
            break
        }
    }
}
