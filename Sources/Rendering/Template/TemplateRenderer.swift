/// Executes a `TemplatePlan` against data.
///
/// Built for the hot path: the plan's tables are read through buffer pointers (no bounds checks,
/// no reference counting), and one renderer (one small stack, allocated once) serves a whole
/// render, embedded templates included.
struct TemplateRenderer: ~Copyable {
    private var frames: [TemplateFrame] = []
    /// Where the current template's frames start: an embedded template sees only its own
    /// context, not its host's.
    private var base = 0

    private init(capacity: Int) {
        frames.reserveCapacity(capacity)
    }

    /// Renders the whole plan with `root` as the outermost value.
    static func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        var renderer = TemplateRenderer(capacity: plan.maxDepth + 8)
        renderer.render(plan, root: root, into: &writer)
    }

    private mutating func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        let outerBase = base
        base = frames.count
        push(root)
        plan.ops.withUnsafeBufferPointer { ops in
            plan.names.withUnsafeBufferPointer { names in
                plan.literals.withUnsafeBufferPointer { literals in
                    let view = PlanView(ops: ops, names: names, literals: literals)
                    run(view, from: 0, to: ops.count, into: &writer)
                }
            }
        }
        frames.removeLast()
        base = outerBase
    }

    /// The plan's tables, valid for one `render`.
    private struct PlanView {
        let ops: UnsafeBufferPointer<TemplateOp>
        let names: UnsafeBufferPointer<TemplateName>
        let literals: UnsafeBufferPointer<UInt8>
    }

    @inline(__always)
    private mutating func push(_ value: TemplateValue) {
        frames.append(TemplateFrame(value))
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
                    switch value {
                    case .list(let items):
                        for item in items {
                            push(item)
                            run(plan, from: index + 1, to: sectionEnd, into: &writer)
                            frames.removeLast()
                        }
                    case .rows(let rows):
                        for row in 0..<rows.count {
                            frames.append(.row(rows, row))
                            run(plan, from: index + 1, to: sectionEnd, into: &writer)
                            frames.removeLast()
                        }
                    default:
                        push(value)
                        run(plan, from: index + 1, to: sectionEnd, into: &writer)
                        frames.removeLast()
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

    /// The first segment is looked up from the innermost frame outwards; the rest inside the
    /// value found (the spec's rule: `a.b` never falls back past the `a` it found).
    @inline(__always)
    private func resolve(_ name: borrowing TemplateName) -> TemplateValue? {
        if name.isImplicit { return frames.last?.current }
        return find(name.head)?.value(at: name.rest)
    }

    private func find(_ key: borrowing TemplateKey) -> TemplateValue? {
        // Through the buffer, without bounds checks. Swift still retains each context before
        // calling it (a few percent of a render; see ARCHITECTURE, "Rendering a screen").
        frames.withUnsafeBufferPointer { frames in
            var frame = frames.count - 1
            while frame >= base {
                if let value = frames[frame].lookup(key) { return value }
                frame -= 1
            }
            return nil
        }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool, into writer: inout ByteWriter) {
        if case .embed(let template, let context) = value {
            render(template.plan, root: .object(context), into: &writer)
        } else {
            writer.append(value, escaped: escaped)
        }
    }
}
