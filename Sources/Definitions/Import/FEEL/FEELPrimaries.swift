/// The tight end of the FEEL grammar: postfix paths, filters and indexes, literals, names,
/// built-in calls, `if`, `some`/`every` and context literals.
extension FEELParser {
    /// A context literal is kept apart until one of its entries is read (`{…}.total`).
    enum Value {
        case target(TargetExpression)
        case context([(key: String, value: TargetExpression)], column: Int)
    }

    mutating func postfix() throws(TranslationProblem) -> TargetExpression {
        var value = try primary()
        while true {
            if take(".") {
                let column = current.column
                let name: String
                switch current.kind {
                case .name(let n), .quotedName(let n): name = n
                default: throw unexpected("a name after \".\"")
                }
                position += 1
                switch value {
                case .target(let base): value = .target(.member(base, name))
                case .context(let entries, _): value = .target(entries.last { $0.key == name }?.value ?? .null)
                }
                if isSymbol("(") {
                    throw TranslationProblem(column: column, message: "calling `\(name)()` on a value is not supported")
                }
            } else if isSymbol("[") {
                value = .target(try filter(try FEELParser.plain(value)))
            } else if isSymbol("(") {
                throw TranslationProblem(column: current.column, message: "only built-in functions can be called")
            } else {
                return try FEELParser.plain(value)
            }
        }
    }

    private static func plain(_ value: Value) throws(TranslationProblem) -> TargetExpression {
        switch value {
        case .target(let target): return target
        case .context(_, let column):
            throw TranslationProblem(column: column, message: "a FEEL context {…} is supported only when one of its entries is read right away, as in {…}.total")
        }
    }

    /// `list[1]` (1-based), `list[-1]` (from the end), or `list[item.price > 10]` (a filter naming `item`).
    private mutating func filter(_ base: TargetExpression) throws(TranslationProblem) -> TargetExpression {
        let column = current.column
        try expect("[")
        bindings.enterElementScope("item")
        let inside: TargetExpression
        do { inside = try expression() } catch { _ = bindings.leaveElementScope(); throw error }
        let usesItem = bindings.leaveElementScope()
        try expect("]")
        switch inside {
        case .number(let digits):
            guard let n = Int(digits), n >= 1 else {
                throw TranslationProblem(column: column, message: "a list index must be a whole number from 1, or negative from the end")
            }
            return .index(base, .number(String(n - 1)))
        case .unary("-", .number(let digits)):
            guard let n = Int(digits), n >= 1 else {
                throw TranslationProblem(column: column, message: "a list index must be a whole number from 1, or negative from the end")
            }
            return .index(base, .binary("-", .call("len", [base]), .number(String(n))))
        default:
            guard usesItem else {
                throw TranslationProblem(column: column, message: "a filter must name the element `item` (orders[item.price > 10]) and an index must be a number")
            }
            return .call("filter", [base, inside])
        }
    }

    private mutating func primary() throws(TranslationProblem) -> Value {
        let token = current
        switch token.kind {
        case .number(let digits): position += 1; return .target(.number(digits))
        case .string(let s): position += 1; return .target(.string(s))
        case .temporal(let s):
            position += 1
            guard s.count == 10 else {
                throw TranslationProblem(column: token.column, message: "only date literals like @\"2024-05-31\" are supported")
            }
            return .target(.call("date", [.string(s)]))
        case .quotedName(let name):
            position += 1
            return .target(try reference(name, column: token.column))
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expect(")")
            return .target(inner)
        case .symbol("["):
            position += 1
            var items: [TargetExpression] = []
            if !take("]") {
                repeat { items.append(try expression()) } while take(",")
                try expect("]")
            }
            return .target(.list(items))
        case .symbol("{"):
            return try context()
        case .name(let word):
            return .target(try named(word, column: token.column))
        default:
            throw unexpected("a value")
        }
    }

