/// FEEL's built-in functions mapped onto FlowStage's; everything not listed is refused by name.
enum FEELFunctions {
    /// Built-in names of several words, so the parser can join `string length` before `(`.
    /// Unsupported ones are listed too, so they are refused by their full name.
    static let multiWordNames: Set<String> = [
        "string length", "upper case", "lower case", "starts with", "ends with", "substring before",
        "substring after", "list contains", "is empty", "distinct values", "round up", "round down",
        "round half up", "round half down", "date and time", "is defined", "get value", "get entries",
        "string join", "index of", "insert before", "day of week", "day of year", "week of year",
        "month of year", "years and months duration", "context put", "context merge", "is blank",
        "last day of month", "get or else",
    ]
    static let maximumWords = 4

    static func translate(_ name: String, _ args: [TargetExpression], column: Int) throws(TranslationProblem) -> TargetExpression {
        func arity(_ allowed: ClosedRange<Int>) throws(TranslationProblem) {
            guard allowed.contains(args.count) else {
                let wanted = allowed.count == 1 ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) to \(allowed.upperBound)"
                throw TranslationProblem(column: column, message: "the FEEL function `\(name)()` takes \(wanted) argument\(wanted == "1" ? "" : "s") here, found \(args.count)")
            }
        }
        func same(_ function: String, _ allowed: ClosedRange<Int>) throws(TranslationProblem) -> TargetExpression {
            try arity(allowed)
            return .call(function, args)
        }
        /// FEEL's varargs forms (`sum(1, 2)`) as one list.
        func listArgument() throws(TranslationProblem) -> TargetExpression {
            try arity(1...Int.max)
            return args.count == 1 ? args[0] : .list(args)
        }
        switch name {
        case "string length": return try same("len", 1...1)
        case "upper case": return try same("upper", 1...1)
        case "lower case": return try same("lower", 1...1)
        case "trim": return try same("trim", 1...1)
        case "contains": return try same("contains", 2...2)
        case "starts with": return try same("startsWith", 2...2)
        case "ends with": return try same("endsWith", 2...2)
        case "substring": return try same("substring", 2...3)
        case "replace": return try same("replace", 3...3)
        case "split": return try same("split", 2...2)
        case "string join": return try same("join", 1...2)
        case "matches": return try same("matches", 2...2)
        case "number": return try same("number", 1...1)
        case "string": return try same("string", 1...1)
        case "count": return try same("count", 1...1)
        case "sum", "min", "max": return .call(name, [try listArgument()])
        case "mean":
            let list = try listArgument()
            return .binary("/", .call("sum", [list]), .call("count", [list]))
        case "floor": return try same("floor", 1...1)
        case "ceiling": return try same("ceil", 1...1)
        case "abs": return try same("abs", 1...1)
        // FEEL's decimal() rounds half to even; FlowStage's round() half away from zero: they differ only on exact halves.
        case "decimal", "round half up": return try same("round", 2...2)
        case "list contains": return try same("contains", 2...2)
        case "is empty": return try same("isEmpty", 1...1)
        case "today": return try same("today", 0...0)
        case "now": return try same("now", 0...0)
        case "date": return try same("date", 1...1)
        // FEEL's is defined() is also true for a variable set to null; FlowStage data cannot tell them apart.
        case "is defined":
            try arity(1...1)
            return .binary("!=", args[0], .null)
        case "not":
            try arity(1...1)
            return .unary("!", args[0])
        case "all", "any":
            try arity(1...1)
            return .call(name, [args[0], .binary("===", .name("$item"), .bool(true))])
        case "append":
            try arity(1...Int.max)
            return .binary("+", args[0], .list(Array(args.dropFirst())))
        case "concatenate":
            try arity(1...Int.max)
            return args.dropFirst().reduce(args.count == 1 ? .binary("+", args[0], .list([])) : args[0]) { .binary("+", $0, $1) }
        case "get value":
            try arity(2...2)
            return .index(args[0], args[1])
        default:
            throw TranslationProblem(column: column, message: "the FEEL function `\(name)()` is not supported")
        }
    }
}
