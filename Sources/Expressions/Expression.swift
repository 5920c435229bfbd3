import FEEL
import Foundation

/// What an expression can see when it runs.
public struct EvaluationScope: Sendable {
    public var data: JSONValue
    /// The field being validated (`value`), when there is one.
    public var value: JSONValue?
    /// The current collection item (`$item`) and its index (`$index`; else read from `data`).
    public var item: JSONValue?
    public var itemIndex: Int?
    public var language: String
    /// The clock for `today()`, `now()` and `age()`; injected so tests and previews are repeatable.
    public var now: Date
    public var timeZone: TimeZone

    public init(data: JSONValue, value: JSONValue? = nil, item: JSONValue? = nil, itemIndex: Int? = nil, language: String = "en",
                now: Date = Date(), timeZone: TimeZone = .current) {
        self.data = data; self.value = value; self.item = item; self.itemIndex = itemIndex
        self.language = language; self.now = now; self.timeZone = timeZone
    }
}

/// A result and the run-time problems met computing it (wrong types, bad numbers).
public struct Evaluation: Sendable {
    public let value: JSONValue
    public let warnings: [String]
    /// Whether the value makes a condition hold: in FlowStage's language a truthy value, in
    /// FEEL only `true` (null, as any other value, does not hold).
    public let holds: Bool
    /// Whether the value hides or disables a component: FEEL reads `hide` and `disabled` as
    /// form-js does, as a unary test against null, so a condition whose value is null holds.
    public let hides: Bool
}

/// An expression parsed once at load and evaluated many times: in FlowStage's own language
/// (docs/reference/expressions.md), or in FEEL, the language of Camunda's models and forms
/// (docs/reference/feel.md). Either way its value is JSON data.
public struct Expression: Sendable, Hashable, CustomStringConvertible {
    public enum Language: Sendable, Hashable { case flowStage, feel }

    public let source: String
    let body: Body

    enum Body: Sendable {
        case flowStage(Syntax)
        case feel(FEELExpression)
    }

    /// A FlowStage expression.
    public init(_ source: String) throws(ExpressionError) {
        self.source = source
        self.body = .flowStage(try Parser.parse(source))
    }

    /// A FEEL expression, as a Camunda model or form writes it (without its leading `=`).
    public init(feel source: String) throws(ExpressionError) {
        self.source = source
        do {
            self.body = .feel(try FEELExpression(source))
        } catch {
            throw ExpressionError(column: error.column, message: error.message)
        }
    }

    public var language: Language {
        if case .feel = body { .feel } else { .flowStage }
    }

    public var description: String { source }

    public static func == (a: Expression, b: Expression) -> Bool { a.source == b.source && a.language == b.language }
    public func hash(into hasher: inout Hasher) { hasher.combine(source); hasher.combine(language) }

    /// Never fails: a run-time error makes the result null and is reported as a warning.
    /// `consuming`: the scope is handed to the interpreter, not copied (its data, language and
    /// time zone retained and released again per evaluation).
    public func evaluate(in scope: consuming EvaluationScope) -> Evaluation {
        switch body {
        case .flowStage(let syntax):
            var interpreter = Interpreter(scope: scope, source: source)
            let value = interpreter.evaluate(syntax)
            let result: JSONValue = interpreter.exhausted ? .null : value
            return Evaluation(value: result, warnings: interpreter.warnings, holds: result.isTruthy, hides: result.isTruthy)
        case .feel(let expression):
            let result = expression.evaluate(in: scope)
            let hides: Bool = switch result.value {
            case .bool(let flag): flag
            case .null: true
            case .list(let items): items.contains { $0.isNull }
            default: false
            }
            return Evaluation(value: result.value.json, warnings: result.warnings.map { "\(source): \($0)" },
                              holds: result.value.boolValue == true, hides: hides)
        }
    }

    /// The data path a FEEL expression reads and is nothing more (`=logo`), nil for anything else.
    public var plainFEELPath: DataPath? {
        guard case .feel(let expression) = body, let names = expression.plainPath,
              !ScopeVariables.isAdded(names[0]) else { return nil }
        return DataPath(segments: names.map { .key($0) })
    }

