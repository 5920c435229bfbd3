/// Turns tokens into a flat `TemplatePlan`: matches sections, resolves names to table indices
/// and inlines partials, so rendering never parses or looks anything up but data.
struct TemplateCompiler {
    /// Partials nested deeper than this are an error (it also bounds compile time).
    static let maxPartialDepth = 16
    /// Guards against partials that multiply the plan (a includes b twice, b includes c twice…).
    static let maxOps = 1 << 20
    /// Partial inclusions per compilation: the depth limit caps nesting, not how many times
    /// partials multiply (`make fuzz` found 16 partials each including the next four times).
    static let maxInclusions = 10_000
    /// Literal bytes of the plan once partials are inlined: partials of text alone never reach `maxOps`.
    static let maxLiteralBytes = 8 << 20

    private let vocabulary: TemplateVocabulary
    private var ops: [TemplateOp] = []
    private var literals: [UInt8] = []
    private var names: [TemplateName] = []
    private var nameIndex: [String: Int] = [:]
    private var maxDepth = 0
    /// Each partial is asked for once per compilation.
    private var partialSources: [String: String?] = [:]
    /// Each partial is tokenized once per indentation it is included with.
    private var tokenized: [String: (bytes: [UInt8], tokens: [TemplateToken])] = [:]
    private var inclusions = 0

    private init(vocabulary: TemplateVocabulary) {
        self.vocabulary = vocabulary
    }

    /// Compiles `source` (named `template` in errors) with its partials.
    static func compile(template: String, source: String, vocabulary: TemplateVocabulary,
                        partials: (String) -> String?) throws(TemplateError) -> TemplatePlan {
        var compiler = TemplateCompiler(vocabulary: vocabulary)
        try compiler.append(template: template, source: source, indentation: "", sectionDepth: 0, chain: [], partials: partials)
        return TemplatePlan(ops: compiler.ops, literals: compiler.literals, names: compiler.names, maxDepth: compiler.maxDepth)
    }

    /// Appends the ops of one template or partial. `indentation` is prefixed to every line (the
    /// spec's rule for standalone partials); `chain` holds the partials being included, outermost first.
    private mutating func append(template: String, source: String, indentation: String, sectionDepth: Int,
                                 chain: [String], partials: (String) -> String?) throws(TemplateError) {
        let key = chain.isEmpty ? nil : indentation + "\u{0}" + template
        let bytes: [UInt8], tokens: [TemplateToken]
        if let key, let cached = tokenized[key] {
            (bytes, tokens) = cached
        } else {
            bytes = TemplateCompiler.indent(Array(source.utf8), with: Array(indentation.utf8))
            var tokenizer = TemplateTokenizer(source: bytes)
            do {
                tokens = try tokenizer.tokenize()
            } catch {
                throw SourceLocator(template: template, bytes: bytes, indentation: indentation.utf8.count)
                    .error(at: error.offset, error.message)
            }
            if let key { tokenized[key] = (bytes, tokens) }
        }
        let location = SourceLocator(template: template, bytes: bytes, indentation: indentation.utf8.count)

        /// Open sections: name, index of their op, offset of their tag.
        var open: [(name: String, op: Int, offset: Int)] = []
        /// The last op, when it is a text op that more text may extend.
        var extendableText: Int?
        for token in tokens {
            switch token {
            case .text(let range):
                if literals.count + range.count > TemplateCompiler.maxLiteralBytes {
                    throw location.error(at: range.lowerBound, "template is larger than \(TemplateCompiler.maxLiteralBytes >> 20) MiB "
                        + "once its partials are inlined" + TemplateCompiler.describe(chain))
                }
                literals.append(contentsOf: bytes[range])
                if let last = extendableText, case .text(let start, _) = ops[last] {
                    ops[last] = .text(start: start, end: literals.count)
                } else {
                    ops.append(.text(start: literals.count - range.count, end: literals.count))
                    extendableText = ops.count - 1
                }
                continue
            case .variable(let name, let escaped, _):
                ops.append(.variable(name: index(of: name), escaped: escaped))
            case .section(let name, let inverted, let offset):
                open.append((name, ops.count, offset))
                maxDepth = max(maxDepth, sectionDepth + open.count)
                let index = index(of: name)
                ops.append(inverted ? .inverted(name: index, end: -1) : .section(name: index, end: -1))
            case .close(let name, let offset):
                guard let section = open.popLast() else {
                    throw location.error(at: offset, "closing tag '{{/\(name)}}' has no open section")
                }
                guard section.name == name else {
                    let opened = location.position(of: section.offset)
                    throw location.error(at: offset, "closing tag '{{/\(name)}}' does not match section '\(section.name)' "
                        + "opened at line \(opened.line), column \(opened.column)")
                }
                switch ops[section.op] {
                case .section(let index, _): ops[section.op] = .section(name: index, end: ops.count)
                case .inverted(let index, _): ops[section.op] = .inverted(name: index, end: ops.count)
                default: preconditionFailure("open section points at a non-section op")
                }
            case .partial(let name, let partialIndentation, let offset):
                try appendPartial(name, indentation: partialIndentation, sectionDepth: sectionDepth + open.count,
                                  chain: chain, at: offset, location: location, partials: partials)
            }
            extendableText = nil
            if ops.count > TemplateCompiler.maxOps {
                throw location.error(at: 0, "template is too large once its partials are inlined")
            }
        }
        if let section = open.last {
            throw location.error(at: section.offset, "section '\(section.name)' is never closed")
        }
    }

