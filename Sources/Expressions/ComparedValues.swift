extension Expression {
    /// The constants the expression compares a data path with, as `(path, value)` pairs in the
    /// order written: `loan.amount > 20000` gives `("loan.amount", 20000)`, `purpose == "home"`
    /// gives `("purpose", "home")`, `contains(tags, "vip")` gives `("tags", "vip")`. A hint for
    /// whoever needs data that makes the expression go one way or the other (the explorer of
    /// `flowstage audit`); paths are written as `readPaths` writes them.
    public var comparedValues: [(path: String, value: JSONValue)] {
        var found: [(path: String, value: JSONValue)] = []
        func path(_ syntax: Syntax) -> String? {
            switch syntax {
            case .name(let name): return name.hasPrefix("$") || name == "value" ? nil : name
            case .path(let path): return path.description.hasPrefix("$") ? nil : path.description
            case .member(let base, let member): return path(base).map { $0 + "." + member }
            case .index(let base, _): return path(base)
            // `number(x) > 5`, `lower(x) == "a"`: the comparison is still about x.
            case .call(_, let arguments, _) where arguments.count == 1: return path(arguments[0])
            default: return nil
            }
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
            case .literal, .name, .path: break
            case .member(let base, _): visit(base)
            case .index(let base, let index): visit(base); visit(index)
            case .list(let items): items.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right): visit(left); visit(right)
            case .conditional(let test, let then, let otherwise): visit(test); visit(then); visit(otherwise)
            case .match(let subject, _): visit(subject)
            case .replace(let subject, _, let replacement): visit(subject); visit(replacement)
            }
        }
        visit(syntax)
        return found
    }
}
