import Foundation

/// DMN 1.5 table 75–76 (temporal functions), `is` and `range` (table 78–79).
extension BuiltinFunctions {
    static let temporalFunctions: [(String, BuiltinFunction)] = [
        ("now", BuiltinFunction("") { _, interpreter in .dateTime(Clock.now(interpreter.environment)) }),
        ("today", BuiltinFunction("") { _, interpreter in .date(Clock.now(interpreter.environment).date) }),
        ("day of year", BuiltinFunction("date") { call, _ in call.date(0).map { .number($0.dayOfYear) } ?? .null }),
        ("day of week", BuiltinFunction("date") { call, _ in
            call.date(0).map { .string(Clock.weekdays[$0.weekday - 1]) } ?? .null
        }),
        ("month of year", BuiltinFunction("date") { call, _ in
            call.date(0).map { .string(Clock.months[$0.month - 1]) } ?? .null
        }),
        ("week of year", BuiltinFunction("date") { call, _ in call.date(0).map { .number($0.isoWeek) } ?? .null }),
        ("is", BuiltinFunction("value1, value2") { call, _ in
            let a = call[0], b = call[1]
            switch (a, b) {
            case (.time(let x), .time(let y)): return .bool(x == y)
            case (.dateTime(let x), .dateTime(let y)): return .bool(x == y)
            default:
                guard a.isNull == b.isNull, a.isNull || Comparisons.sameKind(a, b) || a.typeName == b.typeName else { return .bool(false) }
                return .bool(Comparisons.equal(a, b) == true)
            }
        }),
        ("range", BuiltinFunction("from") { call, _ in
            guard let text = call.string(0) else { return .null }
            guard let value = RangeText.read(text) else {
                call.problem = "\"\(text)\" is not an interval such as \"[1..10)\" or \"(0..1]\""
                return .null
            }
            return value
        }),
    ]
}

/// `now()` and `today()`, from the environment's clock and zone.
enum Clock {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]

    static func now(_ environment: FEELEnvironment) -> FEELDateTime {
        let seconds = environment.now.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let nanoseconds = Int128(Int64(whole)) * 1_000_000_000 + Int128(Int64((seconds - whole) * 1_000_000) * 1000)
        let zone = FEELZone.named(environment.timeZone.identifier)
        return FEELDateTime(instant: nanoseconds, zone: zone)
            ?? FEELDateTime(localNanoseconds: nanoseconds, zone: .offset(seconds: 0))!
    }
}

/// `range("[1..10)")`: the text of a range with literal ends (DMN 1.5, 10.3.4.9).
enum RangeText {
    static func read(_ text: String) -> FEELValue? {
        guard let node = try? Parser.parseExpression(text, knownNames: BuiltinFunctions.knownNames) else { return nil }
        guard case .range(let start, let end, _, _, _) = node, isLiteral(start), isLiteral(end) else { return nil }
        var interpreter = Interpreter(variables: NoVariables(), environment: FEELEnvironment())
        let value = interpreter.evaluate(node)
        if case .range = value { return value }
        return nil
    }

    private static func isLiteral(_ node: Node) -> Bool {
        switch node {
        case .literal: return true
        case .builtinCall(let name, let arguments, _):
            return ["date", "time", "date and time", "duration"].contains(name) && arguments.nodes.allSatisfy(isLiteral)
        default: return false
        }
    }
}
