@testable import FEEL
import Testing

/// The conversion functions (DMN 1.5, table 69, with Camunda's `date and time(date, timezone)`).
struct ConversionFunctionTests {
    @Test(arguments: [
        ("string(1.1)", #""1.1""#),
        ("string(-5)", #""-5""#),
        ("string(1/4)", #""0.25""#),
        ("string(true)", #""true""#),
        (#"string("a")"#, #""a""#),
        ("string(null)", "null"),
        (#"string([1, "a"])"#, #""[1, \"a\"]""#),
        (#"string({a: 1, b: "x"})"#, #""{a: 1, b: \"x\"}""#),
        (#"string(date("2012-12-25"))"#, #""2012-12-25""#),
        (#"string(time("10:30:00"))"#, #""10:30:00""#),
        (#"string(date and time("2012-12-25T11:00:00+02:00"))"#, #""2012-12-25T11:00:00+02:00""#),
        (#"string(date and time("2018-04-29T09:30:00+02:00[Europe/Berlin]"))"#, #""2018-04-29T09:30:00@Europe/Berlin""#),
        (#"string(duration("-PT1H"))"#, #""-PT1H""#),
        (#"string(duration("-P3Y1M"))"#, #""-P3Y1M""#),
        ("string([1..5])", #""[1..5]""#),
        ("string(function(a, b) a)", #""function(a, b)""#),
        ("string(from: 7)", #""7""#),
    ])
    func stringWritesEveryValue(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"number("1500.5")"#, "1500.5"),
        (#"number("-12")"#, "-12"),
        (#"number("1e2")"#, "100"),
        (#"number("1,500", ",")"#, "1500"),
        (#"number("1 500,5", " ", ",")"#, "1500.5"),
        (#"number("1.500.000,25", ".", ",")"#, "1500000.25"),
        (#"number("1500,5", null, ",")"#, "1500.5"),
        (#"number(from: "1.500", grouping separator: ".", decimal separator: null)"#, "1500"),
        (#"number("x")"#, "null"),
        (#"number("1;500", ";")"#, "null"),
        (#"number("1,5", ",", ",")"#, "null"),
        ("number(null)", "null"),
    ])
    func numberReadsTextWithSeparators(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date("2018-04-29")"#, "2018-04-29"),
        ("date(2012, 12, 25)", "2012-12-25"),
        (#"date(date and time("2012-12-25T11:00:00"))"#, "2012-12-25"),
        (#"date(@"2012-12-25")"#, "2012-12-25"),
        (#"date("-0044-03-15")"#, "-0044-03-15"),
        (#"date("2024-02-29")"#, "2024-02-29"),
        (#"date("2023-02-29")"#, "null"),
        (#"date("2024-06-31")"#, "null"),
        (#"date("2024-1-1")"#, "null"),
        ("date(2023, 2, 29)", "null"),
        (#"date(year: 2020, month: 1, day: 2)"#, "2020-01-02"),
    ])
    func dateReadsTextOrParts(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"time("12:00:00")"#, "12:00:00"),
        (#"time("12:00:00.25")"#, "12:00:00.25"),
        (#"time("12:00:00Z")"#, "12:00:00Z"),
        (#"time("12:00:00-05:00")"#, "12:00:00-05:00"),
        (#"time("23:59:00@Europe/Paris")"#, "23:59:00@Europe/Paris"),
        (#"time("12:00")"#, "12:00:00"),
        (#"time(date and time("2012-12-25T11:00:00"))"#, "11:00:00"),
        (#"time(date and time("2012-12-25T11:00:00+01:00"))"#, "11:00:00+01:00"),
        ("time(23, 59, 0)", "23:59:00"),
        ("time(23, 59, 1.5)", "23:59:01.5"),
        (#"time(14, 30, 0, duration("PT1H"))"#, "14:30:00+01:00"),
        (#"time(14, 30, 0, duration("-PT2H30M"))"#, "14:30:00-02:30"),
        ("time(14, 30, 0, null)", "14:30:00"),
        (#"time("25:00:00")"#, "null"),
        ("time(24, 0, 0)", "null"),
    ])
    func timeReadsTextOrParts(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date and time("2018-04-29T09:30:00")"#, "2018-04-29T09:30:00"),
        (#"date and time("2018-04-29T09:30:00+02:00")"#, "2018-04-29T09:30:00+02:00"),
        (#"date and time("2018-04-29T09:30:00+02:00[Europe/Berlin]")"#, "2018-04-29T09:30:00@Europe/Berlin"),
        (#"date and time("2018-04-29T09:30:00@Europe/Berlin")"#, "2018-04-29T09:30:00@Europe/Berlin"),
        (#"date and time("2018-04-29")"#, "2018-04-29T00:00:00"),
        (#"date and time("2018-04-29T24:00:00")"#, "2018-04-30T00:00:00"),
        (#"date and time(date("2012-12-24"), time("23:59:00"))"#, "2012-12-24T23:59:00"),
        (#"date and time(date("2012-12-24"), time("23:59:00Z"))"#, "2012-12-24T23:59:00Z"),
        (#"date and time(date and time("2012-12-24T10:00:00"), time("23:59:00"))"#, "2012-12-24T23:59:00"),
        (#"date and time("2018-02-30T09:30:00")"#, "null"),
        (#"date and time("2018-04-29T09:30:00@Nowhere/City")"#, "null"),
    ])
    func dateAndTimeReadsTextOrADateAndATime(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    /// Camunda: a zoned value moves to the same instant in the zone; a local one is read in it.
    @Test(arguments: [
        (#"date and time(@"2020-07-31T14:27:30@Europe/Berlin", "America/Los_Angeles")"#, "2020-07-31T05:27:30@America/Los_Angeles"),
        (#"date and time(@"2020-07-31T14:27:30", "Z")"#, "2020-07-31T14:27:30Z"),
        (#"date and time(@"2020-07-31T14:27:30", "Europe/Berlin")"#, "2020-07-31T14:27:30@Europe/Berlin"),
        (#"date and time(@"2020-07-31T14:27:30Z", "Europe/Berlin")"#, "2020-07-31T16:27:30@Europe/Berlin"),
        (#"date and time(@"2020-07-31T14:27:30", "Not/AZone")"#, "null"),
    ])
    func dateAndTimeWithATimezoneMovesTheValue(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"duration("P5D")"#, "P5D"),
        (#"duration("PT36H")"#, "P1DT12H"),
        (#"duration("P32Y")"#, "P32Y"),
        (#"duration("P14M")"#, "P1Y2M"),
        (#"duration("-PT5M")"#, "-PT5M"),
        (#"duration("PT1.5S")"#, "PT1.5S"),
        (#"duration("P0D")"#, "PT0S"),
        (#"duration("P1Y2D")"#, "null"),
        (#"duration("PT")"#, "null"),
        (#"duration("5 days")"#, "null"),
        (#"years and months duration(date("2011-12-22"), date("2013-08-24"))"#, "P1Y8M"),
        (#"years and months duration(date("2013-08-24"), date("2011-12-22"))"#, "-P1Y8M"),
        (#"years and months duration(date("2011-12-22"), date("2011-12-31"))"#, "P0M"),
        (#"years and months duration(date and time("2015-12-24T12:15:00"), date("2016-12-24"))"#, "P1Y"),
    ])
    func durationReadsISOTextAndYearsAndMonthsDurationCountsMonths(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"context([{key: "a", value: 1}, {key: "b", value: 2}])"#, "{a: 1, b: 2}"),
        ("context([])", "{}"),
        (#"context([{key: "a b", value: [1]}])"#, #"{"a b": [1]}"#),
        (#"context([{key: "a", value: 1}, {key: "a", value: 2}])"#, "null"),
        ("context([{key: 1, value: 1}])", "null"),
        (#"context([{key: "a"}])"#, "null"),
    ])
    func contextBuildsAContextFromKeyValueEntries(_ source: String, _ expected: String) throws {
        let value = try FEELTest.value(source)
        #expect(value == expected)
    }

    @Test(arguments: [
        (#"date("x")"#, #""x" is not a date (yyyy-mm-dd); the call reads as null"#),
        (#"number("x")"#, #""x" is not a number; the call reads as null"#),
        (#"duration("x")"#, #""x" is not a duration (such as P1DT2H or P1Y2M); the call reads as null"#),
        ("date(1)", "`date` expects a string, date or date and time for `from`, found number; the call reads as null"),
    ])
    func aValueThatDoesNotConvertIsNullWithAWarning(_ source: String, _ warning: String) throws {
        let result = try FEELTest.result(source)
        #expect(result.value.isNull)
        #expect(result.warnings.map(\.message) == [warning])
    }
}