    /// The value as a text shows it: FEEL's `string()` (a list as `["a", "b"]`, a date as
    /// `2024-01-31`), FlowStage's display form; null shows nothing.
    public func shownText(in scope: consuming EvaluationScope) -> String {
        switch body {
        case .flowStage:
            return evaluate(in: scope).value.displayString
        case .feel(let expression):
            if let names = expression.plainPath, scope.value == nil, let text = Expression.plainText(names, in: scope.data) {
                return text
            }
            let value = expression.evaluate(in: scope).value
            return value.isNull ? "" : value.text
        }
    }

    /// A plain path's text (`{{employee.name}}`, on every view of a form-js template) read from
    /// the JSON as FEEL would show it, without making FEEL contexts of the objects on the way;
    /// nil where FEEL reads more than JSON does (the names form-js adds, a path over a list).
    private static func plainText(_ names: [String], in data: JSONValue) -> String? {
        var current = data
        for (position, name) in names.enumerated() {
            switch current {
            case .object:
                guard let member = current[name] else {
                    return position == 0 && ScopeVariables.isAdded(name) ? nil : ""
                }
                current = member
            case .array: return nil
            default: return ""
            }
        }
        switch current {
        case .string(let text): return text
        case .null: return ""
        default: return FEELValue(json: current).text
        }
    }

    /// Convenience for data-only expressions.
    public func evaluate(data: JSONValue) -> JSONValue { evaluate(in: EvaluationScope(data: data)).value }
}

extension Expression {
    /// Whether the expression asks the clock (`today()`, `now()`, `age()`): its value may
    /// change with nothing else changed.
    public var readsClock: Bool {
        switch body {
        case .feel(let expression):
            return expression.readsClock
        case .flowStage(let syntax):
            func visit(_ syntax: Syntax) -> Bool {
                if case .call(let function, _, _) = syntax, [.today, .now, .age].contains(function) { return true }
                return syntax.children.contains(where: visit)
            }
            return visit(syntax)
        }
    }

    /// The data paths the expression reads, as written (`client.age`, `accounts[0].name`), in
    /// order, each once: top-level names and their member chains. `$item`, `$index`,
    /// `$language`, a validator's `value` and function names are not data paths. FEEL's names
    /// are written as a field's key would be (`client.first name` reads no path FlowStage can
    /// parse, and then cannot be kept by what it reads); `""` is the whole data (form-js's
    /// `this` outside a row). A FEEL filter's names count: they may be variables.
    public var readPaths: [String] { readPaths(inFilters: true) }

    /// The paths surely read, for "never set" checks: a FEEL filter's names (`orders[price > 10]`)
    /// are left out, as they may be the items' members.
    public var surelyReadPaths: [String] { readPaths(inFilters: false) }

    /// A FEEL variable path as FlowStage's data paths, form-js's names mapped: `this` is a row
    /// (`$item`) or, outside rows, the data itself; `parent` the data around a row; `i` the
    /// row's position.
    static func dataPaths(_ names: [String]) -> [String] {
        let rest = names.dropFirst().joined(separator: ".")
        return switch names[0] {
        case "this", "_this_": rest.isEmpty ? ["$item", ""] : ["$item." + rest, rest]
        case "parent", "_parent_": [rest]
        case "i", "_i_": ["$index"]
        default: [names.joined(separator: ".")]
        }
    }

    private func readPaths(inFilters: Bool) -> [String] {
        switch body {
        case .feel(let expression):
            var found: [String] = []
            for path in expression.readPaths(inFilters: inFilters) {
                for text in Expression.dataPaths(path) where !found.contains(text) { found.append(text) }
            }
            return found
        case .flowStage(let syntax):
            var found: [String] = []
            var seen = Set<String>()
            func add(_ path: String) { if seen.insert(path).inserted { found.append(path) } }
            func visit(_ syntax: Syntax) {
                if let path = syntax.dataPath {
                    add(path)
                    if case .index(_, let index) = syntax { visit(index) }
                    return
                }
                syntax.children.forEach(visit)
            }
            visit(syntax)
            return found
        }
    }
}
