/// The names a FEEL expression binds itself, and what each becomes in FlowStage.
///
/// FlowStage has one element variable, `$item`, rebound by each `any`/`all`/`filter`: a FEEL
/// quantifier or filter variable becomes `$item` at its own level only. A condition that reaches
/// an outer quantifier's variable has no FlowStage equivalent and is refused.
struct FEELBindings {
    enum Meaning {
        /// A `some`/`every` variable or a filter's `item`, at its quantifier level.
        case element(level: Int)
        /// An earlier entry of the same context literal, substituted by its translation.
        case substitute(TargetExpression, level: Int)
    }

    private var names: [(name: String, meaning: Meaning, used: Bool)] = []
    /// How many quantifiers and filters enclose the current position.
    private(set) var level = 0

    mutating func enterElementScope(_ name: String) {
        level += 1
        names.append((name, .element(level: level), false))
    }

    /// Leaves the innermost element scope; tells whether its variable was used.
    mutating func leaveElementScope() -> Bool {
        level -= 1
        return names.popLast()?.used ?? false
    }

    mutating func bind(_ name: String, to target: TargetExpression) {
        names.append((name, .substitute(target, level: level), false))
    }

    mutating func unbind(count: Int) {
        names.removeLast(Swift.min(count, names.count))
    }

    /// The translation of `name`, nil when the expression does not bind it (a data name).
    mutating func resolve(_ name: String, column: Int) throws(TranslationProblem) -> TargetExpression? {
        guard let index = names.lastIndex(where: { $0.name == name }) else {
            if name == "this" {
                // form-js: `this` is the current row of a dynamic list, FlowStage's `$item`.
                guard level == 0 else {
                    throw TranslationProblem(column: column, message: "`this` inside `some`, `every` or a filter is not supported")
                }
                return .name("$item")
            }
            return nil
        }
        names[index].used = true
        switch names[index].meaning {
        case .element(let bound) where bound == level:
            return .name("$item")
        case .element:
            throw TranslationProblem(column: column, message: "`\(name)` belongs to an outer `some`, `every` or filter; a condition may only use its own element")
        case .substitute(let target, let bound):
            guard bound == level || !target.usesItem else {
                throw TranslationProblem(column: column, message: "`\(name)` depends on an element and is used inside another `some`, `every` or filter")
            }
            return target
        }
    }
}
