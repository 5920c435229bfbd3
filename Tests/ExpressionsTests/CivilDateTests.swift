import Expressions
import Foundation
import Testing

/// The civil date of an instant is the one a Gregorian calendar gives in that zone, worked out
/// without a calendar.
@Suite struct CivilDates {
    @Test func theDateOfAnInstantIsTheCalendarsInEveryZone() throws {
        let zones = ["UTC", "Europe/Bucharest", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"]
            .compactMap(TimeZone.init(identifier:))
        #expect(zones.count == 6)
        // Every 7 hours 13 minutes from 1901 to 2100: midnights, month ends, leap days, DST changes.
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var instant = Date(timeIntervalSince1970: -2_177_452_800)
            while instant.timeIntervalSince1970 < 4_102_444_800 {
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                let date = CivilDate(instant, in: zone)
                #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day], "\(instant) in \(zone.identifier)")
                instant += 25_980
            }
        }
    }

    @Test func aDayNumberAndItsDateAgree() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: number).dayNumber == number)
        }
        #expect(CivilDate(dayNumber: 0).description == "1970-01-01")
        #expect(CivilDate(dayNumber: 19_782).description == "2024-02-29")
    }

    /// ISO 8601's calendar date, the year in four digits: what a date input posts and shows.
    @Test func aDateIsWrittenAsISOAndReadBackAsItself() {
        for number in stride(from: -719_528, through: 2_932_896, by: 331) {   // 0000-01-01 … 9999-12-31
            let date = CivilDate(dayNumber: number)
            #expect(date.description.utf8.count == 10)
            #expect(CivilDate(iso: date.description)?.dayNumber == number, "\(date.description)")
        }
        #expect(CivilDate(year: 5, month: 3, day: 7)?.description == "0005-03-07")
        #expect(CivilDate(year: 9999, month: 12, day: 31)?.description == "9999-12-31")
    }
}
