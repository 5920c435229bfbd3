/// FEEL equality and order (DMN 1.5, 10.3.2.2 and table 54), shared by the operators, unary
/// tests, ranges and the list functions.
enum Comparisons {
    /// `a = b`: true, false, or nil when the two cannot be compared (different types).
    /// null equals only null.
    static func equal(_ a: FEELValue, _ b: FEELValue) -> Bool? {
        switch (a, b) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.date(let x), .date(let y)): return x == y
        // A local time or date and time is never equal to one with a zone (as `is` has it).
        case (.time(let x), .time(let y)): return (x.zone == nil) != (y.zone == nil) ? false : order(a, b).map { $0 == 0 }
        case (.dateTime, .dateTime):
            return order(a, b).map { $0 == 0 } ?? false
        case (.daysTime(let x), .daysTime(let y)): return x == y
        case (.yearsMonths(let x), .yearsMonths(let y)): return x == y
        case (.list(let x), .list(let y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) {
                guard let same = equal(p, q) else { return nil }
                if !same { return false }
            }
            return true
        case (.context(let x), .context(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in zip(x.keys, x.values) {
                guard let other = y[key] else { return false }
                guard let same = equal(value, other) else { return nil }
                if !same { return false }
            }
            return true
        case (.range(let x), .range(let y)):
            guard x.comparison == y.comparison, x.startIncluded == y.startIncluded, x.endIncluded == y.endIncluded else { return false }
            guard let start = equal(x.start, y.start), let end = equal(x.end, y.end) else { return nil }
            return start && end
        case (.function, .function): return nil
        default: return nil
        }
    }

    /// -1, 0 or 1; nil when the two have no order between them.
    static func order(_ a: FEELValue, _ b: FEELValue) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)): return FEELNumber.compare(x, y)
        case (.string(let x), .string(let y)):
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1
                : (x.unicodeScalars.elementsEqual(y.unicodeScalars) ? 0 : 1)
        case (.date(let x), .date(let y)): return sign(x.epochDay, y.epochDay)
        case (.dateTime(let x), .dateTime(let y)):
            if let i = x.instant, let j = y.instant { return sign(milliseconds(i), milliseconds(j)) }
            if x.zone == nil && y.zone == nil { return sign(milliseconds(x.localNanoseconds), milliseconds(y.localNanoseconds)) }
            return nil
        case (.time(let x), .time(let y)):
            if x.zone == nil && y.zone == nil { return sign(milliseconds(x.nanosecondsOfDay), milliseconds(y.nanosecondsOfDay)) }
            guard let p = x.offsetSeconds, let q = y.offsetSeconds else { return nil }
            return sign(milliseconds(x.nanosecondsOfDay - Int128(p) * 1_000_000_000),
                        milliseconds(y.nanosecondsOfDay - Int128(q) * 1_000_000_000))
        case (.daysTime(let x), .daysTime(let y)): return sign(x.nanoseconds, y.nanoseconds)
        case (.yearsMonths(let x), .yearsMonths(let y)): return sign(x.months, y.months)
        default: return nil
        }
    }

    /// Times and dates and times compare to the millisecond, as the TCK expects
    /// (`time("10:30:00.0001") = time("10:30:00.0002")`).
    private static func milliseconds(_ nanoseconds: Int128) -> Int128 {
        nanoseconds >= 0 ? nanoseconds / 1_000_000 : (nanoseconds - 999_999) / 1_000_000
    }

    private static func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

    /// Whether values of this kind have an order (can end a range, be sorted, be compared with `<`).
    static func isOrdered(_ value: FEELValue) -> Bool {
        switch value {
        case .number, .string, .date, .time, .dateTime, .daysTime, .yearsMonths: true
        default: false
        }
    }

    static func sameKind(_ a: FEELValue, _ b: FEELValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.string, .string), (.date, .date), (.time, .time), (.dateTime, .dateTime),
             (.daysTime, .daysTime), (.yearsMonths, .yearsMonths), (.bool, .bool):
            true
        default:
            false
        }
    }

    /// Whether `value` lies in `range`; nil when it cannot be compared with the ends or an
    /// interval's end is null (unknown).
    static func contains(_ range: FEELRange, _ value: FEELValue) -> Bool? {
        switch range.comparison {
        case .equal?: return equal(value, range.start)
        case .notEqual?: return equal(value, range.start).map(!)
        default: break
        }
        if value.isNull { return nil }
        if range.comparison == nil && (range.start.isNull || range.end.isNull) { return nil }
        if !range.start.isNull {
            guard let order = order(value, range.start) else { return nil }
            if order < 0 || (order == 0 && !range.startIncluded) { return false }
        }
        if !range.end.isNull {
            guard let order = order(value, range.end) else { return nil }
            if order > 0 || (order == 0 && !range.endIncluded) { return false }
        }
        return true
    }
}

extension Interpreter {
    mutating func compare(_ op: ComparisonOperator, _ a: FEELValue, _ b: FEELValue, at: Int) -> FEELValue {
        switch op {
        case .equal, .notEqual:
            guard let same = Comparisons.equal(a, b) else {
                warn("a \(a.typeName) cannot be compared with a \(b.typeName); the comparison is null", at: at)
                return .null
            }
            return .bool(op == .equal ? same : !same)
        default:
            if a.isNull || b.isNull { return .null }
            guard let order = Comparisons.order(a, b) else {
                if a.typeName == b.typeName {
                    warn("a \(a.typeName) without a time zone has no order with one that has a zone; the comparison is null", at: at)
                } else {
                    warn("a \(a.typeName) cannot be compared with a \(b.typeName); the comparison is null", at: at)
                }
                return .null
            }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        }
    }

}
