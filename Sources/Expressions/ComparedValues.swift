extension Expression {
    /// The constants the expression compares a data path with, as `(path, value)` pairs in the
    /// order written: `loan.amount > 20000` gives `("loan.amount", 20000)`, `purpose == "home"`
    /// gives `("purpose", "home")`, `contains(tags, "vip")` gives `("tags", "vip")`. A hint for
    /// whoever needs data that makes the expression go one way or the other (the explorer of
    /// `flowstage audit`); paths are written as `readPaths` writes them.
    public var comparedValues: [(path: String, value: JSONValue)] {
        let syntax: Syntax
        switch body {
        case .feel(let expression):
            return expression.comparedConstants.flatMap { constant in
                Expression.dataPaths(constant.path).map { ($0, constant.value.json) }
            }
        case .flowStage(let parsed):
            syntax = parsed
        }
        var found: [(path: String, value: JSONValue)] = []
        func path(_ syntax: Syntax) -> String? {
            // `number(x) > 5`, `lower(x) == "a"`: the comparison is still about x.
            if case .call(_, let arguments, _) = syntax, arguments.count == 1 { return arguments[0].dataPath }
            return syntax.dataPath
        }
        func literals(_ syntax: Syntax) -> [JSONValue] {
            switch syntax {
            case .literal(let value): return value == .null ? [] : [value]
            case .list(let items): return items.flatMap(literals)
            case .unary("-", .literal(.number(let number))): return [.number(-number)]
            default: return []
            }
        }
        func visit(_ syntax: Syntax) {
            switch syntax {
            case .binary(let op, let left, let right) where ["==", "!=", "===", "!==", "<", "<=", ">", ">="].contains(op):
                if let name = path(left) { found += literals(right).map { (name, $0) } }
                if let name = path(right) { found += literals(left).map { (name, $0) } }
                visit(left); visit(right)
            case .call(_, let arguments, _):
                let names = arguments.compactMap(path)
                let values = arguments.flatMap(literals)
                for name in names { found += values.map { (name, $0) } }
                arguments.forEach(visit)
            default:
                syntax.children.forEach(visit)
            }
        }
        visit(syntax)
        return found
    }
}
