/// The functions of docs/reference/expressions.md with how many arguments each takes.
enum Function: String, CaseIterable, Sendable {
    case len, isEmpty, lower, upper, trim, contains, startsWith, endsWith, matches
    case number, string, round, floor, ceil, abs, min, max, sum, count
    case today, now, age, daysBetween
    case substring, replace, split, join, date
    /// List quantifiers and filter: the second argument is evaluated lazily, once per element,
    /// with `$item` bound to it (the innermost binding wins), like the right side of `&&`.
    case any, all, filter

    var arity: ClosedRange<Int> {
        switch self {
        case .today, .now: 0...0
        case .contains, .startsWith, .endsWith, .matches, .daysBetween, .split, .any, .all, .filter: 2...2
        case .round, .join: 1...2
        case .substring: 2...3
        case .replace: 3...3
        case .min, .max: 1...Int.max
        default: 1...1
        }
    }
}
