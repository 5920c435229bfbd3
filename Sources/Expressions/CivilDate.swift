import FEEL
import Foundation

/// A calendar date without time, as ISO `YYYY-MM-DD` text. Day arithmetic uses the
/// proleptic Gregorian day number, so it needs no Calendar and is the same everywhere.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= FEELDate.daysIn(month: month, year: year) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// Reads `2024-05-31`, also the date part of a full ISO timestamp.
    public init?(iso text: String) {
        let head = text.prefix(10)
        let parts = head.split(separator: "-", omittingEmptySubsequences: false)
        guard head.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              text.count == 10 || text.dropFirst(10).first == "T" || text.dropFirst(10).first == " ",
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `instant` falls on in `timeZone`: the zone's offset at that instant, then day
    /// arithmetic. No `Calendar`: a page with a "today" date bound asks on every view.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// The date `dayNumber` days after 1970-01-01: FEEL's calendar, the product's one calendar.
    public init(dayNumber: Int) {
        let date = FEELDate(epochDay: dayNumber)
        year = date.year; month = date.month; day = date.day
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { FEELDate.epochDay(year: year, month: month, day: day) }

    /// Whole years from this date to `other` (an age).
    public func years(until other: CivilDate) -> Int {
        var years = other.year - year
        if (other.month, other.day) < (month, day) { years -= 1 }
        return years
    }

    public var description: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            func pad(_ n: Int, _ width: Int) -> String { let s = String(n); return String(repeating: "0", count: max(0, width - s.count)) + s }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        // Digit by digit into ten bytes: padding and interpolating cost some 2,700 instructions,
        // and a page with a date picker writes a date or two per view.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ number: Int, at start: Int, width: Int) {
                var number = number
                for index in (start..<start + width).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(number % 10)
                    number /= 10
                }
            }
            put(year, at: 0, width: 4)
            bytes[4] = UInt8(ascii: "-")
            put(month, at: 5, width: 2)
            bytes[7] = UInt8(ascii: "-")
            put(day, at: 8, width: 2)
            return 10
        }
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }
}
