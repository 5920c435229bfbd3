import Foundation

/// Every built-in function, in one table: its name, each overload's parameter names (so named
/// arguments and overloads resolve in one place), and its body. DMN 1.5's functions are in the
/// files of this folder by group; Camunda's extensions in `CamundaFunctions.swift`.
struct BuiltinFunction: Sendable {
    struct Parameter: Sendable {
        let name: String
        let optional: Bool
    }

    let parameters: [Parameter]
    /// The last parameter takes every remaining positional argument, as a list.
    let variadic: Bool
    let body: @Sendable (inout Call, inout Interpreter) -> FEELValue

    init(_ signature: String, variadic: Bool = false, _ body: @escaping @Sendable (inout Call, inout Interpreter) -> FEELValue) {
        // "string, start position, length?": a trailing ? marks an optional parameter.
        parameters = signature.isEmpty ? [] : signature.split(separator: ",").map { part in
            let name = part.trimmingCharacters(in: .whitespaces)
            return name.hasSuffix("?") ? Parameter(name: String(name.dropLast()), optional: true) : Parameter(name: name, optional: false)
        }
        self.variadic = variadic
        self.body = body
    }

    var required: Int { parameters.filter { !$0.optional }.count }
}

/// One call of a built-in: its arguments in parameter order, and typed access to them that
/// notes the first wrong type (the call is then null, with a warning naming the parameter).
struct Call {
    let name: String
    let parameters: [BuiltinFunction.Parameter]
    var arguments: [FEELValue]
    /// Whether each parameter was given (an optional one may not be).
    let given: [Bool]
    let at: Int
    /// The arguments were given by name.
    let byName: Bool
    var problem: String?

    func isGiven(_ index: Int) -> Bool { index < given.count && given[index] }
    subscript(index: Int) -> FEELValue { index < arguments.count ? arguments[index] : .null }

    mutating func wrong(_ index: Int, expected: String) {
        guard problem == nil else { return }
        let parameter = index < parameters.count ? parameters[index].name : "argument \(index + 1)"
        problem = "`\(name)` expects \(expected) for `\(parameter)`, found \(self[index].typeName)"
    }

    /// A value of a kind, a singleton list standing for its item (DMN 1.5, 10.3.2.9.4); nil
    /// when null (quietly) or of another kind (noted).
    private mutating func typed<T>(_ index: Int, _ expected: String, _ extract: (FEELValue) -> T?) -> T? {
        var value = self[index]
        if case .list(let items) = value, items.count == 1 { value = items[0] }
        if value.isNull { return nil }
        if let result = extract(value) { return result }
        wrong(index, expected: expected)
        return nil
    }

    mutating func number(_ index: Int) -> FEELNumber? { typed(index, "a number") { $0.numberValue } }
    mutating func string(_ index: Int) -> String? { typed(index, "a string") { $0.stringValue } }
    mutating func bool(_ index: Int) -> Bool? { typed(index, "a boolean") { $0.boolValue } }
    mutating func context(_ index: Int) -> FEELContext? { typed(index, "a context") { $0.contextValue } }

    /// A whole number (`substring`'s position, a scale); a fraction is cut off (2.5 is 2), as the TCK expects.
    mutating func int(_ index: Int) -> Int? {
        guard let number = number(index) else { return nil }
        guard let whole = number.rounded(scale: 0, mode: .down)?.intValue else {
            problem = problem ?? "`\(name)` expects a whole number for `\(parameters[Swift.min(index, parameters.count - 1)].name)`, found \(number.text)"
            return nil
        }
        return whole
    }

    mutating func date(_ index: Int) -> FEELDate? {
        typed(index, "a date") { value in
            if case .date(let date) = value { return date }
            if case .dateTime(let dateTime) = value { return dateTime.date }
            return nil
        }
    }

    /// A list; any other value is a list of that one value (null is null).
    mutating func list(_ index: Int) -> [FEELValue]? {
        switch self[index] {
        case .null: return nil
        case .list(let items): return items
        case let value: return [value]
        }
    }

    mutating func function(_ index: Int) -> FEELFunction? {
        typed(index, "a function") { if case .function(let f) = $0 { f } else { nil } }
    }
}

enum BuiltinFunctions {
    static let table: [String: [BuiltinFunction]] = {
        var table: [String: [BuiltinFunction]] = [:]
        for group in [conversionFunctions, booleanFunctions, stringFunctions, listFunctions, numericFunctions,
                      contextFunctions, rangeFunctions, temporalFunctions, camundaFunctions] {
            for (name, function) in group { table[name, default: []].append(function) }
        }
        for (alias, name) in deprecatedNames { table[alias] = table[name] }
        return table
    }()

    /// Older names feel-scala still answers to (Camunda models written for 8.0–8.2 use them,
    /// e.g. `put(supportCase, "request", …)`): the same functions under another name.
    static let deprecatedNames = ["put": "context put", "put all": "context merge"]

