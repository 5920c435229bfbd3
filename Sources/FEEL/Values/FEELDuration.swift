/// A FEEL `days and time duration`, to the nanosecond (`P1DT2H`, `-PT0.5S`).
public struct FEELDaysTimeDuration: Sendable, Hashable, Comparable {
    public let nanoseconds: Int128

    static let nanosecondsPerSecond: Int128 = 1_000_000_000
    /// DMN allows up to 999,999,999 days; a result beyond that is null.
    static let limit: Int128 = 999_999_999 * 86_400 * 1_000_000_000 + 86_399_999_999_999

    public init?(nanoseconds: Int128) {
        guard nanoseconds.magnitude <= UInt128(FEELDaysTimeDuration.limit) else { return nil }
        self.nanoseconds = nanoseconds
    }

    public static func < (a: Self, b: Self) -> Bool { a.nanoseconds < b.nanoseconds }

    var seconds: FEELNumber {
        let whole = FEELNumber.rounded(negative: nanoseconds < 0, coefficient: UInt128(nanoseconds.magnitude), exponent: -9)
        return whole ?? .zero
    }

    init?(seconds: FEELNumber) {
        guard let nanos = seconds * FEELNumber(1_000_000_000), let whole = nanos.rounded(scale: 0, mode: .down) else { return nil }
        guard whole.exponent <= 30 else { return nil }
        let magnitude = whole.coefficient * FEELNumber.powersOfTen[Int(whole.exponent)]
        guard magnitude <= UInt128(FEELDaysTimeDuration.limit) else { return nil }
        self.init(nanoseconds: whole.negative ? -Int128(magnitude) : Int128(magnitude))
    }

    // The properties `days`, `hours`, `minutes`, `seconds` (each keeps the duration's sign).
    var totalSeconds: Int128 { nanoseconds / FEELDaysTimeDuration.nanosecondsPerSecond }
    var daysPart: Int128 { totalSeconds / 86_400 }
    var hoursPart: Int128 { totalSeconds % 86_400 / 3600 }
    var minutesPart: Int128 { totalSeconds % 3600 / 60 }
    var secondsPart: Int128 { totalSeconds % 60 }

    /// `P1DT2H30M`, `-PT1.5S`, `PT0S`.
    public var text: String {
        if nanoseconds == 0 { return "PT0S" }
        let magnitude = nanoseconds.magnitude
        let total = magnitude / 1_000_000_000
        let fraction = Int(magnitude % 1_000_000_000)
        let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60, seconds = total % 60
        var text = nanoseconds < 0 ? "-P" : "P"
        if days > 0 { text += String(days) + "D" }
        if hours > 0 || minutes > 0 || seconds > 0 || fraction > 0 {
            text += "T"
            if hours > 0 { text += String(hours) + "H" }
            if minutes > 0 { text += String(minutes) + "M" }
            if seconds > 0 || fraction > 0 { text += String(seconds) + TemporalText.fraction(fraction) + "S" }
        }
        return text
    }
}

/// A FEEL `years and months duration` (`P1Y2M`), kept as months.
public struct FEELYearsMonthsDuration: Sendable, Hashable, Comparable {
    public let months: Int

    public init?(months: Int) {
        guard months.magnitude <= 999_999_999 * 12 + 11 else { return nil }
        self.months = months
    }

    public static func < (a: Self, b: Self) -> Bool { a.months < b.months }

    /// `P1Y2M`, `-P3M`, `P0M`.
    public var text: String {
        if months == 0 { return "P0M" }
        let years = months.magnitude / 12, rest = months.magnitude % 12
        var text = months < 0 ? "-P" : "P"
        if years > 0 { text += String(years) + "Y" }
        if rest > 0 { text += String(rest) + "M" }
        return text
    }
}
