import Foundation

extension Interpreter {
    mutating func call(_ function: Function, _ args: [JSONValue]) -> JSONValue {
        let name = function.rawValue
        switch function {
        case .len:
            switch args[0] {
            case .null: return .number(0)
            case .string(let s): return .number(Double(s.count))
            case .array(let a): return .number(Double(a.count))
            case .object(let o): return .number(Double(o.count))
            default: return fail("len() needs text or a list, found \(args[0].kindDescription)")
            }
        case .isEmpty:
            switch args[0] {
            case .null: return .bool(true)
            case .string(let s): return .bool(s.trimmingSpaces().isEmpty)
            case .array(let a): return .bool(a.isEmpty)
            case .object(let o): return .bool(o.isEmpty)
            default: return .bool(false)
            }
        case .lower, .upper, .trim:
            guard let text = textArgument(args[0], name) else { return .null }
            return .string(function == .lower ? text.lowercased() : function == .upper ? text.uppercased() : text.trimmingSpaces())
        case .contains:
            switch args[0] {
            case .null: return .bool(false)
            case .array(let items): return .bool(items.contains { Coercion.looselyEqual($0, args[1]) })
            case .string(let s): return .bool(args[1] != .null && s.contains(args[1].displayString))
            default: return fail("contains() needs text or a list, found \(args[0].kindDescription)")
            }
        case .startsWith, .endsWith:
            guard let text = textArgument(args[0], name), let affix = textArgument(args[1], name) else { return .null }
            return .bool(function == .startsWith ? text.hasPrefix(affix) : text.hasSuffix(affix))
        case .matches:
            guard case .string(let pattern) = args[1] else { return fail("matches() needs a pattern in text") }
            guard let regex = RegexCache.shared.regex(pattern) else { return fail("matches() has an invalid pattern \"\(pattern)\"") }
            return Functions.matches(args[0], regex, &self)
        case .number:
            switch args[0] {
            case .null: return .null
            case .bool(let b): return .number(b ? 1 : 0)
            default:
                guard let n = Coercion.number(args[0]) else { return fail("number() cannot read \"\(args[0].displayString)\" as a number") }
                return .number(n)
            }
        case .string: return args[0] == .null ? .null : .string(args[0].displayString)
        case .round, .floor, .ceil, .abs:
            if args[0] == .null { return .null }
            guard let x = Coercion.number(args[0]) else { return fail("\(name)() needs a number, found \(args[0].kindDescription)") }
            switch function {
            case .floor: return .number(x.rounded(.down))
            case .ceil: return .number(x.rounded(.up))
            case .abs: return .number(Swift.abs(x))
            default:
                let digits = args.count > 1 ? Coercion.number(args[1]) ?? 0 : 0
                let scale = pow(10, Swift.min(Swift.max(digits.rounded(), 0), 15))
                return .number((x * scale).rounded(.toNearestOrAwayFromZero) / scale)
            }
        case .min, .max, .sum:
            let items = args.count == 1 ? (args[0].arrayValue ?? args) : args
            var numbers: [Double] = []
            for item in items where item != .null {
                guard let n = Coercion.number(item) else { return fail("\(name)() needs numbers, found \(item.kindDescription)") }
                numbers.append(n)
            }
            if function == .sum { return .number(numbers.reduce(0, +)) }
            guard let result = function == .min ? numbers.min() : numbers.max() else { return .null }
            return .number(result)
        case .count:
            switch args[0] {
            case .null: return .number(0)
            case .array(let a): return .number(Double(a.count))
            default: return fail("count() needs a list, found \(args[0].kindDescription)")
            }
        case .today: return .string(CivilDate(scope.now, in: scope.timeZone).description)
        case .now: return .string(ISO8601DateFormatter().string(from: scope.now))
        case .age:
            if args[0] == .null { return .null }
            guard let born = date(args[0], name) else { return .null }
            return .number(Double(born.years(until: CivilDate(scope.now, in: scope.timeZone))))
        case .daysBetween:
            if args[0] == .null || args[1] == .null { return .null }
            guard let a = date(args[0], name), let b = date(args[1], name) else { return .null }
            return .number(Double(b.dayNumber - a.dayNumber))
        case .substring: return substring(args)
        case .replace:
            guard case .string(let pattern) = args[1] else { return fail("replace() needs a pattern in text") }
            guard let regex = RegexCache.shared.regex(pattern) else { return fail("replace() has an invalid pattern \"\(pattern)\"") }
            return Functions.replace(args[0], regex, args[2], &self)
        case .split:
            guard let text = textArgument(args[0], name), let separator = textArgument(args[1], name) else { return .null }
            if separator.isEmpty { return .array(text.map { .string(String($0)) }) }
            return .array(text.components(separatedBy: separator).map { .string($0) })
        case .join:
            if args[0] == .null { return .null }
            guard case .array(let items) = args[0] else { return fail("join() needs a list, found \(args[0].kindDescription)") }
            let separator = args.count > 1 ? textArgument(args[1], name) ?? "" : ""
            var parts: [String] = []
            for item in items where item != .null {
                guard let part = textArgument(item, name) else { return .null }
                parts.append(part)
            }
            return .string(parts.joined(separator: separator))
        case .date:
            if args[0] == .null { return .null }
            guard let civil = date(args[0], name) else { return .null }
            return .string(civil.description)
        case .any, .all, .filter:
            // Evaluated lazily in `quantify`; reaching here would mean a caller skipped it.
            return fail("\(name)() needs its condition unevaluated")
        }
    }

