import Foundation

/// Where a time or date and time is: nowhere (local), at a fixed offset from UTC, or in a named
/// IANA zone whose offset depends on the day. FEEL keeps the three apart.
public enum FEELZone: Sendable, Hashable {
    case offset(seconds: Int)
    case named(String)

    /// The offset from UTC in seconds for a local date and time in this zone.
    func offset(atLocal localSeconds: Int) -> Int? {
        switch self {
        case .offset(let seconds): return seconds
        case .named(let identifier):
            guard let zone = FEELZone.timeZone(identifier) else { return nil }
            // The offset at the instant the local time would be in UTC, then once more at the
            // corrected instant (right across a change, as java.time resolves gaps and overlaps).
            let first = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(localSeconds)))
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(localSeconds - first)))
        }
    }

    static func timeZone(_ identifier: String) -> TimeZone? {
        if identifier == "Z" || identifier == "UTC" { return TimeZone(identifier: "UTC") }
        return TimeZone(identifier: identifier)
    }

    static func isKnown(_ identifier: String) -> Bool { timeZone(identifier) != nil }

    /// `Z`, `+01:00`, `-05:30`; a named zone as `@Europe/Paris`.
    var text: String {
        switch self {
        case .offset(let seconds): FEELZone.offsetText(seconds)
        case .named(let identifier): "@" + identifier
        }
    }

    static func offsetText(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let magnitude = seconds.magnitude
        var text = (seconds < 0 ? "-" : "+") + TemporalText.two(Int(magnitude / 3600)) + ":" + TemporalText.two(Int(magnitude % 3600 / 60))
        if magnitude % 60 != 0 { text += ":" + TemporalText.two(Int(magnitude % 60)) }
        return text
    }
}

/// A FEEL `time`: a time of day to the nanosecond, local or with a zone.
public struct FEELTime: Sendable, Hashable {
    public let hour: Int
    public let minute: Int
    public let second: Int
    public let nanosecond: Int
    public let zone: FEELZone?

    public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0, zone: FEELZone? = nil) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        self.hour = hour; self.minute = minute; self.second = second
        self.nanosecond = nanosecond; self.zone = zone
    }

    /// From nanoseconds since midnight, wrapped into one day.
    init(nanosecondsOfDay: Int128, zone: FEELZone?) {
        let day: Int128 = 86_400 * 1_000_000_000
        let wrapped = ((nanosecondsOfDay % day) + day) % day
        let seconds = Int(wrapped / 1_000_000_000)
        hour = seconds / 3600; minute = seconds % 3600 / 60; second = seconds % 60
        nanosecond = Int(wrapped % 1_000_000_000)
        self.zone = zone
    }

    var secondsOfDay: Int { hour * 3600 + minute * 60 + second }
    var nanosecondsOfDay: Int128 { Int128(secondsOfDay) * 1_000_000_000 + Int128(nanosecond) }

    /// The offset a time's zone has; a named zone's today (a time has no day of its own).
    var offsetSeconds: Int? {
        guard let zone else { return nil }
        if case .offset(let seconds) = zone { return seconds }
        let now = Int(Date().timeIntervalSince1970)
        return zone.offset(atLocal: now - now % 86_400 + secondsOfDay)
    }

    /// `10:30:00`, `10:30:00.5`, `10:30:00+01:00`, `10:30:00@Europe/Paris`.
    public var text: String {
        var text = TemporalText.two(hour) + ":" + TemporalText.two(minute) + ":" + TemporalText.two(second)
        text += TemporalText.fraction(nanosecond)
        if let zone { text += zone.text }
        return text
    }
}

/// Small helpers shared by the temporal types' text forms.
enum TemporalText {
    static func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    /// `.5`, `.123`, `.000000001`; empty for a whole second.
    static func fraction(_ nanosecond: Int) -> String {
        guard nanosecond != 0 else { return "" }
        var digits = String(nanosecond)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }
}
