/// A worst-case step count worked out at parse time, so an expression the evaluation budget
/// (`Interpreter.maximumSteps`) would cut off is refused when the project loads, where
/// `validate` can say where it is, instead of evaluating to null on some screen (issue 27).
///
/// Every operand is evaluated once, so a node costs 1 plus its children; only `any`, `all`
/// and `filter` run their condition once per item, so nesting them multiplies the work.
enum WorkBound {
    /// The length assumed for every list a quantifier runs over.
    static let assumedListLength = 100

    private struct Cost {
        var steps: Int
        /// The costliest quantifier not inside another one: its steps, column and nesting depth.
        var outermost: (steps: Int, column: Int, depth: Int)?
        /// How deep quantifiers nest in this node.
        var depth = 0
    }

    static func check(_ syntax: Syntax) throws(ExpressionError) {
        let cost = cost(syntax)
        guard cost.steps > Interpreter.maximumSteps else { return }
        let depth = cost.outermost?.depth ?? cost.depth
        throw ExpressionError(column: cost.outermost?.column ?? 1, message:
            "this expression could take more than \(grouped(Interpreter.maximumSteps)) steps (quantifiers nested \(depth) deep"
            + " multiply the work by each list's length; lists are assumed to have \(assumedListLength) items);"
            + " split it or nest fewer any/all/filter")
    }

    /// Counts stop just past the budget, so deep nesting cannot overflow.
    private static let cap = Interpreter.maximumSteps + 1

    private static func cost(_ syntax: Syntax) -> Cost {
        switch syntax {
        case .call(let function, let arguments, let column) where function == .any || function == .all || function == .filter:
            let list = cost(arguments[0]), condition = cost(arguments[1])
            let steps = min(cap, 1 + list.steps + assumedListLength * condition.steps)
            let depth = 1 + max(list.depth, condition.depth)
            return Cost(steps: steps, outermost: (steps, column, depth), depth: depth)
        default: return sum(syntax.children)
        }
    }

    private static func sum(_ children: [Syntax]) -> Cost {
        var total = Cost(steps: 1)
        for child in children {
            let part = cost(child)
            total.steps = min(cap, total.steps + part.steps)
            total.depth = max(total.depth, part.depth)
            if let heavier = part.outermost, heavier.steps > (total.outermost?.steps ?? -1) { total.outermost = heavier }
        }
        return total
    }

    /// 1048576 as "1,048,576", whatever the locale.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
