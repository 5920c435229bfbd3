/// Partial evaluation: a template rendered ahead of time against a view whose values are
/// known, except the few that change per request.
///
/// Everything the known view answers is written into the new plan as literal bytes (labels,
/// hints, ids, the text of every option); sections on known values are decided, and sections
/// over known rows are unrolled. What is left are ops on the dynamic names, which the render
/// answers from a small per-request context. A name used inside an unrolled row is bound to
/// that row (`TemplateKey.row`), so "is option 7 selected" is one op.
///
/// A whole page is specialized the same way (`specialize(page:…)`): embedded templates are
/// inlined, and each embedded context `partOf` numbers (a component's `SpecializedComponentContext`) becomes a
/// part whose dynamic names are bound to it (`TemplateKey.part`).
///
/// The result prints exactly what the general render prints for the same values; a template
/// this cannot specialize (an embedded template outside page mode, a dotted dynamic name, `{{.}}`
/// in a dynamic section) gives nil, and the caller keeps the general path.
public struct TemplateSpecializer {
    private struct CannotSpecialize: Error {}

    /// What an embedded context of a page is, in page mode.
    public enum Part: Sendable {
        /// Left whole: the page asks the request for the part itself (any name bound to the
        /// part answers it) and prints it as it is, an embedded template with its own context.
        case whole(Int)
        /// Inlined with every name it answers known: a layout whose markup is fixed (its names,
        /// such as `title`, are never the page's request names of the same spelling).
        case fixed
        /// Inlined: its template becomes part of the page, the names `isDynamic` picks left to
        /// the request, bound to this part (`TemplateKey.part`); its other names are known
        /// (those of a component the plan fixes, a collection whose items are unrolled, each item).
        case mixed(Int, isDynamic: @Sendable (TemplateKey) -> Bool)
    }

    /// The plan being read: the page's, or an embedded template's while it is inlined.
    private var source: TemplatePlan
    private let isDynamic: (TemplateKey, Bool) -> Bool
    /// Page mode: the part an embedded context is, if it is one; nil when embeds cannot be inlined.
    private let partOf: ((any TemplateContext) -> Part?)?
    private var frames: [TemplateFrame] = []
    private var ops: [TemplateOp] = []
    private var literals: [UInt8] = []
    private var names: [TemplateName] = []
    private var depth = 0
    private var maxDepth = 0
    /// The text op more literal bytes may be added to, if any.
    private var extendable: Int?

    private init(source: TemplatePlan, isDynamic: @escaping (TemplateKey, _ inRow: Bool) -> Bool,
                 partOf: ((any TemplateContext) -> Part?)? = nil) {
        self.source = source
        self.isDynamic = isDynamic
        self.partOf = partOf
    }

    /// `template` specialized for `root`; `isDynamic` names the keys answered per request, for a
    /// name a row answers (`inRow`) and for one a context answers.
    public static func specialize(_ template: CompiledTemplate, root: any TemplateContext,
                           isDynamic: @escaping (TemplateKey, _ inRow: Bool) -> Bool) -> CompiledTemplate? {
        specialize(TemplateSpecializer(source: template.plan, isDynamic: isDynamic), template, root: root)
    }

    /// A page with its embedded templates inlined: `isDynamic` names the keys the page's own
    /// contexts and rows answer per request (a name a row answers is bound to it, as a form's
    /// action to its form); every name a numbered part answers is dynamic.
    public static func specialize(page template: CompiledTemplate, root: any TemplateContext,
                           isDynamic: @escaping (TemplateKey) -> Bool,
                           partOf: @escaping (any TemplateContext) -> Part?) -> CompiledTemplate? {
        let specializer = TemplateSpecializer(source: template.plan, isDynamic: { key, _ in isDynamic(key) },
                                              partOf: partOf)
        return specialize(specializer, template, root: root)
    }

