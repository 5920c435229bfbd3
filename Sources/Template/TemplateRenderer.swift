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
    /// Output past which rendering stops: sections nested over lists multiply their content
    /// (five sections over a 50-row list are 50⁵ copies), so a template can ask for more output
    /// than any page (`make fuzz` found it). The page then ends with `stoppedMessage`.
    static let maxOutputBytes = 16 << 20
    static let stoppedMessage = "\n<p><strong>FlowStage stopped rendering here: the template produced more than 16 MiB. "
        + "Sections nested over lists multiply their content.</strong></p>\n"
    private var stopped = false

    private init(capacity: Int) {
        frames.reserveCapacity(capacity)
    }

    /// Renders the whole plan with `root` as the outermost value.
    static func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        var renderer = TemplateRenderer(capacity: plan.maxDepth + 8)
        let start = writer.count
        renderer.render(plan, root: root, into: &writer, start: start)
        if renderer.stopped {
            Array(stoppedMessage.utf8).withUnsafeBufferPointer { writer.append($0) }
        }
    }

    private var outputStart = 0

    private mutating func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter, start: Int) {
        outputStart = start
        render(plan, root: root, into: &writer)
    }

    private mutating func render(_ plan: TemplatePlan, root: TemplateValue, into writer: inout ByteWriter) {
        let outerBase = base
        base = frames.count
        push(root)
        // The context at `base`, if the root is one: most names are found there (all of a page
        // plan's), and asking it as an argument costs no retain, where copying it out of its
        // frame cost two and two releases per name.
        let context: (any TemplateContext)? = switch root {
        case .object(let context), .embed(_, let context): context
        default: nil
        }
        plan.ops.withUnsafeBufferPointer { ops in
            plan.names.withUnsafeBufferPointer { names in
                plan.literals.withUnsafeBufferPointer { literals in
                    let view = PlanView(ops: ops, names: names, literals: literals)
                    run(view, root: context, from: 0, to: ops.count, into: &writer)
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

    private mutating func run(_ plan: PlanView, root: (any TemplateContext)?, from start: Int, to end: Int,
                              into writer: inout ByteWriter) {
        // Output outgrows a page only by sections run over and over, each body through here (or
        // an embedded template's): checked once a body, not once an op. Once stopped, every
        // level returns as soon as the body it ran does.
        if writer.count - outputStart > TemplateRenderer.maxOutputBytes {
            stopped = true
            return
        }
        var index = start
        while index < end {
            switch plan.ops[index] {
            case .text(let from, let to):
                writer.append(UnsafeBufferPointer(rebasing: plan.literals[from..<to]))
                index += 1
            case .variable(let name, let escaped):
                if let value = resolve(name, in: plan, root: root) {
                    write(value, escaped: escaped, into: &writer)
                    if stopped { return }
                }
                index += 1
            case .section(let name, let sectionEnd):
                if let value = resolve(name, in: plan, root: root), value.isTruthy {
                    switch value {
                    case .list(let items):
                        for item in items where !stopped {
                            push(item)
                            run(plan, root: root, from: index + 1, to: sectionEnd, into: &writer)
                            frames.removeLast()
                        }
                    case .rows(let rows):
                        for row in 0..<rows.count where !stopped {
                            frames.append(.row(rows, row))
                            run(plan, root: root, from: index + 1, to: sectionEnd, into: &writer)
                            frames.removeLast()
                        }
                    default:
                        push(value)
                        run(plan, root: root, from: index + 1, to: sectionEnd, into: &writer)
                        frames.removeLast()
                    }
                    if stopped { return }
                }
                index = sectionEnd
            case .inverted(let name, let sectionEnd):
                if !(resolve(name, in: plan, root: root)?.isTruthy ?? false) {
                    run(plan, root: root, from: index + 1, to: sectionEnd, into: &writer)
                    if stopped { return }
                }
                index = sectionEnd
            }
        }
    }

    /// The first segment is looked up from the innermost frame outwards; the rest inside the
    /// value found (the spec's rule: `a.b` never falls back past the `a` it found).
    /// Read in place through the plan's table: a name passed by value was copied per look-up
    /// (its rest retained and released, a page plan's hundred-odd times). Its key still is,
    /// for the call into the context.
    @inline(__always)
    private func resolve(_ index: Int, in plan: PlanView, root: (any TemplateContext)?) -> TemplateValue? {
        let name = plan.names.baseAddress! + index
        if name.pointee.isImplicit { return frames.last?.current }
        guard let found = find(name.pointee.head, root: root) else { return nil }
        return name.pointee.rest.isEmpty ? found : found.value(at: name.pointee.rest)
    }

    private func find(_ key: TemplateKey, root: (any TemplateContext)?) -> TemplateValue? {
        // The sections' frames, innermost first, through the buffer (no bounds checks); then
        // the root, whose own frame answers nothing the root does not. Swift retains a context
        // copied out of a frame before calling it, but not the root, an argument.
        let found: TemplateValue? = frames.withUnsafeBufferPointer { frames in
            var frame = frames.count - 1
            while frame > base {
                if let value = frames[frame].lookup(key) { return value }
                frame -= 1
            }
            return nil
        }
        return found ?? root?.value(for: key)
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool, into writer: inout ByteWriter) {
        if case .embed(let template, let context) = value {
            render(template.plan, root: .object(context), into: &writer)
        } else {
            writer.append(value, escaped: escaped)
        }
    }
}
