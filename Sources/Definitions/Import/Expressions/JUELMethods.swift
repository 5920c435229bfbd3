/// The Java methods JUEL conditions commonly call, mapped onto FlowStage functions.
enum JUELMethods {
    static func translate(_ method: String, on target: TargetExpression, _ args: [TargetExpression],
                          column: Int) throws(ModelExpressionProblem) -> TargetExpression {
        func arity(_ count: Int) throws(ModelExpressionProblem) {
            guard args.count == count else {
                throw ModelExpressionProblem(column: column, message: "`\(method)()` takes \(count) argument\(count == 1 ? "" : "s") here, found \(args.count)")
            }
        }
        switch method {
        case "equals":
            try arity(1)
            return .binary("==", target, args[0])
        case "equalsIgnoreCase":
            try arity(1)
            return .binary("==", .call("lower", [target]), .call("lower", args))
        case "contains", "startsWith", "endsWith":
            try arity(1)
            return .call(method, [target] + args)
        case "length", "size":
            try arity(0)
            return .call("len", [target])
        case "isEmpty":
            try arity(0)
            return .call("isEmpty", [target])
        case "toUpperCase", "toLowerCase", "trim":
            try arity(0)
            return .call(method == "toUpperCase" ? "upper" : method == "toLowerCase" ? "lower" : "trim", [target])
        default:
            throw ModelExpressionProblem(column: column, message: "the JUEL method `\(method)()` is not supported")
        }
    }

    /// `execution.getVariable("x")` (or `task.…`) is the process variable `x`; anything else on the engine's objects is refused.
    static func engineVariable(_ position: inout Int, _ tokens: [JUELToken]) throws(ModelExpressionProblem) -> TargetExpression {
        func kind(_ offset: Int) -> JUELToken.Kind { tokens[Swift.min(position + offset, tokens.count - 1)].kind }
        let start = tokens[Swift.min(position, tokens.count - 1)]
        guard case .name(let object) = start.kind else { throw ModelExpressionProblem(column: start.column, message: "expected a value") }
        guard kind(1) == .symbol("."), kind(2) == .name("getVariable"), kind(3) == .symbol("("),
              case .string(let name) = kind(4), kind(5) == .symbol(")") else {
            throw ModelExpressionProblem(column: start.column, message: "`\(object)` is the process engine's object; only \(object).getVariable(\"name\") is supported")
        }
        guard TargetPrinter.isSimpleName(name) else {
            throw ModelExpressionProblem(column: start.column, message: "the variable name \"\(name)\" has characters FlowStage names cannot have")
        }
        position += 6
        return .name(name)
    }
}