    /// FEEL's substring: `start` is 1-based, a negative start counts from the end; `length` is optional.
    private mutating func substring(_ args: [JSONValue]) -> JSONValue {
        guard let text = textArgument(args[0], "substring") else { return .null }
        guard let startNumber = Coercion.number(args[1]), startNumber == startNumber.rounded(), Swift.abs(startNumber) < 1e9 else {
            return fail("substring() needs a whole number as its start, found \(args[1].kindDescription)")
        }
        let chars = Array(text)
        let start = Int(startNumber)
        let from = Swift.min(Swift.max(start > 0 ? start - 1 : chars.count + start, 0), chars.count)
        var to = chars.count
        if args.count > 2 {
            guard let length = Coercion.number(args[2]), length >= 0, length == length.rounded() else {
                return fail("substring() needs a whole length of 0 or more, found \(args[2].displayString)")
            }
            to = Swift.min(chars.count, from + Int(Swift.min(length, 1e9)))
        }
        return .string(String(chars[from..<to]))
    }

    private mutating func textArgument(_ value: JSONValue, _ name: String) -> String? {
        switch value {
        case .string(let s): return s
        case .number, .bool: return value.displayString
        case .null: return nil
        default: _ = fail("\(name)() needs text, found \(value.kindDescription)"); return nil
        }
    }

    private mutating func date(_ value: JSONValue, _ name: String) -> CivilDate? {
        guard case .string(let s) = value, let date = CivilDate(iso: s) else {
            _ = fail("\(name)() needs a date like 2024-05-31, found \"\(value.displayString)\"")
            return nil
        }
        return date
    }
}

enum Functions {
    /// Every match replaced; `$1` in the replacement names a group, as in FEEL and JavaScript.
    static func replace(_ subject: JSONValue, _ regex: NSRegularExpression, _ replacement: JSONValue, _ interpreter: inout Interpreter) -> JSONValue {
        if subject == .null { return .null }
        guard case .string(let template) = replacement else {
            return interpreter.fail("replace() needs the replacement in text, found \(replacement.kindDescription)")
        }
        let text = subject.displayString
        return .string(regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template))
    }

    /// Search semantics, like JavaScript's `test`: anchor with ^…$ to match the whole text.
    static func matches(_ subject: JSONValue, _ regex: NSRegularExpression, _ interpreter: inout Interpreter) -> JSONValue {
        if subject == .null { return .bool(false) }
        let text = subject.displayString
        return .bool(regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil)
    }
}

/// Patterns computed at run time (`matches(x, pattern)`), compiled once: Foundation on Linux leaks
/// about twice a pattern's length per compilation of a pattern of 256 UTF-16 units or more, and
/// such a pattern was compiled at every evaluation (found by `make fuzz`, issue 27).
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    /// Distinct patterns kept; past it the cache starts again (a real project has a handful).
    static let capacity = 256

    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]
    private var invalid: Set<String> = []

    /// The compiled pattern, or nil when it is not a valid pattern.
    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        if invalid.contains(pattern) { return nil }
        if compiled.count + invalid.count >= Self.capacity {
            compiled.removeAll(keepingCapacity: true)
            invalid.removeAll(keepingCapacity: true)
        }
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            invalid.insert(pattern)
            return nil
        }
        compiled[pattern] = regex
        return regex
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return compiled.count + invalid.count
    }
}