    /// Inlines a partial in place of its tag. A partial's ops are made at each inclusion, because
    /// its indentation (and so its literal bytes) depends on where it is included.
    private mutating func appendPartial(_ name: String, indentation: String, sectionDepth: Int, chain: [String], at offset: Int,
                                        location: SourceLocator, partials: (String) -> String?) throws(TemplateError) {
        if chain.contains(name) {
            let cycle = (chain.drop(while: { $0 != name }) + [name]).joined(separator: " → ")
            throw location.error(at: offset, "partial '\(name)' includes itself (\(cycle)); recursive partials are not supported")
        }
        guard chain.count < TemplateCompiler.maxPartialDepth else {
            throw location.error(at: offset, "partials are nested more than \(TemplateCompiler.maxPartialDepth) deep")
        }
        inclusions += 1
        guard inclusions <= TemplateCompiler.maxInclusions else {
            throw location.error(at: offset, "partials are included more than \(TemplateCompiler.maxInclusions) times"
                + TemplateCompiler.describe(chain + [name]))
        }
        let source: String?
        if let cached = partialSources[name] {
            source = cached
        } else {
            source = partials(name)
            partialSources[name] = source
        }
        guard let source else {
            throw location.error(at: offset, "partial '\(name)' not found")
        }
        do {
            try append(template: name, source: source, indentation: indentation, sectionDepth: sectionDepth,
                       chain: chain + [name], partials: partials)
        } catch {
            let included = location.position(of: offset)
            throw TemplateError(template: error.template, line: error.line, column: error.column,
                                message: "\(error.message) (included from \(location.template):\(included.line):\(included.column))")
        }
    }

    /// " (partials: a → b → c)", for an error met inside partials.
    private static func describe(_ chain: [String]) -> String {
        chain.isEmpty ? "" : " (partials: \(chain.joined(separator: " → ")))"
    }

    private mutating func index(of name: String) -> Int {
        if let index = nameIndex[name] { return index }
        names.append(TemplateName(name, vocabulary: vocabulary))
        nameIndex[name] = names.count - 1
        return names.count - 1
    }

    /// Prefixes every line of `source` with `indentation` (not after a final newline).
    private static func indent(_ source: [UInt8], with indentation: [UInt8]) -> [UInt8] {
        guard !indentation.isEmpty, !source.isEmpty else { return source }
        var result = indentation
        result.reserveCapacity(source.count + indentation.count * 8)
        for (index, byte) in source.enumerated() {
            result.append(byte)
            if byte == UInt8(ascii: "\n"), index + 1 < source.count { result.append(contentsOf: indentation) }
        }
        return result
    }
}
