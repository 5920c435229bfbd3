/// A FEEL `date and time`: a date and a time of day, local or with the time's zone.
public struct FEELDateTime: Sendable, Hashable {
    public let date: FEELDate
    public let time: FEELTime

    public init(date: FEELDate, time: FEELTime) {
        self.date = date
        self.time = time
    }

    public var zone: FEELZone? { time.zone }

    /// Seconds since 1970-01-01T00:00 of the local (wall clock) reading.
    var localSeconds: Int { date.epochDay * 86_400 + time.secondsOfDay }

    /// The offset from UTC at this date and time; nil when local.
    var offsetSeconds: Int? { zone?.offset(atLocal: localSeconds) }

    /// Nanoseconds since 1970-01-01T00:00Z; nil when local (a local date and time is no instant).
    var instant: Int128? {
        guard let offset = offsetSeconds else { return nil }
        return Int128(localSeconds - offset) * 1_000_000_000 + Int128(time.nanosecond)
    }

    /// Nanoseconds since 1970-01-01T00:00 of the wall clock, zone ignored.
    var localNanoseconds: Int128 { Int128(localSeconds) * 1_000_000_000 + Int128(time.nanosecond) }

    /// The date and time `nanoseconds` of wall clock time from 1970-01-01T00:00, in `zone`.
    init?(localNanoseconds: Int128, zone: FEELZone?) {
        let day: Int128 = 86_400 * 1_000_000_000
        var days = localNanoseconds / day
        if localNanoseconds < 0 && localNanoseconds % day != 0 { days -= 1 }
        guard days.magnitude < 400_000_000_000 else { return nil }
        let date = FEELDate(epochDay: Int(days))
        guard date.year.magnitude <= FEELDate.maximumYear else { return nil }
        self.date = date
        self.time = FEELTime(nanosecondsOfDay: localNanoseconds - days * day, zone: zone)
    }

    /// The same instant's reading in `zone` (UTC when nil is not wanted: `offset 0`).
    init?(instant: Int128, zone: FEELZone) {
        let guess = Int(instant / 1_000_000_000)
        guard let offset = zone.offset(atLocal: guess) else { return nil }
        // The offset at the instant itself (the guess above read the UTC reading as local).
        var exact = offset
        if case .named(let identifier) = zone, let timeZone = FEELZone.timeZone(identifier) {
            exact = timeZone.secondsFromGMT(for: .init(timeIntervalSince1970: Double(guess)))
        }
        self.init(localNanoseconds: instant + Int128(exact) * 1_000_000_000, zone: zone)
    }

    /// `2024-01-31T10:30:00`, `…+01:00`, `…@Europe/Paris`.
    public var text: String { date.text + "T" + time.text }

    /// ISO 8601 as Camunda stores a zoned value in JSON: `2024-01-31T10:30:00+01:00[Europe/Paris]`.
    public var isoText: String {
        guard case .named(let identifier) = zone else { return text }
        let offset = offsetSeconds.map(FEELZone.offsetText) ?? ""
        return date.text + "T" + FEELTime(nanosecondsOfDay: time.nanosecondsOfDay, zone: nil).text + offset + "[" + identifier + "]"
    }
}
