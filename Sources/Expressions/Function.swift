/// The functions of spec/expressions.md with how many arguments each takes.
enum Function: String, CaseIterable, Sendable {
    case len, isEmpty, lower, upper, trim, contains, startsWith, endsWith, matches
    case number, string, round, floor, ceil, abs, min, max, sum, count
    case today, now, age, daysBetween

    var arity: ClosedRange<Int> {
        switch self {
        case .today, .now: 0...0
        case .contains, .startsWith, .endsWith, .matches, .daysBetween: 2...2
        case .round: 1...2
        case .min, .max: 1...Int.max
        default: 1...1
        }
    }
}