    private mutating func named(_ word: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        switch word {
        case "true": position += 1; return .bool(true)
        case "false": position += 1; return .bool(false)
        case "null": position += 1; return .null
        case "if":
            position += 1
            let condition = try expression()
            try expectWord("then")
            let then = try expression()
            try expectWord("else")
            return .conditional(condition, then, try expression())
        case "some", "every": return try quantifier(every: word == "every")
        case "for":
            throw TranslationProblem(column: column, message: "`for … in … return` loops are not supported")
        case "function":
            throw TranslationProblem(column: column, message: "function definitions are not supported")
        default: break
        }
        if let (name, length) = functionName(), peek(length).kind == .symbol("(") {
            position += length + 1
            return try call(name, column: column)
        }
        guard !FEELParser.keywords.contains(word) else { throw unexpected("a value") }
        position += 1
        return try reference(word, column: column)
    }

    /// The longest FEEL function name, possibly of several words (`string length`), starting here.
    private func functionName() -> (String, Int)? {
        var words: [String] = []
        var best: (String, Int)?
        for offset in 0..<FEELFunctions.maximumWords {
            guard case .name(let word) = peek(offset).kind else { break }
            words.append(word)
            let name = words.joined(separator: " ")
            if words.count == 1 || FEELFunctions.multiWordNames.contains(name) {
                if peek(offset + 1).kind == .symbol("(") { best = (name, offset + 1) }
            }
        }
        return best
    }

    private mutating func call(_ name: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        var arguments: [TargetExpression] = []
        if !take(")") {
            repeat {
                if case .name(let n) = current.kind, peek(1).kind == .symbol(":") {
                    throw TranslationProblem(column: current.column, message: "named arguments (\(n): …) are not supported")
                }
                arguments.append(try expression())
            } while take(",")
            try expect(")")
        }
        return try FEELFunctions.translate(name, arguments, column: column)
    }

    private mutating func reference(_ name: String, column: Int) throws(TranslationProblem) -> TargetExpression {
        if let bound = try bindings.resolve(name, column: column) { return bound }
        guard TargetPrinter.isSimpleName(name) else {
            throw TranslationProblem(column: column, message: "the name `\(name)` has characters FlowStage names cannot have")
        }
        return .name(name)
    }

    /// `some x in list satisfies c` → `any(list, c)` with `x` as `$item`; `every` → `all`.
    private mutating func quantifier(every: Bool) throws(TranslationProblem) -> TargetExpression {
        position += 1
        guard case .name(let variable) = current.kind, !FEELParser.keywords.contains(variable) else {
            throw unexpected("the name of the element")
        }
        position += 1
        try expectWord("in")
        let list = try expression()
        if isSymbol(",") {
            throw TranslationProblem(column: current.column, message: "`some`/`every` over several lists is not supported")
        }
        try expectWord("satisfies")
        bindings.enterElementScope(variable)
        let condition: TargetExpression
        do { condition = try expression() } catch { _ = bindings.leaveElementScope(); throw error }
        _ = bindings.leaveElementScope()
        return .call(every ? "all" : "any", [list, condition])
    }

    /// `{a: 1, b: a + 1}`: later entries may use earlier ones, substituted by their translation.
    private mutating func context() throws(TranslationProblem) -> Value {
        let column = current.column
        position += 1
        var entries: [(key: String, value: TargetExpression)] = []
        defer { bindings.unbind(count: entries.count) }
        if !take("}") {
            repeat {
                var words: [String] = []
                switch current.kind {
                case .string(let s): words = [s]; position += 1
                case .quotedName(let s): words = [s]; position += 1
                default:
                    while case .name(let word) = current.kind { words.append(word); position += 1 }
                }
                guard !words.isEmpty else { throw unexpected("the name of a context entry") }
                try expect(":")
                let key = words.joined(separator: " ")
                let value = try expression()
                entries.append((key, value))
                bindings.bind(key, to: value)
            } while take(",")
            try expect("}")
        }
        return .context(entries, column: column)
    }
}
