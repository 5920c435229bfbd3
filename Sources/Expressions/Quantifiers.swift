extension Interpreter {
    /// `any`, `all` and `filter`: the condition runs once per element with `$item` bound to it,
    /// so the work is bounded by the list's length. The outer `$item` is restored afterwards,
    /// which makes the innermost binding win when these nest.
    mutating func quantify(_ function: Function, _ listSyntax: Syntax, _ condition: Syntax) -> JSONValue {
        let list = evaluate(listSyntax)
        let items: [JSONValue]
        switch list {
        case .null: items = []
        case .array(let a): items = a
        default: return fail("\(function.rawValue)() needs a list, found \(list.kindDescription)")
        }
        let outer = scope.item
        defer { scope.item = outer }
        var kept: [JSONValue] = []
        for item in items {
            scope.item = item
            let satisfied = evaluate(condition).isTruthy
            switch function {
            case .any where satisfied: return .bool(true)
            case .all where !satisfied: return .bool(false)
            case .filter where satisfied: kept.append(item)
            default: break
            }
        }
        switch function {
        case .any: return .bool(false)
        case .all: return .bool(true)
        default: return .array(kept)
        }
    }
}
