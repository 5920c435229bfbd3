/// A FEEL `date`: a day of the proleptic Gregorian calendar, years −999,999,999 to 999,999,999
/// as DMN 1.5 allows. Days are counted from 1970-01-01 (`epochDay`) for arithmetic and order.
public struct FEELDate: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    static let maximumYear = 999_999_999

    public init?(year: Int, month: Int, day: Int) {
        guard year.magnitude <= FEELDate.maximumYear, (1...12).contains(month),
              day >= 1, day <= FEELDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(epochDay: Int) {
        // Howard Hinnant's civil_from_days: eras of 400 years (146,097 days) from 0000-03-01.
        let z = epochDay + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    public var epochDay: Int { FEELDate.epochDay(year: year, month: month, day: day) }

    /// Howard Hinnant's days_from_civil, for any year, month and day in range: FlowStage's own
    /// calendar dates count their days here too, so there is one calendar in the product.
    public static func epochDay(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func < (a: FEELDate, b: FEELDate) -> Bool { a.epochDay < b.epochDay }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 1 is Monday, 7 Sunday (ISO 8601).
    public var weekday: Int {
        let days = epochDay + 3 // 1970-01-01 was a Thursday
        return ((days % 7) + 7) % 7 + 1
    }

    public var dayOfYear: Int { epochDay - FEELDate(year: year, month: 1, day: 1)!.epochDay + 1 }

    /// The ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday).
    public var isoWeek: Int {
        let thursday = FEELDate(epochDay: epochDay - weekday + 4)
        return (thursday.dayOfYear - 1) / 7 + 1
    }

    /// Adds months, keeping the day unless the month is shorter (Jan 31 + 1 month is Feb 28 or 29).
    public func adding(months: Int) -> FEELDate? {
        let (carry, month0) = (month - 1 + months).quotientAndRemainder(dividingBy: 12)
        let newYear = year + carry + (month0 < 0 ? -1 : 0)
        let newMonth = (month0 + 12) % 12 + 1
        return FEELDate(year: newYear, month: newMonth, day: Swift.min(day, FEELDate.daysIn(month: newMonth, year: newYear)))
    }

    /// `2024-01-31`; years of more than four digits as they are, negative years with `-`.
    public var text: String {
        let digits = String(year.magnitude)
        let padded = digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
        return (year < 0 ? "-" : "") + padded + "-" + TemporalText.two(month) + "-" + TemporalText.two(day)
    }
}
