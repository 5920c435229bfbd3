/// Walks the syntax tree. Problems become `null` plus a warning, never a crash.
struct Interpreter {
    /// Variable only so `any`/`all`/`filter` can bind `$item` while their condition runs.
    var scope: EvaluationScope
    let source: String
    var warnings: [String] = []
    /// Syntax nodes evaluated so far, against `maximumSteps`.
    private var steps = 0
    /// Whether the evaluation went past its budget: its result is then null, whatever was computed.
    var exhausted: Bool { steps > Self.maximumSteps }

    /// The budget of one evaluation: every operand is evaluated once, so only quantifiers over
    /// long lists come near it; past it the result is null with one warning (`make fuzz` found
    /// nested operators that evaluated their operand several times, doubling per level).
    static let maximumSteps = 1 << 20
    /// Warnings kept per evaluation; one more says that more were dropped.
    static let maximumWarnings = 20
    /// The start of the source that prefixes each warning.
    static let maximumSourceInWarning = 120

    init(scope: EvaluationScope, source: String) {
        self.scope = scope
        self.source = source
    }

    /// The expression as a warning quotes it: its start when it is long. Worked out only for a
    /// warning: counting a string's characters walks all of it, and screens evaluate an
    /// expression per condition per page view.
    private var quoted: String {
        source.count > Self.maximumSourceInWarning ? String(source.prefix(Self.maximumSourceInWarning)) + "…" : source
    }

    /// Records a run-time problem and gives the null the expression evaluates to.
    mutating func fail(_ message: String) -> JSONValue {
        if warnings.count < Self.maximumWarnings {
            warnings.append("\(quoted): \(message)")
        } else if warnings.count == Self.maximumWarnings {
            warnings.append("\(quoted): more than \(Self.maximumWarnings) problems; the rest are not listed")
        }
        return .null
    }

    mutating func evaluate(_ syntax: Syntax) -> JSONValue {
        steps += 1
        if steps > Self.maximumSteps {
            if steps == Self.maximumSteps + 1 {
                warnings.append("\(quoted): stopped after \(Self.maximumSteps) steps; the expression is too costly to evaluate")
            }
            return .null
        }
        switch syntax {
        case .literal(let value): return value
        case .name(let name): return resolve(name)
        case .path(let path): return path.get(in: scope.data)
        case .member(let base, let name): return evaluate(base)[name] ?? .null
        case .index(let base, let indexSyntax):
            let container = evaluate(base), index = evaluate(indexSyntax)
            switch (container, index) {
            case (.array(let items), .number(let n)):
                guard n == n.rounded(), n >= 0, n < Double(items.count) else { return .null }
                return items[Int(n)]
            case (.object(let members), .string(let key)): return members[key] ?? .null
            case (.null, _), (_, .null): return .null
            default: return fail("cannot index \(container.kindDescription) with \(index.kindDescription)")
            }
        case .list(let items): return .array(items.map { evaluate($0) })
        case .unary("!", let operand): return .bool(!evaluate(operand).isTruthy)
        case .unary(_, let operand):
            let value = evaluate(operand)
            switch Coercion.number(value) {
            case .some(let n): return .number(-n)
            case .none where value == .null: return .null
            case .none: return fail("cannot negate \(value.kindDescription)")
            }
        case .and(let left, let right):
            let l = evaluate(left)
            return l.isTruthy ? evaluate(right) : l
        case .or(let left, let right):
            let l = evaluate(left)
            return l.isTruthy ? l : evaluate(right)
        case .conditional(let condition, let then, let otherwise):
            return evaluate(condition).isTruthy ? evaluate(then) : evaluate(otherwise)
        case .binary(let op, let left, let right):
            return binary(op, evaluate(left), evaluate(right))
        case .call(let function, let arguments, _) where function == .any || function == .all || function == .filter:
            return quantify(function, arguments[0], arguments[1])
        case .call(let function, let arguments, _):
            return call(function, arguments.map { evaluate($0) })
        case .match(let subject, let regex):
            return Functions.matches(evaluate(subject), regex.regex, &self)
        case .replace(let subject, let regex, let replacement):
            return Functions.replace(evaluate(subject), regex.regex, evaluate(replacement), &self)
        }
    }

    private func resolve(_ name: String) -> JSONValue {
        switch name {
        case "value" where scope.value != nil: scope.value!
        case "$item": scope.item ?? .null
        case "$index" where scope.itemIndex != nil: .number(Double(scope.itemIndex!))
        case "$language": .string(scope.language)
        default: scope.data[name] ?? .null
        }
    }

    private mutating func binary(_ op: String, _ l: JSONValue, _ r: JSONValue) -> JSONValue {
        switch op {
        case "==": return .bool(Coercion.looselyEqual(l, r))
        case "!=": return .bool(!Coercion.looselyEqual(l, r))
        case "===": return .bool(l == r)
        case "!==": return .bool(l != r)
        case "<", "<=", ">", ">=":
            guard l != .null, r != .null else { return .bool(false) }
            let order: Int
            if let a = Coercion.number(l), let b = Coercion.number(r) { order = a < b ? -1 : a > b ? 1 : 0 }
            else if case .string(let a) = l, case .string(let b) = r { order = a < b ? -1 : a > b ? 1 : 0 }
            else { return fail("cannot compare \(l.kindDescription) with \(r.kindDescription)") }
            return .bool(op == "<" ? order < 0 : op == "<=" ? order <= 0 : op == ">" ? order > 0 : order >= 0)
        case "+":
            if l == .null || r == .null { return .null }
            if case .number(let a) = l, case .number(let b) = r { return .number(a + b) }
            if case .array(let a) = l, case .array(let b) = r { return .array(a + b) }
            if l.stringValue != nil || r.stringValue != nil { return .string(l.displayString + r.displayString) }
            return fail("cannot add \(l.kindDescription) and \(r.kindDescription)")
        default:
            if l == .null || r == .null { return .null }
            guard let a = Coercion.number(l), let b = Coercion.number(r) else {
                return fail("\(op) needs numbers, found \(l.kindDescription) and \(r.kindDescription)")
            }
            switch op {
            case "-": return .number(a - b)
            case "*": return .number(a * b)
            case "/": return b == 0 ? fail("division by zero") : .number(a / b)
            default: return b == 0 ? fail("remainder by zero") : .number(a.truncatingRemainder(dividingBy: b))
            }
        }
    }
}

/// The few implicit conversions docs/reference/expressions.md describes: numeric text counts as a number.
enum Coercion {
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let n): n
        case .string(let s): Double(s.trimmingSpaces()).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    /// `null` equals only `null`; numbers equal numeric text ("5" == 5); otherwise structural.
    static func looselyEqual(_ l: JSONValue, _ r: JSONValue) -> Bool {
        if l == r { return true }
        switch (l, r) {
        case (.null, _), (_, .null): return false
        case (.number(let n), .string), (.string, .number(let n)):
            return number(l.numberValue == nil ? l : r) == n
        case (.bool(let b), .string(let s)), (.string(let s), .bool(let b)):
            return s == (b ? "true" : "false")
        default: return false
        }
    }
}

extension JSONValue {
    /// The word for a value's type in messages: "text", "number", "list"…
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "true/false"
        case .number: "number"
        case .string: "text"
        case .array: "list"
        case .object: "object"
        }
    }
}