    /// Names for the lexer: the built-ins with spaces (`date and time`) and the type names.
    static let knownNames = KnownNames(Array(table.keys) + FEELType.simpleTypeNames)

    static func exists(_ name: String) -> Bool { table[name] != nil }
    static func overloads(_ name: String) -> [BuiltinFunction] { table[name] ?? [] }

    static func invoke(_ name: String, _ arguments: Arguments, at: Int, _ interpreter: inout Interpreter) -> FEELValue {
        guard let overloads = table[name] else {
            interpreter.warn("no function is named `\(name)`", at: at)
            return .null
        }
        guard let (resolved, runner) = resolve(name, overloads, arguments, at: at) else {
            let forms = overloads.map { "\(name)(" + $0.parameters.map { $0.name + ($0.optional ? "?" : "") }.joined(separator: ", ") + ($0.variadic ? ", …" : "") + ")" }
            interpreter.warn("no form of `\(name)` takes \(describe(arguments)) (\(forms.joined(separator: " or "))); the call reads as null", at: at)
            return .null
        }
        var call = resolved
        let result = runner.run(&call, &interpreter)
        if let problem = call.problem {
            interpreter.warn(problem + "; the call reads as null", at: at)
            return .null
        }
        // What a function builds is held to the evaluation's limits (`replace` and
        // `concatenate` can double a value per call).
        switch result {
        case .string(let text) where text.utf8.count > interpreter.environment.maximumStringLength:
            interpreter.warn("`\(name)` made a string longer than \(interpreter.environment.maximumStringLength) bytes; the call reads as null", at: at)
            return .null
        case .list(let items) where items.count > interpreter.environment.maximumListSize:
            interpreter.warn("`\(name)` made a list of more than \(interpreter.environment.maximumListSize) items; the call reads as null", at: at)
            return .null
        default:
            return result
        }
    }

    private static func describe(_ arguments: Arguments) -> String {
        switch arguments {
        case .positional(let values): values.count == 1 ? "1 argument" : "\(values.count) arguments"
        case .named(let pairs): "the arguments " + pairs.map { "`\($0.name)`" }.joined(separator: ", ")
        }
    }

    /// The overload the arguments fit: by count when positional, by names when named.
    private static func resolve(_ name: String, _ overloads: [BuiltinFunction], _ arguments: Arguments, at: Int) -> (Call, body: Runner)? {
        for function in overloads {
            let count = function.parameters.count
            switch arguments {
            case .positional(var values):
                if function.variadic {
                    guard values.count >= function.required, count > 0 else { continue }
                    let fixed = count - 1
                    guard values.count >= fixed else { continue }
                    let rest = Array(values[fixed...])
                    values = Array(values[..<fixed]) + [.list(rest)]
                    let given = Array(repeating: true, count: fixed) + [!rest.isEmpty]
                    if rest.isEmpty && !function.parameters[fixed].optional && function.required > fixed { continue }
                    return (Call(name: name, parameters: function.parameters, arguments: values, given: given, at: at, byName: false, problem: nil),
                            Runner(function.body))
                }
                guard values.count >= function.required, values.count <= count else { continue }
                let given = (0..<count).map { $0 < values.count }
                values += Array(repeating: .null, count: count - values.count)
                return (Call(name: name, parameters: function.parameters, arguments: values, given: given, at: at, byName: false, problem: nil),
                        Runner(function.body))
            case .named(let pairs):
                if let call = named(name, function, pairs, at: at, allRequired: true) { return (call, Runner(function.body)) }
            }
        }
        // By name, a parameter left out is null (`is(value1: 1)` is `is(1, null)`).
        if case .named(let pairs) = arguments {
            for function in overloads {
                if let call = named(name, function, pairs, at: at, allRequired: false) { return (call, Runner(function.body)) }
            }
        }
        return nil
    }

    private static func named(_ name: String, _ function: BuiltinFunction, _ pairs: [(name: String, value: FEELValue)], at: Int,
                              allRequired: Bool) -> Call? {
        guard !function.variadic, pairs.allSatisfy({ pair in function.parameters.contains { $0.name == pair.name } }) else { return nil }
        var values = [FEELValue](repeating: .null, count: function.parameters.count)
        var given = [Bool](repeating: false, count: function.parameters.count)
        for pair in pairs {
            let index = function.parameters.firstIndex { $0.name == pair.name }!
            values[index] = pair.value
            given[index] = true
        }
        if allRequired && !zip(function.parameters, given).allSatisfy({ $0.optional || $1 }) { return nil }
        return Call(name: name, parameters: function.parameters, arguments: values, given: given, at: at, byName: true, problem: nil)
    }

    /// A body, held apart from the call it runs on.
    struct Runner {
        let body: @Sendable (inout Call, inout Interpreter) -> FEELValue
        init(_ body: @escaping @Sendable (inout Call, inout Interpreter) -> FEELValue) { self.body = body }
        func run(_ call: inout Call, _ interpreter: inout Interpreter) -> FEELValue { body(&call, &interpreter) }
    }
}
