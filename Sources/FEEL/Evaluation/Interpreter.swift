import Foundation

/// The names an evaluation sees beyond the expression's own: the data of an instance, a
/// decision's inputs. nil means the name is not there at all (Camunda's "not defined"),
/// which `is defined(x)` tells apart from a value of null.
public protocol FEELVariables: Sendable {
    func value(named name: String) -> FEELValue?
}

/// No variables at all.
public struct NoVariables: FEELVariables {
    public init() {}
    public func value(named name: String) -> FEELValue? { nil }
}

/// Variables from a context (`flowstage feel --context`, DMN inputs).
extension FEELContext: FEELVariables {
    public func value(named name: String) -> FEELValue? { self[name] }
}

/// A name bound inside the expression, or the entries of a filtered item (its members are names).
enum Binding: Sendable {
    case value(String, FEELValue)
    case members(FEELContext)
}

/// The clock and zone `now()` and `today()` read, and the limits of one evaluation.
public struct FEELEnvironment: Sendable {
    public var now: Date
    public var timeZone: TimeZone
    /// Steps (nodes evaluated, items visited) before the evaluation stops with null.
    public var maximumSteps: Int
    /// Items a list may have, and characters a string, before the value is null.
    public var maximumListSize: Int
    public var maximumStringLength: Int
    /// Nested calls of functions the expression defines (recursion).
    public var maximumCallDepth: Int

    public init(now: Date = Date(), timeZone: TimeZone = .current, maximumSteps: Int = 1_000_000,
                maximumListSize: Int = 100_000, maximumStringLength: Int = 1_000_000, maximumCallDepth: Int = 200) {
        self.now = now
        self.timeZone = timeZone
        self.maximumSteps = maximumSteps
        self.maximumListSize = maximumListSize
        self.maximumStringLength = maximumStringLength
        self.maximumCallDepth = maximumCallDepth
    }
}

/// Evaluates one expression: walks its nodes with a stack of the names it binds, collecting
/// warnings. Never fails; past a limit the result is null and a warning says which limit.
struct Interpreter {
    var bindings: [Binding] = []
    /// Where the running function's own names start in `bindings` (below are its caller's).
    var lexicalBase = 0
    var variables: any FEELVariables
    let environment: FEELEnvironment
    private(set) var warnings: [FEELWarning] = []
    private var steps = 0
    private var callDepth = 0
    /// Nodes being evaluated inside each other, across calls.
    private var depth = 0
    private(set) var exhausted = false
    /// Past this many nested nodes the evaluation stops (recursion through functions the
    /// expression defines can nest deeper than the source, which the parser bounds).
    static let maximumDepth = 1_000

    init(variables: any FEELVariables, environment: FEELEnvironment) {
        self.variables = variables
        self.environment = environment
    }