    private static func specialize(_ specializer: TemplateSpecializer, _ template: CompiledTemplate,
                                   root: any TemplateContext) -> CompiledTemplate? {
        var specializer = specializer
        specializer.frames.append(.context(root))
        do {
            try specializer.evaluate(from: 0, to: template.plan.ops.count)
        } catch {
            return nil
        }
        let plan = TemplatePlan(ops: specializer.ops, literals: specializer.literals, names: specializer.names,
                                maxDepth: specializer.maxDepth)
        return CompiledTemplate(name: template.name, plan: plan)
    }

    private mutating func evaluate(from start: Int, to end: Int) throws(CannotSpecialize) {
        var index = start
        while index < end {
            switch source.ops[index] {
            case .text(let from, let to):
                appendLiteral(source.literals[from..<to])
                index += 1
            case .variable(let nameIndex, let escaped):
                let name = source.names[nameIndex]
                if let key = try dynamicKey(name) {
                    ops.append(.variable(name: add(key), escaped: escaped))
                } else if let value = try resolve(name) {
                    try write(value, escaped: escaped)
                }
                index += 1
            case .section(let nameIndex, let sectionEnd):
                let name = source.names[nameIndex]
                if let key = try dynamicKey(name) {
                    try emitSection(key, inverted: false, body: index + 1, end: sectionEnd)
                } else if let value = try resolve(name), value.isTruthy {
                    switch value {
                    case .list(let items):
                        for item in items { try evaluate(body: index + 1, end: sectionEnd, pushing: TemplateFrame(item)) }
                    case .rows(let rows):
                        for row in 0..<rows.count { try evaluate(body: index + 1, end: sectionEnd, pushing: .row(rows, row)) }
                    default:
                        try evaluate(body: index + 1, end: sectionEnd, pushing: TemplateFrame(value))
                    }
                }
                index = sectionEnd
            case .inverted(let nameIndex, let sectionEnd):
                let name = source.names[nameIndex]
                if let key = try dynamicKey(name) {
                    try emitSection(key, inverted: true, body: index + 1, end: sectionEnd)
                } else if !(try resolve(name)?.isTruthy ?? false) {
                    try evaluate(from: index + 1, to: sectionEnd)
                }
                index = sectionEnd
            }
        }
    }

    private mutating func evaluate(body start: Int, end: Int, pushing frame: TemplateFrame) throws(CannotSpecialize) {
        frames.append(frame)
        try evaluate(from: start, to: end)
        frames.removeLast()
    }

    /// A dynamic section stays a section. Over text or a flag (which answer no names) its
    /// body is specialized once, resolving as it would inside it. Over a list or an object
    /// known only per request (an error summary's items) the body is kept as written, for the
    /// request's items to answer; each name in it must be one an item or the request answers.
    private mutating func emitSection(_ key: TemplateKey, inverted: Bool, body start: Int, end: Int) throws(CannotSpecialize) {
        if !inverted, let sample = try resolve(TemplateName(first: key, rest: [])), sample.isStructured {
            try keepSection(key, sample: sample, body: start, end: end)
            return
        }
        let name = add(key)
        let opIndex = ops.count
        ops.append(inverted ? .inverted(name: name, end: -1) : .section(name: name, end: -1))
        depth += 1
        maxDepth = max(maxDepth, depth)
        frames.append(.dynamic)
        try evaluate(from: start, to: end)
        frames.removeLast()
        depth -= 1
        ops[opIndex] = inverted ? .inverted(name: name, end: ops.count) : .section(name: name, end: ops.count)
        extendable = nil
    }

    /// `{{#key}}…{{/key}}` with its body copied op for op from the source.
    private mutating func keepSection(_ key: TemplateKey, sample: TemplateValue, body start: Int, end: Int) throws(CannotSpecialize) {
        let items: [TemplateValue]
        switch sample {
        case .list(let list): items = list
        case .rows(let rows): items = SampleRow.each(of: rows)
        case .object, .embed: items = [sample]
        default: throw CannotSpecialize()
        }
        // A name the body asks must be answered by the sample's items, or by the request: none
        // may fall back to a context known only now. A part's section was kept when its own
        // template was specialized, and checked then against its own sample: it is trusted
        // here, whatever this page's items are.
        let samples = KeptSamples(levels: [items], trusted: key.part >= 0, isDynamic: isDynamic)
        try keep(.section(name: add(key), end: -1), body: start, end: end, samples: samples)
    }

