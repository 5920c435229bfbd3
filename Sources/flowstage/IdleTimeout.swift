import ArgumentParser
import Foundation

/// A duration flag (`--session-timeout`, `--header-timeout`): seconds, or a number with a
/// unit — `90s`, `30m`, `12h`, `7d` (decimals allowed: `1.5h`); `0` turns the timeout off.
struct IdleTimeout: ExpressibleByArgument, CustomStringConvertible {
    /// 0 means never.
    let seconds: TimeInterval

    init(seconds: TimeInterval) { self.seconds = seconds }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        var number = Substring(text)
        var unit: TimeInterval = 1
        if let last = text.last, let scale = Self.units.first(where: { $0.suffix == last })?.seconds {
            number = number.dropLast()
            unit = scale
        }
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        seconds = value * unit
    }

    private static let units: [(suffix: Character, seconds: TimeInterval)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

    /// The largest unit that divides it: `7d`, `90m`, `45s`; `0` for never.
    var description: String {
        guard seconds > 0 else { return "0" }
        for (suffix, scale) in Self.units where seconds >= scale && seconds.truncatingRemainder(dividingBy: scale) == 0 {
            return "\(Int(seconds / scale))\(suffix)"
        }
        return "\(seconds)s"
    }

    var defaultValueDescription: String { description }

    /// For the startup line: "7 days", "90 minutes", "1 second".
    var words: String {
        let names: [Character: String] = ["d": "day", "h": "hour", "m": "minute", "s": "second"]
        let short = description
        guard let unit = short.last, let name = names[unit], let count = Int(short.dropLast()) else { return short }
        return "\(count) \(name)\(count == 1 ? "" : "s")"
    }
}