    mutating func warn(_ message: String, at offset: Int? = nil) {
        guard warnings.count < 20 else { return }
        let warning = FEELWarning(message, column: offset.map { $0 + 1 })
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// Counts `count` steps; false (and a warning, once) when the budget is spent.
    mutating func step(_ count: Int = 1) -> Bool {
        guard !exhausted else { return false }
        steps += count
        if steps > environment.maximumSteps {
            exhausted = true
            warn("the expression took more than \(environment.maximumSteps) steps and was stopped; its value is null")
            return false
        }
        return true
    }

    /// Stops the whole evaluation: its value is null, with the reason as a warning.
    mutating func stop(_ message: String, at offset: Int? = nil) -> FEELValue {
        if !exhausted { warn(message, at: offset) }
        exhausted = true
        return .null
    }

    /// Enters a call of a function the expression defined; false (and a warning) past the depth limit.
    mutating func callDepthAllows(at offset: Int) -> Bool {
        guard callDepth < environment.maximumCallDepth else {
            warn("functions called each other more than \(environment.maximumCallDepth) levels deep; the call reads as null", at: offset)
            return false
        }
        callDepth += 1
        return true
    }

    mutating func leaveCall() { callDepth -= 1 }

    /// A name: the innermost binding, a member of a filtered item, then the variables; nil when absent.
    func lookup(_ name: String) -> FEELValue? {
        var index = bindings.count - 1
        while index >= 0 {
            switch bindings[index] {
            case .value(let bound, let value) where bound == name: return value
            case .members(let context): if let value = context[name] { return value }
            default: break
            }
            index -= 1
        }
        return variables.value(named: name)
    }

    /// Evaluates a node. Each case only hands its parts to a function of its own, so this
    /// frame, one per level of the tree and of every call, stays small (the stack bounds recursion).
    mutating func evaluate(_ node: Node) -> FEELValue {
        guard step() else { return .null }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Interpreter.maximumDepth else { return stop("the evaluation went more than \(Interpreter.maximumDepth) levels deep and was stopped; its value is null") }
        switch node {
        case .literal(let value): return value
        case .name, .path, .filter, .call, .builtinCall, .isDefined: return access(node)
        case .negation, .arithmetic, .comparison, .and, .or, .between, .inTests, .instanceOf: return operation(node)
        default: return construct(node)
        }
    }

    /// The value of a name or path, nil when a name or member on the way is not there.
    mutating func probe(_ node: Node) -> FEELValue? {
        switch node {
        case .name(let name, _):
            return lookup(name)
        case .path(let base, let member, let at):
            guard let value = probe(base) else { return nil }
            if case .context(let context) = value { return context[member] }
            if value.isNull { return nil }
            return path(value, member, at: at)
        default:
            return evaluate(node)
        }
    }

    // MARK: Values built by the expression

    /// An interval: its ends of one ordered kind, the start not after the end; an end written
    /// `null` is kept (membership in it is then unknown), both null is no interval.
    mutating func range(_ start: FEELValue, _ end: FEELValue, startIncluded: Bool, endIncluded: Bool, at: Int) -> FEELValue {
        if start.isNull && end.isNull {
            warn("an interval needs at least one end that is not null", at: at)
            return .null
        }
        for endpoint in [start, end] where !endpoint.isNull && !Comparisons.isOrdered(endpoint) {
            warn("an interval's ends must be numbers, strings, dates, times or durations; found \(endpoint.typeName)", at: at)
            return .null
        }
        if !start.isNull && !end.isNull {
            guard let order = Comparisons.order(start, end) else {
                warn("an interval's ends must be of one comparable type; found \(start.typeName) and \(end.typeName)", at: at)
                return .null
            }
            if order > 0 {
                warn("an interval's start \(start.literal) is after its end \(end.literal)", at: at)
                return .null
            }
        }
        return .range(FEELRange(start: start, end: end, startIncluded: startIncluded, endIncluded: endIncluded))
    }

    /// `for`: every combination of the iteration contexts, later ones seeing earlier variables.
    mutating func forLoop(_ iterations: [Node.Iteration], _ body: Node, at: Int) -> FEELValue {
        var results: [FEELValue] = []
        let depth = bindings.count
        bindings.append(.value("partial", .list([])))
        let partialIndex = bindings.count - 1
        // `partial` shares the results' storage, so each append would copy them all: it is
        // kept up to date only for a body that reads it.
        let readsPartial = Interpreter.mentions("partial", in: body)
        var tooLong = false
        var nestedTooDeep = false
        let complete = iterate(iterations, 0) { interpreter in
            guard results.count < interpreter.environment.maximumListSize else {
                tooLong = true
                return false
            }
            let value = interpreter.evaluate(body)
            // A body that reads `partial` can nest results in results without end (or double
            // them each time): what it returns is walked, the walk paid for in steps.
            if readsPartial, !interpreter.isShallow(value, depth: 0) {
                nestedTooDeep = true
                return false
            }
            results.append(value)
            if readsPartial { interpreter.bindings[partialIndex] = .value("partial", .list(results)) }
            return !interpreter.exhausted
        }
        bindings.removeLast(bindings.count - depth)
        if tooLong { warn("a for loop made more than \(environment.maximumListSize) items and was stopped", at: at) }
        if nestedTooDeep { warn("a for loop nested its results more than \(Interpreter.maximumValueDepth) levels deep and was stopped", at: at) }
        return complete && !exhausted ? .list(results) : .null
    }

    /// How deep lists and contexts may nest in a value a `for` body builds from `partial`.
    static let maximumValueDepth = 64

    /// Whether `value` nests no deeper than `maximumValueDepth`; each item visited is a step.
    mutating func isShallow(_ value: FEELValue, depth: Int) -> Bool {
        guard depth <= Interpreter.maximumValueDepth, step() else { return false }
        switch value {
        case .list(let items): return items.allSatisfy { isShallow($0, depth: depth + 1) }
        case .context(let context): return context.values.allSatisfy { isShallow($0, depth: depth + 1) }
        default: return true
        }
    }

    mutating func quantified(every: Bool, _ iterations: [Node.Iteration], _ body: Node) -> FEELValue {
        var found = false
        var undecided = false
        let complete = iterate(iterations, 0) { interpreter in
            switch interpreter.evaluate(body).boolValue {
            case every?: return !interpreter.exhausted
            case nil: undecided = true; return !interpreter.exhausted
            default: found = true; return false
            }
        }
        if exhausted || (!complete && !found) { return .null }
        if found { return .bool(!every) }
        return undecided ? .null : .bool(every)
    }

    /// Runs `body` for each binding of the iteration contexts from `index` on; it returns false
    /// to stop. False when stopped, or when an iteration context is no list or range.
    private mutating func iterate(_ iterations: [Node.Iteration], _ index: Int, _ body: (inout Interpreter) -> Bool) -> Bool {
        guard index < iterations.count else { return body(&self) }
        let iteration = iterations[index]
        guard let items = iterationItems(iteration) else { return false }
        for item in items {
            guard step() else { return false }
            bindings.append(.value(iteration.name, item))
            let goOn = iterate(iterations, index + 1, body)
            bindings.removeLast()
            if !goOn { return false }
        }
        return true
    }

    /// The items an iteration context runs over; nil (and a warning) when it cannot be iterated.
    private mutating func iterationItems(_ iteration: Node.Iteration) -> [FEELValue]? {
        let source = evaluate(iteration.source)
        if let endNode = iteration.rangeEnd {
            return wholeSteps(from: source, to: evaluate(endNode), startIncluded: true, endIncluded: true)
        }
        switch source {
        case .list(let items): return items
        case .range(let range) where range.comparison == nil:
            return wholeSteps(from: range.start, to: range.end, startIncluded: range.startIncluded, endIncluded: range.endIncluded)
        case .range:
            warn("a for loop cannot run over an open range such as \(source.literal)")
            return nil
        case .null: return nil
        default: return [source]
        }
    }

    /// `1..3` is 1, 2, 3; `3..1` is 3, 2, 1; dates go day by day.
    private mutating func wholeSteps(from start: FEELValue, to end: FEELValue, startIncluded: Bool, endIncluded: Bool) -> [FEELValue]? {
        let limit = environment.maximumListSize
        var first: Int, last: Int
        let makeValue: (Int) -> FEELValue
        switch (start, end) {
        case (.number(let a), .number(let b)):
            guard let x = a.intValue, let y = b.intValue else {
                warn("a for loop's range must go from a whole number to a whole number")
                return nil
            }
            (first, last) = (x, y)
            makeValue = { .number(FEELNumber($0)) }
        case (.date(let a), .date(let b)):
            (first, last) = (a.epochDay, b.epochDay)
            makeValue = { .date(FEELDate(epochDay: $0)) }
        default:
            warn("a for loop's range must be of whole numbers or dates, found \(start.typeName) and \(end.typeName)")
            return nil
        }
        let step = first <= last ? 1 : -1
        if !startIncluded { first += step }
        if !endIncluded { last -= step }
        if (last - first) * step < 0 { return [] }
        guard (last - first).magnitude < limit else {
            warn("a for loop's range of \((last - first).magnitude + 1) items is longer than \(limit)")
            return nil
        }
        return stride(from: first, through: last, by: step).map(makeValue)
    }

    // MARK: Unary tests

    /// Whether `input` passes any of the positive unary tests (three-valued: null when none
    /// passes and some could not be decided).
    mutating func satisfies(_ input: FEELValue, _ tests: [Node]) -> Bool? {
        var undecided = false
        bindings.append(.value("?", input))
        defer { bindings.removeLast() }
        for test in tests {
            switch passes(input, test) {
            case true?: return true
            case nil: undecided = true
            case false?: break
            }
        }
        return undecided ? nil : false
    }

    private mutating func passes(_ input: FEELValue, _ test: Node) -> Bool? {
        if case .anything = test { return true }
        let value = evaluate(test)
        if Interpreter.mentionsInput(test) {
            if case .range(let range) = value { return Comparisons.contains(range, input) }
            return value.boolValue
        }
        switch value {
        case .range(let range):
            return Comparisons.contains(range, input)
        case .list(let items):
            if case .list = input, Comparisons.equal(input, value) == true { return true }
            var undecided = false
            for item in items {
                if case .range(let range) = item {
                    switch Comparisons.contains(range, input) {
                    case true?: return true
                    case nil: undecided = true
                    case false?: break
                    }
                } else if Comparisons.equal(input, item) == true {
                    return true
                }
            }
            return undecided ? nil : false
        case .bool(let flag):
            if case .bool = input { return Comparisons.equal(input, value) }
            return flag
        default:
            return Comparisons.equal(input, value)
        }
    }

    /// Whether a test reads `?` itself (`? > 5`).
    static func mentionsInput(_ node: Node) -> Bool { mentions("?", in: node) }

    /// Whether a node reads the name anywhere inside, functions it defines included.
    static func mentions(_ name: String, in node: Node) -> Bool {
        if case .name(let found, _) = node, found == name { return true }
        return node.children.contains { mentions(name, in: $0) }
    }
}

extension FEELValue {
    init(truth: Bool?) {
        self = truth.map(FEELValue.bool) ?? .null
    }
}
