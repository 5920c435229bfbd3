import Foundation
import Definitions
import Expressions

/// Turns posted strings into the typed value a component stores (docs/reference/processes.md, "Data"):
/// numbers, booleans, arrays for multi-choice, ISO dates. A value that cannot be typed
/// is a field error, never a crash.
enum FormTyping {
    struct Typed {
        var value: JSONValue
        /// The posted text, kept to show it back when it could not be typed.
        var raw: String?
        var problem: Messages.Key?
        /// What the problem message names as `{value}` (a slider's or datepicker's bound).
        var bound: String? = nil
    }

    /// `options` are the choices the field offers now (`Project.options(for:data:language:)`:
    /// inline options or an enumeration's codes); a choice outside them is a field error.
    /// `today` (ISO) resolves a datepicker's `"today"` bound; given by the caller so typing needs no clock.
    static func type(_ component: Component, posted: [String], options: [Option]? = nil, today: String? = nil) -> Typed {
        let first = posted.first ?? ""
        let options = options ?? component.options
        switch component.type {
        case .checkbox where component.isCheckboxGroup, .multiselect:
            let allowed = Set(options.map(\.value))
            var chosen: [JSONValue] = []
            for value in posted where !chosen.contains(.string(value)) {
                // A choice offering nothing (a child list with no parent value, options from
                // data that holds none) accepts nothing: a post writes only what the screen offered.
                guard allowed.contains(value) else {
                    return Typed(value: .array(chosen), raw: nil, problem: .option)
                }
                chosen.append(.string(value))
            }
            return Typed(value: .array(chosen), raw: nil, problem: nil)
        case .checkbox, .switch:
            return Typed(value: .bool(!posted.isEmpty && first != "false"), raw: nil, problem: nil)
        case .select, .radio, .segmented:
            if first.isEmpty { return Typed(value: .null, raw: nil, problem: nil) }
            if !options.contains(where: { $0.value == first }) {
                return Typed(value: .null, raw: nil, problem: .option)
            }
            // A collection's item choice stores the item's index as a number.
            if component.properties["storesIndex"] == .bool(true), let index = Double(first) {
                return Typed(value: .number(index), raw: nil, problem: nil)
            }
            return Typed(value: .string(first), raw: nil, problem: nil)
        case .slider:
            return SliderTyping.type(component, first)
        case .input where component.inputType == "number":
            return number(first)
        case .input where component.inputType == "time":
            return timed(first, problem: .time) { isTime($0, paddedHours: false) }
        case .input where component.inputType == "datetime-local":
            return timed(first, problem: .dateTime) { text in
                let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
                return parts.count == 2 && parts[0].count == 10 && CivilDate(iso: String(parts[0])) != nil && isTime(parts[1], paddedHours: true)
            }
        case .datepicker:
            let trimmed = first.trimmingWhitespace()
            if trimmed.isEmpty { return Typed(value: .null, raw: nil, problem: nil) }
            guard CivilDate(iso: trimmed)?.description == trimmed else { return Typed(value: .string(trimmed), raw: first, problem: .date) }
            return DateTyping.checkBounds(component, trimmed, today: today)
        default:
            return Typed(value: .string(first), raw: nil, problem: nil)
        }
    }

    /// A time or a date and time is stored as posted, as the browser's picker writes it; without
    /// a picker (or script) it is typed, so its form is checked.
    private static func timed(_ text: String, problem: Messages.Key, isValid: (Substring) -> Bool) -> Typed {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty { return Typed(value: .null, raw: nil, problem: nil) }
        return isValid(Substring(trimmed)) ? Typed(value: .string(trimmed), raw: nil, problem: nil)
                                           : Typed(value: .string(trimmed), raw: text, problem: problem)
    }

    /// `H:MM` or `HH:MM` (`HH` only, `paddedHours`), with `:SS` as a time input posts seconds; 24-hour.
    static func isTime(_ text: Substring, paddedHours: Bool) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let hours = Int(parts[0]), hours < 24, parts[0].count == 2 || (!paddedHours && parts[0].count == 1) else { return false }
        return parts.dropFirst().allSatisfy { $0.count == 2 && Int($0)! < 60 }
    }

    static func number(_ text: String) -> Typed {
        var trimmed = text.trimmingWhitespace()
        if trimmed.contains(" ") { trimmed.removeAll { $0 == " " } }   // "12 500": a thousands separator
        if trimmed.isEmpty { return Typed(value: .null, raw: nil, problem: nil) }
        guard let number = Double(trimmed), number.isFinite else {
            return Typed(value: .string(text), raw: text, problem: .number)
        }
        return Typed(value: .number(number), raw: nil, problem: nil)
    }
}

extension String {
    /// Without leading and trailing white space and line breaks. Swift's own `Character`
    /// test, not Foundation's `CharacterSet` bridge: it runs for every posted field.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        if first == startIndex && last == index(before: endIndex) { return self }
        return String(self[first...last])
    }
}
