/// DMN 1.5 table 73: numeric functions. A scale is a whole number from −6111 to 6176.
extension BuiltinFunctions {
    static let numericFunctions: [(String, BuiltinFunction)] = [
        ("decimal", rounding("n, scale", .halfEven)),
        ("floor", rounding("n, scale?", .floor)),
        ("ceiling", rounding("n, scale?", .ceiling)),
        ("round up", rounding("n, scale", .up)),
        ("round down", rounding("n, scale", .down)),
        ("round half up", rounding("n, scale", .halfUp)),
        ("round half down", rounding("n, scale", .halfDown)),
        ("abs", BuiltinFunction("n") { call, _ in
            switch call[0] {
            case .number(let n): return .number(n.magnitude)
            case .daysTime(let d): return FEELDaysTimeDuration(nanoseconds: d.nanoseconds.magnitude > 0 ? Int128(d.nanoseconds.magnitude) : 0).map(FEELValue.daysTime) ?? .null
            case .yearsMonths(let d): return FEELYearsMonthsDuration(months: abs(d.months)).map(FEELValue.yearsMonths) ?? .null
            case .null: return .null
            default: call.wrong(0, expected: "a number or duration"); return .null
            }
        }),
        ("modulo", BuiltinFunction("dividend, divisor") { call, _ in
            guard let dividend = call.number(0), let divisor = call.number(1) else { return .null }
            guard !divisor.isZero else { call.problem = "`modulo` by zero"; return .null }
            return .number(dividend.modulo(divisor))
        }),
        ("sqrt", BuiltinFunction("number") { call, _ in
            guard let n = call.number(0) else { return .null }
            guard !n.isNegative else { call.problem = "`sqrt` of a negative number"; return .null }
            return .number(n.squareRoot)
        }),
        ("log", BuiltinFunction("number") { call, _ in
            guard let n = call.number(0) else { return .null }
            guard !n.isNegative, !n.isZero else { call.problem = "`log` of a number that is not positive"; return .null }
            return .number(n.naturalLogarithm)
        }),
        ("exp", BuiltinFunction("number") { call, _ in
            guard let n = call.number(0) else { return .null }
            return .number(n.exponential)
        }),
        ("odd", BuiltinFunction("number") { call, _ in
            guard let n = call.number(0) else { return .null }
            guard n.isInteger else { return .bool(false) }
            return .bool(n.modulo(FEELNumber(2)).map { !$0.isZero } ?? false)
        }),
        ("even", BuiltinFunction("number") { call, _ in
            guard let n = call.number(0) else { return .null }
            guard n.isInteger else { return .bool(false) }
            return .bool(n.modulo(FEELNumber(2)).map { $0.isZero } ?? false)
        }),
    ]

    private static func rounding(_ signature: String, _ mode: RoundingMode) -> BuiltinFunction {
        BuiltinFunction(signature) { call, _ in
            guard let n = call.number(0) else { return .null }
            var scale = 0
            if call.isGiven(1) {
                guard !call[1].isNull, let given = call.int(1) else { return .null }
                scale = given
            }
            guard (-6111...6176).contains(scale) else {
                call.problem = "`\(call.name)` takes a scale from -6111 to 6176"
                return .null
            }
            return .number(n.rounded(scale: scale, mode: mode))
        }
    }
}
