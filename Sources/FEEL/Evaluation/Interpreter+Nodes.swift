/// Each kind of node evaluated: `evaluate` dispatches to the three groups here, whose frames
/// are apart from its own (one `evaluate` frame per level of the tree stays small).
extension Interpreter {
    /// Names, paths, filters and calls (split from `evaluate` to keep its frame small).
    mutating func access(_ node: Node) -> FEELValue {
        switch node {
        case .name(let name, let at): return variable(name, at: at)
        case .path(let base, let member, let at): return path(evaluate(base), member, at: at)
        case .filter(let base, let condition, let at): return filter(evaluate(base), condition, at: at)
        case .call(let callee, let arguments, let at): return call(callee, arguments, at: at)
        case .builtinCall(let name, let arguments, let at): return builtinCall(name, arguments, at: at)
        case .isDefined(let inner): return .bool(probe(inner).map { !$0.isNull } ?? false)
        default: return .null
        }
    }

    /// The operators.
    mutating func operation(_ node: Node) -> FEELValue {
        switch node {
        case .negation(let operand, let at): return negate(evaluate(operand), at: at)
        case .arithmetic(let op, let left, let right, let at): return arithmetic(op, left, right, at: at)
        case .comparison(let op, let left, let right, let at): return compare(op, left, right, at: at)
        case .and(let left, let right): return conjunction(left, right)
        case .or(let left, let right): return disjunction(left, right)
        case .between(let value, let low, let high, let at): return between(value, low, high, at: at)
        case .inTests(let value, let tests, _): return inTests(value, tests)
        case .instanceOf(let value, let type): return instance(value, of: type)
        default: return .null
        }
    }

    /// The values an expression builds, and `if`, `for`, `some`/`every`.
    mutating func construct(_ node: Node) -> FEELValue {
        switch node {
        case .ifThenElse(let condition, let then, let otherwise): return ifThenElse(condition, then, otherwise)
        case .forLoop(let iterations, let body, let at): return forLoop(iterations, body, at: at)
        case .quantified(let every, let iterations, let body): return quantified(every: every, iterations, body)
        case .list(let items): return list(items)
        case .context(let entries): return context(entries)
        case .range(let start, let end, let startIncluded, let endIncluded, let at):
            return range(start, end, startIncluded: startIncluded, endIncluded: endIncluded, at: at)
        case .unaryRange(let op, let endpoint, let at): return unaryRange(op, endpoint, at: at)
        case .functionDefinition(let parameters, let body, let external): return function(parameters, body, external: external)
        case .anything: return .bool(true)
        default: return .null
        }
    }

    private mutating func variable(_ name: String, at: Int) -> FEELValue {
        if let value = lookup(name) { return value }
        if BuiltinFunctions.exists(name) { return .function(FEELFunction(body: .builtin(name))) }
        if name == "?" {
            warn("`?` is the input of unary tests, and there is none here; it reads as null", at: at)
        } else {
            warn("no variable or context entry is named `\(name)`; it reads as null", at: at)
        }
        return .null
    }

    private mutating func builtinCall(_ name: String, _ arguments: Node.Arguments, at: Int) -> FEELValue {
        let values = evaluatedArguments(arguments)
        return BuiltinFunctions.invoke(name, values, at: at, &self)
    }

    private mutating func arithmetic(_ op: ArithmeticOperator, _ left: Node, _ right: Node, at: Int) -> FEELValue {
        let a = evaluate(left)
        return arithmetic(op, a, evaluate(right), at: at)
    }

    private mutating func compare(_ op: ComparisonOperator, _ left: Node, _ right: Node, at: Int) -> FEELValue {
        let a = evaluate(left)
        return compare(op, a, evaluate(right), at: at)
    }

    /// Three-valued `and`: false wins over null, and the right side is not evaluated after a false.
    private mutating func conjunction(_ left: Node, _ right: Node) -> FEELValue {
        let a = evaluate(left).boolValue
        if a == false { return .bool(false) }
        let b = evaluate(right).boolValue
        if b == false { return .bool(false) }
        return a == true && b == true ? .bool(true) : .null
    }

    /// Three-valued `or`: true wins over null, and the right side is not evaluated after a true.
    private mutating func disjunction(_ left: Node, _ right: Node) -> FEELValue {
        let a = evaluate(left).boolValue
        if a == true { return .bool(true) }
        let b = evaluate(right).boolValue
        if b == true { return .bool(true) }
        return a == false && b == false ? .bool(false) : .null
    }

    private mutating func between(_ value: Node, _ low: Node, _ high: Node, at: Int) -> FEELValue {
        let x = evaluate(value), a = evaluate(low), b = evaluate(high)
        let lower = compare(.greaterOrEqual, x, a, at: at).boolValue
        let upper = compare(.lessOrEqual, x, b, at: at).boolValue
        if lower == false || upper == false { return .bool(false) }
        return lower == true && upper == true ? .bool(true) : .null
    }

    private mutating func inTests(_ value: Node, _ tests: [Node]) -> FEELValue {
        let input = evaluate(value)
        return FEELValue(truth: satisfies(input, tests))
    }

    private mutating func instance(_ value: Node, of type: FEELType) -> FEELValue {
        .bool(type.matches(evaluate(value)))
    }

    /// Anything but `true` takes the `else` branch (Camunda: no null result).
    private mutating func ifThenElse(_ condition: Node, _ then: Node, _ otherwise: Node) -> FEELValue {
        evaluate(condition).boolValue == true ? evaluate(then) : evaluate(otherwise)
    }

    private mutating func list(_ items: [Node]) -> FEELValue {
        var values: [FEELValue] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(evaluate(item)) }
        return .list(values)
    }

    /// Each entry sees the entries before it.
    private mutating func context(_ entries: [(key: String, value: Node)]) -> FEELValue {
        var context = FEELContext()
        let depth = bindings.count
        for entry in entries {
            let value = evaluate(entry.value)
            context[entry.key] = value
            bindings.append(.value(entry.key, value))
        }
        bindings.removeLast(bindings.count - depth)
        return .context(context)
    }

    private mutating func range(_ start: Node, _ end: Node, startIncluded: Bool, endIncluded: Bool, at: Int) -> FEELValue {
        let low = evaluate(start)
        return range(low, evaluate(end), startIncluded: startIncluded, endIncluded: endIncluded, at: at)
    }

    private mutating func unaryRange(_ op: ComparisonOperator, _ endpoint: Node, at: Int) -> FEELValue {
        let value = evaluate(endpoint)
        if op != .equal && op != .notEqual && !Comparisons.isOrdered(value) {
            if !value.isNull { warn("\(op.rawValue) needs a number, string, date, time or duration, found \(value.typeName)", at: at) }
            return .null
        }
        return .range(FEELRange(op, value))
    }

    /// A function captures the names of its own scope only, not those of the call it was made
    /// in (the caller's names are below it when it runs): a function made inside a recursive
    /// function would otherwise carry the whole stack, doubling it at every level.
    private func function(_ parameters: [(name: String, type: FEELType?)], _ body: Node, external: Bool) -> FEELValue {
        .function(FEELFunction(body: .user(UserFunction(parameters: parameters, body: body, captured: Array(bindings[lexicalBase...]),
                                                        variables: variables, isExternal: external))))
    }
}
