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
}

/// An expression parsed once at load (docs/reference/expressions.md) and evaluated many times.
public struct Expression: Sendable, Hashable, CustomStringConvertible {
    public let source: String
    let syntax: Syntax

    public init(_ source: String) throws(ExpressionError) {
        self.source = source
        self.syntax = try Parser.parse(source)
    }

    public var description: String { source }

    public static func == (a: Expression, b: Expression) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// Never fails: a run-time error makes the result null and is reported as a warning.
    /// `consuming`: the scope is handed to the interpreter, not copied (its data, language and
    /// time zone retained and released again per evaluation).
    public func evaluate(in scope: consuming EvaluationScope) -> Evaluation {
        var interpreter = Interpreter(scope: scope, source: source)
        let value = interpreter.evaluate(syntax)
        return Evaluation(value: interpreter.exhausted ? .null : value, warnings: interpreter.warnings)
    }

    /// Convenience for data-only expressions.
    public func evaluate(data: JSONValue) -> JSONValue { evaluate(in: EvaluationScope(data: data)).value }
}

extension Expression {
    /// Whether the expression asks the clock (`today()`, `now()`, `age()`): its value may
    /// change with nothing else changed.
    public var readsClock: Bool {
        func visit(_ syntax: Syntax) -> Bool {
            if case .call(let function, _, _) = syntax, [.today, .now, .age].contains(function) { return true }
            return syntax.children.contains(where: visit)
        }
        return visit(syntax)
    }

    /// The data paths the expression reads, as written (`client.age`, `accounts[0].name`), in
    /// order, each once: top-level names and their member chains. `$item`, `$index`,
    /// `$language`, a validator's `value` and function names are not data paths.
    public var readPaths: [String] {
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
