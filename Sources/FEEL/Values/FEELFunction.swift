/// A FEEL function value: a built-in (by name, its overloads resolved when called) or one
/// defined in an expression (`function(a, b) a + b`) with the names it saw where it was defined.
public struct FEELFunction: Sendable {
    enum Body: Sendable {
        case builtin(String)
        case user(UserFunction)
        case native(NativeFunction)
    }

    let body: Body

    init(body: Body) { self.body = body }

    /// A function computed by the host (a DMN business knowledge model, a decision service):
    /// FEEL calls it like any other, by position or by parameter name; a parameter not named
    /// in a call is null. It runs outside the caller's step budget, so the host bounds it.
    public init(parameters: [String], _ call: @escaping @Sendable ([FEELValue]) -> FEELValue) {
        body = .native(NativeFunction(parameters: parameters, call: call))
    }

    public var parameterNames: [String] {
        switch body {
        case .builtin(let name): BuiltinFunctions.overloads(name).first?.parameters.map(\.name) ?? []
        case .user(let function): function.parameters.map(\.name)
        case .native(let function): function.parameters
        }
    }

    /// `function(a, b)`, as `string()` writes a function.
    var text: String { "function(" + parameterNames.joined(separator: ", ") + ")" }
}

/// A function of the host, called with its arguments in parameter order.
final class NativeFunction: Sendable {
    let parameters: [String]
    let call: @Sendable ([FEELValue]) -> FEELValue

    init(parameters: [String], call: @escaping @Sendable ([FEELValue]) -> FEELValue) {
        self.parameters = parameters
        self.call = call
    }
}

/// A function defined in an expression: its parameters (with their declared types, if any),
/// its body, and the bindings visible where it was defined (closures see them when called).
final class UserFunction: Sendable {
    let parameters: [(name: String, type: FEELType?)]
    let body: Node
    let captured: [Binding]
    /// The variables of the evaluation that defined it: a function returned by one decision
    /// and called in another still sees them.
    let variables: any FEELVariables
    /// `function(…) external {…}`: Java or PMML functions, which FlowStage does not call.
    let isExternal: Bool

    init(parameters: [(name: String, type: FEELType?)], body: Node, captured: [Binding], variables: any FEELVariables,
         isExternal: Bool) {
        self.parameters = parameters
        self.body = body
        self.captured = captured
        self.variables = variables
        self.isExternal = isExternal
    }
}

/// A FEEL type as written after `instance of` or in a parameter's declaration, or as a DMN
/// model's item definition gives it.
public indirect enum FEELType: Sendable, Equatable {
    case any, null, number, string, boolean, date, time, dateTime, daysTimeDuration, yearsMonthsDuration
    case list(FEELType)
    case context([String: FEELType])
    case range(FEELType)
    case function([FEELType], FEELType)
    /// A name FEEL does not define (an item definition of a DMN model): matches nothing here.
    case named(String)

    /// The names FEEL gives its types (and XML Schema's, as DMN models write them).
    public static let simpleTypeNames = ["Any", "Null", "number", "string", "boolean", "date", "time", "date and time", "dateTime",
                                         "days and time duration", "dayTimeDuration", "years and months duration",
                                         "yearMonthDuration", "list", "context", "range", "function"]

    /// The type a simple name stands for. A function, not a table: a static table of boxed
    /// enum values reads as leaked memory to the fuzzer's leak checker.
    public static func simple(_ name: String) -> FEELType? {
        switch name {
        case "Any": .any
        case "Null": .null
        case "number": .number
        case "string": .string
        case "boolean": .boolean
        case "date": .date
        case "time": .time
        case "date and time", "dateTime": .dateTime
        case "days and time duration", "dayTimeDuration": .daysTimeDuration
        case "years and months duration", "yearMonthDuration": .yearsMonthsDuration
        case "list": .list(.any)
        case "context": .context([:])
        case "range": .range(.any)
        case "function": .function([], .any)
        default: nil
        }
    }

    /// Whether `value` is an instance of the type (DMN 1.5, 10.3.2.9.1: null is an instance of
    /// `Null` only; a list is one of `list<T>` when each item is a `T`).
    public func matches(_ value: FEELValue) -> Bool {
        switch (self, value) {
        case (.any, .null): false
        case (.any, _): true
        case (.null, .null): true
        case (_, .null): false
        case (.number, .number), (.string, .string), (.boolean, .bool), (.date, .date), (.time, .time),
             (.dateTime, .dateTime), (.daysTimeDuration, .daysTime), (.yearsMonthsDuration, .yearsMonths):
            true
        // Inside a list or context, null conforms to every type (DMN 1.5, 10.3.2.9.1).
        case (.list(let item), .list(let items)): items.allSatisfy { item == .any || $0.isNull || item.matches($0) }
        case (.context(let fields), .context(let context)):
            fields.allSatisfy { key, type in context[key].map { type == .any || $0.isNull || type.matches($0) } ?? false }
        case (.range(let element), .range(let range)):
            element == .any || [range.start, range.end].allSatisfy { $0.isNull || element.matches($0) }
        case (.function(let parameters, _), .function(let function)):
            parameters.isEmpty || parameters.count == function.parameterNames.count
        default: false
        }
    }
}
