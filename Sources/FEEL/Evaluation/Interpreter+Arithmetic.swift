/// `+ - * / **` and negation over numbers, strings, temporal values and durations
/// (DMN 1.5, tables 57–61). Anything else is null with a warning; null in, null out.
extension Interpreter {
    mutating func negate(_ value: FEELValue, at: Int) -> FEELValue {
        switch value {
        case .null: return .null
        case .number(let n): return .number(n.negated)
        case .daysTime(let d): return FEELDaysTimeDuration(nanoseconds: -d.nanoseconds).map(FEELValue.daysTime) ?? .null
        case .yearsMonths(let d): return FEELYearsMonthsDuration(months: -d.months).map(FEELValue.yearsMonths) ?? .null
        default:
            warn("a \(value.typeName) cannot be negated", at: at)
            return .null
        }
    }

    mutating func arithmetic(_ op: ArithmeticOperator, _ a: FEELValue, _ b: FEELValue, at: Int) -> FEELValue {
        if a.isNull || b.isNull { return .null }
        if let result = Interpreter.combine(op, a, b) {
            if case .string(let text) = result, text.utf8.count > environment.maximumStringLength {
                warn("a string grew longer than \(environment.maximumStringLength) bytes", at: at)
                return .null
            }
            if result.isNull { warn(Interpreter.nullReason(op, a, b), at: at) }
            return result
        }
        warn("\(a.typeName) \(op.rawValue) \(b.typeName) is not defined; the result is null", at: at)
        return .null
    }

    private static func nullReason(_ op: ArithmeticOperator, _ a: FEELValue, _ b: FEELValue) -> String {
        if op == .divide, case .number(let divisor) = b, divisor.isZero { return "division by zero; the result is null" }
        if op == .divide, case .daysTime(let d) = b, d.nanoseconds == 0 { return "division by a zero duration; the result is null" }
        if op == .divide, case .yearsMonths(let d) = b, d.months == 0 { return "division by a zero duration; the result is null" }
        if isZoned(a) != isZoned(b) {
            return "one side has a time zone and the other has none, so \(a.typeName) \(op.rawValue) \(b.typeName) is null"
        }
        return "\(a.typeName) \(op.rawValue) \(b.typeName) is out of range; the result is null"
    }

    /// Whether a time or date and time has a zone; nil for other values.
    private static func isZoned(_ value: FEELValue) -> Bool? {
        switch value {
        case .time(let time): time.zone != nil
        case .dateTime(let dateTime): dateTime.zone != nil
        default: nil
        }
    }

