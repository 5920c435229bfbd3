/// Reads the text forms of dates, times, dates and times and durations (XML Schema / ISO 8601
/// as DMN 1.5 uses them), for `@"…"` literals, the conversion functions and JSON data.
enum TemporalParsing {
    /// A `@"…"` literal: whichever temporal value the text is.
    static func literal(_ text: String) -> FEELValue? {
        if text.hasPrefix("P") || text.hasPrefix("-P") { return duration(text) }
        if let value = date(text) { return .date(value) }
        if let value = time(text) { return .time(value) }
        return dateTime(text).map(FEELValue.dateTime)
    }

    /// `2024-01-31`, `-0044-03-15`, `999999999-12-31`.
    static func date(_ text: some StringProtocol) -> FEELDate? {
        var scanner = Scanner(text)
        guard let date = scanner.date(), scanner.atEnd else { return nil }
        return date
    }

    /// `10:30:00`, `10:30:00.25`, with `Z`, `+01:00`, `@Europe/Paris` or `+01:00[Europe/Paris]`.
    static func time(_ text: some StringProtocol) -> FEELTime? {
        var scanner = Scanner(text)
        guard let time = scanner.time(), scanner.atEnd else { return nil }
        return time
    }

    /// `2024-01-31T10:30:00…`; a date alone is its midnight (local).
    static func dateTime(_ text: some StringProtocol) -> FEELDateTime? {
        var scanner = Scanner(text)
        guard let date = scanner.date() else { return nil }
        if scanner.atEnd { return FEELDateTime(date: date, time: FEELTime(hour: 0, minute: 0, second: 0)!) }
        guard scanner.take("T"), let time = scanner.time(zonedWithoutSeconds: true), scanner.atEnd else { return nil }
        // `T24:00:00` is the end of the day: the next day's midnight.
        if scanner.endOfDay {
            return FEELDateTime(date: FEELDate(epochDay: date.epochDay + 1), time: time)
        }
        return FEELDateTime(date: date, time: time)
    }

    /// `P1Y2M` (years and months) or `P1DT2H3M4.5S` (days and time); a mix of both is no FEEL duration.
    static func duration(_ text: some StringProtocol) -> FEELValue? {
        var scanner = Scanner(text)
        let negative = scanner.take("-")
        guard scanner.take("P") else { return nil }
        var years: Int?, months: Int?, days: Int?, hours: Int?, minutes: Int?
        var seconds: FEELNumber?
        var inTime = false
        var any = false
        while !scanner.atEnd {
            if !inTime && scanner.take("T") { inTime = true; continue }
            guard let number = scanner.unsignedNumber(), let unit = scanner.next() else { return nil }
            let whole = number.isInteger ? number.intValue : nil
            switch (inTime, unit) {
            case (false, "Y") where years == nil && months == nil && days == nil: years = whole
            case (false, "M") where months == nil && days == nil: months = whole
            case (false, "D") where days == nil: days = whole
            case (true, "H") where hours == nil && minutes == nil && seconds == nil: hours = whole
            case (true, "M") where minutes == nil && seconds == nil: minutes = whole
            case (true, "S") where seconds == nil: seconds = number
            default: return nil
            }
            if unit != "S" && whole == nil { return nil }
            any = true
        }
        guard any else { return nil }
        if years != nil || months != nil {
            guard days == nil, !inTime else { return nil }
            let (yearMonths, overflow) = (years ?? 0).multipliedReportingOverflow(by: 12)
            guard !overflow else { return nil }
            let total = yearMonths + (months ?? 0)
            return FEELYearsMonthsDuration(months: negative ? -total : total).map(FEELValue.yearsMonths)
        }
        if inTime && hours == nil && minutes == nil && seconds == nil { return nil }
        var nanoseconds = Int128(days ?? 0) * 86_400 + Int128(hours ?? 0) * 3600 + Int128(minutes ?? 0) * 60
        nanoseconds *= 1_000_000_000
        if let seconds {
            guard let whole = FEELDaysTimeDuration(seconds: seconds) else { return nil }
            nanoseconds += whole.nanoseconds
        }
        return FEELDaysTimeDuration(nanoseconds: negative ? -nanoseconds : nanoseconds).map(FEELValue.daysTime)
    }