    /// The sample items a kept section's body is checked against: those of each kept section
    /// it is in, innermost last. A name is answered when every item of one level answers it
    /// (the render finds it there or in an item further in), or the request does.
    private struct KeptSamples {
        var levels: [[TemplateValue]]
        let trusted: Bool
        let isDynamic: (TemplateKey, Bool) -> Bool

        func answers(_ name: TemplateKey) -> Bool {
            trusted || isDynamic(name, false) || levels.contains { Self.allAnswer($0, name) }
        }

        /// Inside a section on `name` (not inverted): the items it pushes, from the innermost
        /// level whose items all answer it. A flag or text pushes nothing names are found in.
        func entering(_ name: TemplateKey) -> KeptSamples {
            var inner: [TemplateValue] = []
            for item in levels.last(where: { Self.allAnswer($0, name) }) ?? [] {
                switch TemplateFrame(item).lookup(name) {
                case .list(let items)?: inner += items
                case .rows(let rows)?: inner += SampleRow.each(of: rows)
                case let value? where value.isStructured: inner.append(value)
                default: break
                }
            }
            var entered = self
            entered.levels.append(inner)
            return entered
        }

        private static func allAnswer(_ items: [TemplateValue], _ name: TemplateKey) -> Bool {
            !items.isEmpty && items.allSatisfy { TemplateFrame($0).lookup(name) != nil }
        }
    }

    /// A row of a sample's rows, as the names inside its section find it.
    private final class SampleRow: TemplateContext {
        let rows: any TemplateRows
        let row: Int

        init(rows: any TemplateRows, row: Int) {
            self.rows = rows
            self.row = row
        }

        static func each(of rows: any TemplateRows) -> [TemplateValue] {
            (0..<rows.count).map { .object(SampleRow(rows: rows, row: $0)) }
        }

        func value(for key: TemplateKey) -> TemplateValue? {
            rows.value(for: key, row: row)
        }
    }

    /// `op` (a section or inverted section, its end still unknown), then its body copied.
    private mutating func keep(_ op: TemplateOp, body start: Int, end: Int, samples: KeptSamples) throws(CannotSpecialize) {
        let opIndex = ops.count
        ops.append(op)
        depth += 1
        maxDepth = max(maxDepth, depth)
        try copy(from: start, to: end, samples: samples)
        depth -= 1
        switch op {
        case .section(let name, _): ops[opIndex] = .section(name: name, end: ops.count)
        case .inverted(let name, _): ops[opIndex] = .inverted(name: name, end: ops.count)
        case .text, .variable: break
        }
        extendable = nil
    }

    /// The source's ops from `start` to `end`, re-numbered into the new plan.
    private mutating func copy(from start: Int, to end: Int, samples: KeptSamples) throws(CannotSpecialize) {
        var index = start
        while index < end {
            let op = source.ops[index]
            switch op {
            case .text(let from, let to):
                appendLiteral(source.literals[from..<to])
                index += 1
            case .variable(let nameIndex, let escaped):
                ops.append(.variable(name: try keepName(nameIndex, samples: samples), escaped: escaped))
                index += 1
            case .section(let nameIndex, let sectionEnd):
                let name = try keepName(nameIndex, samples: samples)
                let inside = source.names[nameIndex].rest.isEmpty ? samples.entering(names[name].first!) : samples
                try keep(.section(name: name, end: -1), body: index + 1, end: sectionEnd, samples: inside)
                index = sectionEnd
            case .inverted(let nameIndex, let sectionEnd):
                try keep(.inverted(name: try keepName(nameIndex, samples: samples), end: -1), body: index + 1, end: sectionEnd,
                         samples: samples)
                index = sectionEnd
            }
        }
    }

