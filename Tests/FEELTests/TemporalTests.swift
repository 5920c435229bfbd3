@testable import FEEL
import Foundation
import Testing

/// Dates, times, durations: their functions, properties, arithmetic and order (DMN 1.5,
/// tables 57–66, 75–76; the clock is FEELTest's 2024-06-01T12:00:00Z).
struct TemporalTests {
    @Test(arguments: [
        (#"day of week(date("2019-09-17"))"#, #""Tuesday""#),
        (#"day of week(date("2024-06-02"))"#, #""Sunday""#),
        (#"day of week(date and time("2019-09-17T10:00:00"))"#, #""Tuesday""#),
        (#"day of year(date("2019-09-17"))"#, "260"),
        (#"day of year(date("2024-12-31"))"#, "366"),
        (#"week of year(date("2019-09-17"))"#, "38"),
        (#"week of year(date("2021-01-03"))"#, "53"),
        (#"week of year(date("2024-12-30"))"#, "1"),
        (#"month of year(date("2019-09-17"))"#, #""September""#),
        (#"last day of month(date("2022-10-01"))"#, "2022-10-31"),
        (#"last day of month(date("2024-02-10"))"#, "2024-02-29"),
        (#"last day of month(date("2023-02-10"))"#, "2023-02-28"),
        (#"last day of month(date and time("2023-04-10T10:00:00"))"#, "2023-04-30"),
        ("day of week(null)", "null"),
    ])
    func calendarFunctions(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        ("today()", "2024-06-01"),
        (#"now() = @"2024-06-01T12:00:00Z""#, "true"),
        ("now().hour", "12"),
        ("now() instance of date and time", "true"),
        ("today() + duration(\"P1D\")", "2024-06-02"),
    ])
    func nowAndTodayReadTheEnvironmentsClock(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test func nowIsInTheEnvironmentsZone() throws {
        var environment = FEELTest.environment
        environment.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let result = try FEELExpression("now()").evaluate(environment: environment)
        #expect(result.value.literal == "2024-06-01T14:00:00@Europe/Berlin")
    }

    @Test(arguments: [
        (#"date("2024-01-31").year"#, "2024"), (#"date("2024-01-31").month"#, "1"), (#"date("2024-01-31").day"#, "31"),
        (#"date("2024-01-31").weekday"#, "3"), (#"date("2024-06-02").weekday"#, "7"),
        (#"date and time("2024-01-31T10:20:30").year"#, "2024"), (#"date and time("2024-01-31T10:20:30").weekday"#, "3"),
        (#"date and time("2024-01-31T10:20:30").hour"#, "10"), (#"date and time("2024-01-31T10:20:30").minute"#, "20"),
        (#"date and time("2024-01-31T10:20:30.5").second"#, "30"),
        (#"time("10:20:30").hour"#, "10"), (#"time("10:20:30").second"#, "30"),
        (#"time("10:20:30+01:00").time offset"#, "PT1H"), (#"time("10:20:30-05:30").time offset"#, "-PT5H30M"),
        (#"time("10:20:30").time offset"#, "null"), (#"time("10:20:30+01:00").timezone"#, "null"),
        (#"time("10:00:00@Europe/Berlin").timezone"#, #""Europe/Berlin""#),
        (#"date and time("2024-01-31T10:00:00+02:00").time offset"#, "PT2H"),
        (#"date and time("2024-01-31T10:00:00@Europe/Berlin").time offset"#, "PT1H"),
        (#"date and time("2024-07-31T10:00:00@Europe/Berlin").time offset"#, "PT2H"),
        (#"date and time("2024-01-31T10:00:00@Europe/Berlin").timezone"#, #""Europe/Berlin""#),
        (#"date and time("2024-01-31T10:00:00Z").timezone"#, "null"),
        (#"date and time("2024-01-31T10:00:00").time offset"#, "null"),
        (#"duration("P2DT3H4M5S").days"#, "2"), (#"duration("P2DT3H4M5S").hours"#, "3"),
        (#"duration("P2DT3H4M5S").minutes"#, "4"), (#"duration("P2DT3H4M5S").seconds"#, "5"),
        (#"duration("PT50H").days"#, "2"), (#"duration("PT50H").hours"#, "2"), (#"duration("-PT90M").minutes"#, "-30"),
        (#"duration("P1Y2M").years"#, "1"), (#"duration("P1Y2M").months"#, "2"), (#"duration("P26M").years"#, "2"),
    ])
    func temporalValuesHaveProperties(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date("2024-01-31").hour"#, "a date has no property `hour`"),
        (#"duration("P1Y2M").days"#, "a years and months duration has no property `days`"),
        (#"time("10:00:00").year"#, "a time has no property `year`"),
    ])
    func anUnknownPropertyIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }

    @Test(arguments: [
        (#"date("2024-01-31") + duration("P1M")"#, "2024-02-29"),
        (#"date("2024-03-31") - duration("P1M")"#, "2024-02-29"),
        (#"date("2024-01-31") + duration("P1Y")"#, "2025-01-31"),
        (#"date("2024-01-31") + duration("P1D")"#, "2024-02-01"),
        (#"date("2024-01-31") + duration("PT36H")"#, "2024-02-01"),
        (#"date("2024-01-01") - duration("PT1H")"#, "2023-12-31"),
        (#"duration("P1D") + date("2024-01-31")"#, "2024-02-01"),
        (#"date("2024-01-31") - date("2024-01-01")"#, "P30D"),
        (#"date("2024-01-01") - date("2024-01-31")"#, "-P30D"),
        (#"date and time("2024-01-31T10:00:00") + duration("PT20H")"#, "2024-02-01T06:00:00"),
        (#"date and time("2024-01-31T10:00:00") + duration("P1M")"#, "2024-02-29T10:00:00"),
        (#"date and time("2024-01-31T10:00:00") - date and time("2024-01-30T09:00:00")"#, "P1DT1H"),
        (#"date and time("2024-01-31T10:00:00Z") - date and time("2024-01-31T10:00:00+02:00")"#, "PT2H"),
        // A days and time duration is exact time: across the change to summer time a day is 24 hours.
        (#"date and time("2024-03-30T12:00:00@Europe/Berlin") + duration("P1D")"#, "2024-03-31T13:00:00@Europe/Berlin"),
        (#"date and time("2024-03-30T12:00:00@Europe/Berlin") + duration("P1M")"#, "2024-04-30T12:00:00@Europe/Berlin"),
        (#"date and time("2024-03-31T01:00:00@Europe/Berlin") + duration("PT2H")"#, "2024-03-31T04:00:00@Europe/Berlin"),
        (#"time("10:00:00") + duration("PT1H")"#, "11:00:00"),
        (#"time("23:00:00") + duration("PT2H")"#, "01:00:00"),
        (#"time("10:00:00") - time("08:30:00")"#, "PT1H30M"),
        (#"time("10:00:00+01:00") - time("10:00:00Z")"#, "-PT1H"),
    ])
    func datesAndTimesMoveByDurations(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"duration("P1Y") + duration("P6M")"#, "P1Y6M"),
        (#"duration("P1Y") - duration("P18M")"#, "-P6M"),
        (#"duration("P1D") + duration("PT12H")"#, "P1DT12H"),
        (#"duration("P1D") - duration("PT12H")"#, "PT12H"),
        (#"duration("P1D") * 2"#, "P2D"),
        (#"2 * duration("PT1H")"#, "PT2H"),
        (#"duration("P1D") * 1.5"#, "P1DT12H"),
        (#"duration("P1D") / 2"#, "PT12H"),
        (#"duration("P1Y") * 2"#, "P2Y"),
        (#"duration("P1Y") / 4"#, "P3M"),
        (#"duration("PT90M") / duration("PT1H")"#, "1.5"),
        (#"duration("P1Y") / duration("P3M")"#, "4"),
        (#"-duration("PT1H")"#, "-PT1H"),
        (#"abs(duration("-PT5H"))"#, "PT5H"),
        (#"abs(duration("-P1Y"))"#, "P1Y"),
        (#"duration("P1D") / 0"#, "null"),
        (#"duration("P1Y") + duration("P1D")"#, "null"),
    ])
    func durationsAddMultiplyAndDivide(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date("2024-01-01") < date("2024-01-02")"#, "true"),
        (#"date("2024-01-01") = @"2024-01-01""#, "true"),
        (#"time("10:00:00") < time("11:00:00")"#, "true"),
        (#"time("10:00:00+01:00") = time("09:00:00Z")"#, "true"),
        (#"date and time("2024-01-01T10:00:00Z") = date and time("2024-01-01T11:00:00+01:00")"#, "true"),
        (#"date and time("2024-01-01T10:00:00Z") < date and time("2024-01-01T10:30:00+01:00")"#, "false"),
        (#"date and time("2024-01-01T10:00:00") < date and time("2024-01-01T11:00:00")"#, "true"),
        (#"date and time("2024-01-01T10:00:00") < date and time("2024-01-01T11:00:00+01:00")"#, "null"),
        (#"date and time("2024-01-01T10:00:00") = date and time("2024-01-01T10:00:00Z")"#, "false"),
        (#"date("2024-01-01") = date and time("2024-01-01T00:00:00")"#, "null"),
        (#"duration("P1Y") >= duration("P6M")"#, "true"),
        (#"duration("P1D") = duration("PT24H")"#, "true"),
        (#"duration("P1D") > duration("PT23H")"#, "true"),
        (#"duration("P1Y") = duration("P12M")"#, "true"),
        (#"duration("P1Y") < duration("P1D")"#, "null"),
    ])
    func temporalValuesCompareByTheirPlaceInTime(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date and time("2024-01-01T10:00:00Z") - date and time("2024-01-01T09:00:00")"#,
         "one side has a time zone and the other has none, so date and time - date and time is null"),
        (#"date("2024-01-01") + 1"#, "date + number is not defined; the result is null"),
        (#"date("2024-01-01") + date("2024-01-01")"#, "date + date is not defined; the result is null"),
    ])
    func undefinedTemporalArithmeticIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }
}