    /// The result, `.null` when the operation is defined but its result is not (overflow,
    /// division by zero), nil when it is not defined for these types.
    static func combine(_ op: ArithmeticOperator, _ a: FEELValue, _ b: FEELValue) -> FEELValue? {
        switch (op, a, b) {
        case (_, .number(let x), .number(let y)):
            switch op {
            case .add: return .number(x + y)
            case .subtract: return .number(x - y)
            case .multiply: return .number(x * y)
            case .divide: return .number(x / y)
            case .power: return .number(x.power(y))
            }
        case (.add, .string(let x), .string(let y)):
            return .string(x + y)

        case (.add, .daysTime(let x), .daysTime(let y)): return daysTime(x.nanoseconds + y.nanoseconds)
        case (.subtract, .daysTime(let x), .daysTime(let y)): return daysTime(x.nanoseconds - y.nanoseconds)
        case (.add, .yearsMonths(let x), .yearsMonths(let y)): return yearsMonths(x.months + y.months)
        case (.subtract, .yearsMonths(let x), .yearsMonths(let y)): return yearsMonths(x.months - y.months)
        case (.multiply, .daysTime(let d), .number(let n)), (.multiply, .number(let n), .daysTime(let d)):
            return (d.seconds * n).flatMap(FEELDaysTimeDuration.init(seconds:)).map(FEELValue.daysTime) ?? .null
        case (.divide, .daysTime(let d), .number(let n)):
            return (d.seconds / n).flatMap(FEELDaysTimeDuration.init(seconds:)).map(FEELValue.daysTime) ?? .null
        case (.multiply, .yearsMonths(let d), .number(let n)), (.multiply, .number(let n), .yearsMonths(let d)):
            return months((FEELNumber(d.months) * n))
        case (.divide, .yearsMonths(let d), .number(let n)):
            return months(FEELNumber(d.months) / n)
        case (.divide, .daysTime(let x), .daysTime(let y)):
            return .number(x.seconds / y.seconds)
        case (.divide, .yearsMonths(let x), .yearsMonths(let y)):
            return .number(FEELNumber(x.months) / FEELNumber(y.months))

        case (.add, .date(let d), .yearsMonths(let m)), (.add, .yearsMonths(let m), .date(let d)):
            return d.adding(months: m.months).map(FEELValue.date) ?? .null
        case (.subtract, .date(let d), .yearsMonths(let m)):
            return d.adding(months: -m.months).map(FEELValue.date) ?? .null
        case (.add, .date(let d), .daysTime(let x)), (.add, .daysTime(let x), .date(let d)):
            return shifted(d, by: x.nanoseconds)
        case (.subtract, .date(let d), .daysTime(let x)):
            return shifted(d, by: -x.nanoseconds)
        case (.subtract, .date(let x), .date(let y)):
            return daysTime(Int128(x.epochDay - y.epochDay) * 86_400 * 1_000_000_000)

        case (.add, .dateTime(let t), .yearsMonths(let m)), (.add, .yearsMonths(let m), .dateTime(let t)):
            return t.date.adding(months: m.months).map { .dateTime(FEELDateTime(date: $0, time: t.time)) } ?? .null
        case (.subtract, .dateTime(let t), .yearsMonths(let m)):
            return t.date.adding(months: -m.months).map { .dateTime(FEELDateTime(date: $0, time: t.time)) } ?? .null
        case (.add, .dateTime(let t), .daysTime(let x)), (.add, .daysTime(let x), .dateTime(let t)):
            return shifted(t, by: x.nanoseconds)
        case (.subtract, .dateTime(let t), .daysTime(let x)):
            return shifted(t, by: -x.nanoseconds)
        case (.subtract, .dateTime(let x), .dateTime(let y)):
            return difference(x, y)
        // A date beside a date and time is its midnight in UTC (DMN 1.5, 10.3.2.3.6).
        case (.subtract, .dateTime(let x), .date(let y)):
            return difference(x, utcMidnight(y))
        case (.subtract, .date(let x), .dateTime(let y)):
            return difference(utcMidnight(x), y)

        case (.add, .time(let t), .daysTime(let x)), (.add, .daysTime(let x), .time(let t)):
            return .time(FEELTime(nanosecondsOfDay: t.nanosecondsOfDay + x.nanoseconds, zone: t.zone))
        case (.subtract, .time(let t), .daysTime(let x)):
            return .time(FEELTime(nanosecondsOfDay: t.nanosecondsOfDay - x.nanoseconds, zone: t.zone))
        case (.subtract, .time(let x), .time(let y)):
            if (x.zone == nil) != (y.zone == nil) { return .null }
            let offsets = Int128((x.offsetSeconds ?? 0) - (y.offsetSeconds ?? 0)) * 1_000_000_000
            return daysTime(x.nanosecondsOfDay - y.nanosecondsOfDay - offsets)
        default:
            return nil
        }
    }

    static func utcMidnight(_ date: FEELDate) -> FEELDateTime {
        FEELDateTime(date: date, time: FEELTime(hour: 0, minute: 0, second: 0, zone: .offset(seconds: 0))!)
    }

    private static func daysTime(_ nanoseconds: Int128) -> FEELValue {
        FEELDaysTimeDuration(nanoseconds: nanoseconds).map(FEELValue.daysTime) ?? .null
    }

    private static func yearsMonths(_ months: Int) -> FEELValue {
        FEELYearsMonthsDuration(months: months).map(FEELValue.yearsMonths) ?? .null
    }

    /// Months from a computed number, cut toward zero to whole months.
    private static func months(_ value: FEELNumber?) -> FEELValue {
        guard let whole = value?.rounded(scale: 0, mode: .down)?.intValue else { return .null }
        return yearsMonths(whole)
    }

    /// A date moved by a days and time duration: the date of its midnight plus the duration.
    private static func shifted(_ date: FEELDate, by nanoseconds: Int128) -> FEELValue {
        let day: Int128 = 86_400 * 1_000_000_000
        var days = nanoseconds / day
        if nanoseconds < 0 && nanoseconds % day != 0 { days -= 1 }
        let epochDay = Int128(date.epochDay) + days
        let result = FEELDate(epochDay: Int(epochDay))
        return result.year.magnitude <= FEELDate.maximumYear ? .date(result) : .null
    }

    /// A date and time moved by a duration: on the time line for a zoned one (so a named zone's
    /// offset follows daylight saving), on the wall clock for a local one.
    private static func shifted(_ dateTime: FEELDateTime, by nanoseconds: Int128) -> FEELValue {
        if case .named = dateTime.zone, let instant = dateTime.instant, let zone = dateTime.zone {
            return FEELDateTime(instant: instant + nanoseconds, zone: zone).map(FEELValue.dateTime) ?? .null
        }
        return FEELDateTime(localNanoseconds: dateTime.localNanoseconds + nanoseconds, zone: dateTime.zone).map(FEELValue.dateTime) ?? .null
    }

    /// `x - y` for dates and times: between instants when both have a zone, between wall
    /// clock readings when neither has; null when one has and the other not.
    private static func difference(_ x: FEELDateTime, _ y: FEELDateTime) -> FEELValue {
        if let a = x.instant, let b = y.instant { return daysTime(a - b) }
        if x.zone == nil && y.zone == nil { return daysTime(x.localNanoseconds - y.localNanoseconds) }
        return .null
    }
}
