import Definitions
import Expressions

/// A slider posts a number inside its `min`…`max` (range inputs cannot post anything else,
/// so another value is a tampered or stale post: a field error, never stored).
enum SliderTyping {
    static func type(_ component: Component, _ text: String) -> FormTyping.Typed {
        let typed = FormTyping.number(text)
        guard typed.problem == nil, case .number(let value) = typed.value else { return typed }
        if let min = component.number("min"), value < min {
            return FormTyping.Typed(value: typed.value, raw: text, problem: .min, bound: JSONValue.number(min).displayString)
        }
        if let max = component.number("max"), value > max {
            return FormTyping.Typed(value: typed.value, raw: text, problem: .max, bound: JSONValue.number(max).displayString)
        }
        return typed
    }
}

/// A datepicker's date must lie within its `min`/`max` (an ISO date or `today`).
enum DateTyping {
    static func checkBounds(_ component: Component, _ iso: String, today: String?) -> FormTyping.Typed {
        // Without a today, a `today` bound is not checked. ISO dates compare correctly as text.
        func bound(_ name: String) -> String? {
            guard let bound = component.dateBound(name) else { return nil }
            if bound == .today, today == nil { return nil }
            return bound.iso(today: today ?? "")
        }
        if let min = bound("min"), iso < min {
            return FormTyping.Typed(value: .string(iso), raw: iso, problem: .dateMin, bound: min)
        }
        if let max = bound("max"), iso > max {
            return FormTyping.Typed(value: .string(iso), raw: iso, problem: .dateMax, bound: max)
        }
        return FormTyping.Typed(value: .string(iso), raw: nil, problem: nil)
    }
}