    /// A cursor over the text's scalars.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        /// The last time read was written `24:00:00`.
        var endOfDay = false

        init(_ text: some StringProtocol) { scalars = Array(text.unicodeScalars) }

        var atEnd: Bool { position >= scalars.count }

        mutating func next() -> Unicode.Scalar? {
            guard position < scalars.count else { return nil }
            position += 1
            return scalars[position - 1]
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
            return true
        }

        /// Exactly `count` digits, or at least `count` with `orMore`.
        mutating func digits(_ count: Int, orMore: Bool = false) -> Int? {
            var value = 0
            var taken = 0
            while position < scalars.count, scalars[position] >= "0", scalars[position] <= "9", orMore || taken < count {
                guard taken < 18 else { return nil }
                value = value * 10 + Int(scalars[position].value - 48)
                taken += 1
                position += 1
            }
            return taken >= count ? value : nil
        }

        mutating func date() -> FEELDate? {
            let negative = take("-")
            let start = position
            guard let year = digits(4, orMore: true), position - start <= 9 else { return nil }
            // More than four digits only without leading zeros (XML Schema).
            if position - start > 4 && scalars[start] == "0" { return nil }
            guard take("-"), let month = digits(2), take("-"), let day = digits(2) else { return nil }
            return FEELDate(year: negative ? -year : year, month: month, day: day)
        }

        /// `hh:mm:ss[.f]` with an optional zone; `hh:mm` as Zeebe stores a whole-minute local time.
        /// `zonedWithoutSeconds`: a date and time's `hh:mm` may have a zone too (feel-scala reads
        /// `1970-01-01T00:00Z`; a time alone needs its seconds before a zone).
        mutating func time(zonedWithoutSeconds: Bool = false) -> FEELTime? {
            guard let hour = digits(2), take(":"), let minute = digits(2) else { return nil }
            var second = 0
            if take(":") {
                guard let value = digits(2) else { return nil }
                second = value
            } else if position < scalars.count && !(zonedWithoutSeconds && "Z+-@[".unicodeScalars.contains(scalars[position])) {
                return nil
            }
            var nanosecond = 0
            if take(".") {
                var scale = 100_000_000
                var any = false
                while position < scalars.count, scalars[position] >= "0", scalars[position] <= "9" {
                    nanosecond += Int(scalars[position].value - 48) * scale
                    scale /= 10
                    position += 1
                    any = true
                }
                guard any else { return nil }
            }
            // 24:00:00 is the end of the day, read as midnight.
            endOfDay = hour == 24 && minute == 0 && second == 0 && nanosecond == 0
            let wrapped = endOfDay ? 0 : hour
            var zone: FEELZone?
            if take("Z") {
                zone = .offset(seconds: 0)
            } else if position < scalars.count, scalars[position] == "+" || scalars[position] == "-" {
                let negative = scalars[position] == "-"
                position += 1
                guard let h = digits(2), h <= 18, take(":"), let m = digits(2), m < 60 else { return nil }
                var s = 0
                if take(":") { guard let value = digits(2) else { return nil }; s = value }
                let total = h * 3600 + m * 60 + s
                zone = .offset(seconds: negative ? -total : total)
            }
            let hadOffset = zone != nil
            if (!hadOffset && take("@")) || take("[") {
                let start = position
                while position < scalars.count, scalars[position] != "]" { position += 1 }
                let identifier = String(String.UnicodeScalarView(scalars[start..<position]))
                _ = take("]")
                guard FEELZone.isKnown(identifier) else { return nil }
                zone = .named(identifier)
            }
            return FEELTime(hour: wrapped, minute: minute, second: second, nanosecond: nanosecond, zone: zone)
        }

        /// Digits with an optional fraction, for duration components.
        mutating func unsignedNumber() -> FEELNumber? {
            let start = position
            while position < scalars.count, (scalars[position] >= "0" && scalars[position] <= "9") || scalars[position] == "." {
                position += 1
            }
            guard position > start else { return nil }
            return FEELNumber(text: String(String.UnicodeScalarView(scalars[start..<position])))
        }
    }
}
