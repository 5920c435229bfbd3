/// Arguments as evaluated: by position or by parameter name.
enum Arguments {
    case positional([FEELValue])
    case named([(name: String, value: FEELValue)])

    var count: Int {
        switch self {
        case .positional(let values): values.count
        case .named(let pairs): pairs.count
        }
    }
}

/// Calling functions: the ones an expression defines, and built-ins passed as values.
extension Interpreter {
    mutating func evaluatedArguments(_ arguments: Node.Arguments) -> Arguments {
        switch arguments {
        case .positional(let nodes):
            var values: [FEELValue] = []
            values.reserveCapacity(nodes.count)
            for node in nodes { values.append(evaluate(node)) }
            return .positional(values)
        case .named(let pairs):
            var values: [(name: String, value: FEELValue)] = []
            for pair in pairs { values.append((pair.name, evaluate(pair.value))) }
            return .named(values)
        }
    }

    mutating func call(_ callee: Node, _ arguments: Node.Arguments, at: Int) -> FEELValue {
        if case .name(let name, let nameAt) = callee, lookup(name) == nil, !BuiltinFunctions.exists(name) {
            warn("no function is named `\(name)`; the call reads as null", at: nameAt)
            return .null
        }
        // feel-scala keeps functions apart from variables: a name bound to a value that is no
        // function does not hide the built-in of that name (`{count: count(items), text:
        // string(count(items))}` counts twice).
        if case .name(let name, _) = callee, BuiltinFunctions.exists(name), let bound = lookup(name) {
            if case .function = bound {} else {
                return BuiltinFunctions.invoke(name, evaluatedArguments(arguments), at: at, &self)
            }
        }
        let function = evaluate(callee)
        let values = evaluatedArguments(arguments)
        guard case .function(let f) = function else {
            if !function.isNull { warn("a \(function.typeName) is not a function and cannot be called", at: at) }
            return .null
        }
        return invoke(f, values, at: at)
    }

    mutating func invoke(_ function: FEELFunction, _ arguments: Arguments, at: Int) -> FEELValue {
        switch function.body {
        case .builtin(let name):
            return BuiltinFunctions.invoke(name, arguments, at: at, &self)
        case .user(let user):
            return invoke(user, arguments, at: at)
        case .native(let native):
            var values = [FEELValue](repeating: .null, count: native.parameters.count)
            switch arguments {
            case .positional(let given):
                guard given.count == native.parameters.count else {
                    warn("the function takes \(native.parameters.count) argument(s) but was given \(given.count)", at: at)
                    return .null
                }
                values = given
            case .named(let pairs):
                for pair in pairs {
                    guard let index = native.parameters.firstIndex(of: pair.name) else {
                        warn("the function has no parameter `\(pair.name)`", at: at)
                        return .null
                    }
                    values[index] = pair.value
                }
            }
            guard callDepthAllows(at: at) else { return .null }
            defer { leaveCall() }
            return native.call(values)
        }
    }

    /// Calls a function defined in FEEL: its body sees its parameters, then the names where it
    /// was defined, then the caller's (so a function in a context can call itself by its entry's name).
    private mutating func invoke(_ function: UserFunction, _ arguments: Arguments, at: Int) -> FEELValue {
        guard !function.isExternal else {
            warn("external functions (Java or PMML) are not run here; the call reads as null", at: at)
            return .null
        }
        var values = [FEELValue](repeating: .null, count: function.parameters.count)
        switch arguments {
        case .positional(let given):
            guard given.count == function.parameters.count else {
                warn("the function takes \(function.parameters.count) argument(s) but was given \(given.count)", at: at)
                return .null
            }
            values = given
        case .named(let pairs):
            for pair in pairs {
                guard let index = function.parameters.firstIndex(where: { $0.name == pair.name }) else {
                    warn("the function has no parameter `\(pair.name)`", at: at)
                    return .null
                }
                values[index] = pair.value
            }
        }
        for (index, parameter) in function.parameters.enumerated() {
            guard let type = parameter.type, !values[index].isNull else { continue }
            if type.matches(values[index]) { continue }
            if let converted = Conversions.conform(values[index], to: type) {
                values[index] = converted
                continue
            }
            warn("argument `\(parameter.name)` must be a \(type), found a \(values[index].typeName)", at: at)
            return .null
        }
        guard callDepthAllows(at: at) else { return .null }
        let saved = bindings
        let savedBase = lexicalBase
        let savedVariables = variables
        lexicalBase = bindings.count
        bindings += function.captured
        for (index, parameter) in function.parameters.enumerated() { bindings.append(.value(parameter.name, values[index])) }
        variables = LayeredVariables(first: function.variables, then: variables)
        let result = evaluate(function.body)
        bindings = saved
        lexicalBase = savedBase
        variables = savedVariables
        leaveCall()
        return result
    }
}

/// A function's own variables before the caller's.
struct LayeredVariables: FEELVariables {
    let first: any FEELVariables
    let then: any FEELVariables

    func value(named name: String) -> FEELValue? {
        first.value(named: name) ?? then.value(named: name)
    }
}