    /// A source name, added to the new plan when the samples answer its first segment.
    private mutating func keepName(_ nameIndex: Int, samples: KeptSamples) throws(CannotSpecialize) -> Int {
        let name = source.names[nameIndex]
        guard let first = name.first, samples.answers(first) else { throw CannotSpecialize() }
        names.append(name)
        return names.count - 1
    }

    /// The key to look up per request when `name` is dynamic, bound to the row that answers it
    /// now; nil when it is known. A name is the request's only where the root or a part answers
    /// it: one a known section's item answers (a table column's `label`) is that item's, even
    /// where the root's name of the same spelling is the request's.
    private func dynamicKey(_ name: TemplateName) throws(CannotSpecialize) -> TemplateKey? {
        guard let first = name.first else {
            // `{{.}}` inside a dynamic section would print the dynamic value itself.
            if case .dynamic = frames.last { throw CannotSpecialize() }
            return nil
        }
        for (depth, frame) in frames.enumerated().reversed() {
            switch frame {
            case .row(let rows, let row) where rows.value(for: first, row: row) != nil:
                guard isDynamic(first, true) else { return nil }
                guard name.rest.isEmpty else { throw CannotSpecialize() }
                return first.inRow(row)
            case .context(let context) where context.value(for: first) != nil,
                 .value(.embed(_, let context)) where context.value(for: first) != nil:
                switch partOf?(context) {
                case .fixed?:
                    return nil
                case .mixed(let part, let isDynamic)?:
                    guard isDynamic(first) else { return nil }
                    guard name.rest.isEmpty else { throw CannotSpecialize() }
                    return first.inPart(part)
                case .whole?:
                    return try contextKey(name)
                case nil:
                    return depth == 0 ? try contextKey(name) : nil
                }
            default:
                continue
            }
        }
        return try contextKey(name)
    }

    private func contextKey(_ name: TemplateName) throws(CannotSpecialize) -> TemplateKey? {
        guard let first = name.first, isDynamic(first, false) else { return nil }
        guard name.rest.isEmpty else { throw CannotSpecialize() }
        return first
    }

    private func resolve(_ name: TemplateName) throws(CannotSpecialize) -> TemplateValue? {
        guard let first = name.first else { return frames.last?.current }
        for frame in frames.reversed() {
            if let found = frame.lookup(first) { return found.value(at: name.rest) }
        }
        return nil
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) throws(CannotSpecialize) {
        if case .embed(let template, let context) = value {
            guard let partOf else { throw CannotSpecialize() }
            if case .whole(let part)? = partOf(context) {
                ops.append(.variable(name: add(TemplateKey(".", part: part)), escaped: false))
                return
            }
            try inline(template, context: context)
            return
        }
        var buffer = HTMLBuffer()
        buffer.withWriter(expected: 64) { $0.append(value, escaped: escaped) }
        appendLiteral(buffer.bytes[...])
    }

    /// An embedded template, in place: it sees only its own context, as when it is rendered.
    private mutating func inline(_ template: CompiledTemplate, context: any TemplateContext) throws(CannotSpecialize) {
        let outer = (source: source, frames: frames)
        source = template.plan
        frames = [.context(context)]
        defer { (source, frames) = outer }
        try evaluate(from: 0, to: template.plan.ops.count)
    }

    /// Adjacent literals become one op, but never across a section's end: the last op may be
    /// the tail of a section body that has just been closed.
    private mutating func appendLiteral(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        literals.append(contentsOf: bytes)
        if extendable == ops.count - 1, case .text(let start, _)? = ops.last {
            ops[ops.count - 1] = .text(start: start, end: literals.count)
        } else {
            ops.append(.text(start: literals.count - bytes.count, end: literals.count))
            extendable = ops.count - 1
        }
    }

    private mutating func add(_ key: TemplateKey) -> Int {
        names.append(TemplateName(first: key, rest: []))
        return names.count - 1
    }
}
