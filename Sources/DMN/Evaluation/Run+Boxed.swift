import FEEL
import Foundation

/// Boxed expressions (DMN 1.5, 8.2 and 8.3), each evaluated in a scope of FEEL values.
extension Run {
    func evaluate(_ boxed: BoxedExpression, _ scope: FEELContext, in model: DMNDefinitions, place: String) -> FEELValue {
        guard spend() else { return .null }
        let value: FEELValue
        switch boxed.kind {
        case .literal(let text):
            value = feel(text, scope, place: place)
        case .decisionTable(let table):
            value = evaluate(table, scope, in: model, place: place, defaultName: nil).value
        case .context(let entries):
            value = context(entries, scope, in: model, place: place)
        case .relation(let relation):
            value = .list(relation.rows.map { row in
                var context = FEELContext()
                for (column, cell) in zip(relation.columns, row) {
                    let cellValue = evaluate(cell, scope, in: model, place: "\(place), column \(column.name)")
                    context[column.name] = coerce(cellValue, to: column.typeRef, in: model, place: "\(place), column \(column.name)")
                }
                return .context(context)
            })
        case .list(let items):
            value = .list(items.map { evaluate($0, scope, in: model, place: place) })
        case .function(let definition):
            value = function(definition, scope, in: model, place: place)
        case .invocation(let invocation):
            value = invoke(invocation, scope, in: model, place: place)
        case .conditional(let condition, let then, let otherwise):
            // As FEEL's `if`: true takes `then`, false and null `else`; any other value is no condition.
            let test = evaluate(condition, scope, in: model, place: "\(place), if")
            if test.boolValue == nil && !test.isNull {
                warn("\(place): the condition is a \(test.typeName), not a boolean; the value is null")
                value = .null
            } else {
                value = test.boolValue == true ? evaluate(then, scope, in: model, place: "\(place), then")
                    : evaluate(otherwise, scope, in: model, place: "\(place), else")
            }
        case .filter(let source, let match):
            value = filter(source, match, scope, in: model, place: place)
        case .iterator(let iterator):
            value = iterate(iterator, scope, in: model, place: place)
        case .unsupported(let why):
            warn("\(place): \(why); its value is null")
            value = .null
        }
        return coerce(value, to: boxed.typeRef, in: model, place: place)
    }

    /// Entries in order, each seeing those before it; the entry without a name is the result,
    /// else the context of all entries.
    private func context(_ entries: [ContextEntry], _ scope: FEELContext, in model: DMNDefinitions, place: String) -> FEELValue {
        var inner = scope
        var built = FEELContext()
        // A function entry sees the entries as they are when it is called, itself included (recursion by name).
        let live = LiveScope(scope)
        // Cleared at the end: the functions and the scope holding them would keep each other alive.
        defer { live.clear() }
        for entry in entries {
            let entryPlace = entry.name.map { "\(place), entry \($0)" } ?? "\(place), result"
            var value: FEELValue
            if case .function(let definition) = entry.value.kind {
                guard spend() else { return .null }
                value = function(definition, scope, in: model, place: entryPlace, live: live)
            } else {
                value = evaluate(entry.value, inner, in: model, place: entryPlace)
            }
            value = coerce(value, to: entry.typeRef, in: model, place: entryPlace)
            guard let name = entry.name else { return value }
            built[name] = value
            inner[name] = value
            live.set(inner)
        }
        return .context(built)
    }

    /// A boxed function: a FEEL function whose body is a boxed expression and which sees the
    /// scope it was made in. Java and PMML functions are refused when called.
    private func function(_ definition: FunctionDefinition, _ scope: FEELContext, in model: DMNDefinitions, place: String,
                          live: LiveScope? = nil) -> FEELValue {
        .function(FEELFunction(parameters: definition.parameters.map(\.name)) { [self] arguments in
            guard definition.kind == .feel else {
                warn("\(place): a \(definition.kind.rawValue) function is not run by FlowStage; the call reads as null")
                return .null
            }
            guard let body = definition.body, enterCall(place) else { return .null }
            defer { leaveCall() }
            var inner = live?.get() ?? scope
            for (parameter, argument) in zip(definition.parameters, arguments) {
                let value = coerce(argument, to: parameter.typeRef, in: model, place: "\(place), parameter \(parameter.name)")
                if value.isNull && !argument.isNull { return .null }
                inner[parameter.name] = value
            }
            return evaluate(body, inner, in: model, place: place)
        })
    }

    /// An invocation: the function its text names, called with the bindings by parameter name.
    private func invoke(_ invocation: Invocation, _ scope: FEELContext, in model: DMNDefinitions, place: String) -> FEELValue {
        let callee = feel(invocation.callee, scope, place: place)
        guard case .function(let function) = callee else {
            warn("\(place): \(invocation.callee.source) is not a function in scope; the invocation reads as null")
            return .null
        }
        var arguments: [(name: String, value: FEELValue)] = []
        for binding in invocation.bindings {
            let value = binding.value.map { evaluate($0, scope, in: model, place: "\(place), parameter \(binding.parameter)") } ?? .null
            arguments.append((binding.parameter, value))
        }
        let result = function.call(named: arguments, environment: environment)
        for warning in result.warnings { warn("\(place): \(warning.message)") }
        return result.value
    }

    /// `filter`: the items of `in` for which `match` is true; `match` sees `item` and, for a
    /// context item, its entries by name.
    private func filter(_ source: BoxedExpression, _ match: BoxedExpression, _ scope: FEELContext, in model: DMNDefinitions,
                        place: String) -> FEELValue {
        let value = evaluate(source, scope, in: model, place: "\(place), in")
        guard !value.isNull else { return .null }
        let items = value.listValue ?? [value]
        var kept: [FEELValue] = []
        for item in items {
            var inner = scope
            if case .context(let members) = item {
                for (key, member) in zip(members.keys, members.values) { inner[key] = member }
            }
            inner["item"] = item
            let test = evaluate(match, inner, in: model, place: "\(place), match")
            if test.boolValue == nil && !test.isNull {
                warn("\(place): the match is a \(test.typeName), not a boolean; the value is null")
                return .null
            }
            if test.boolValue == true { kept.append(item) }
        }
        return .list(kept)
    }

    /// `for`, `some`, `every` over a list (or a range of whole numbers written as one).
    private func iterate(_ iterator: Iterator, _ scope: FEELContext, in model: DMNDefinitions, place: String) -> FEELValue {
        let source = evaluate(iterator.source, scope, in: model, place: "\(place), in")
        guard !source.isNull else { return .null }
        let items = source.listValue ?? [source]
        var results: [FEELValue] = []
        var undecided = false
        for item in items {
            var inner = scope
            inner[iterator.variable] = item
            let value = evaluate(iterator.body, inner, in: model, place: place)
            if iterator.kind != .forEach, value.boolValue == nil, !value.isNull {
                warn("\(place): the test is a \(value.typeName), not a boolean; the value is null")
                return .null
            }
            switch iterator.kind {
            case .forEach:
                results.append(value)
            case .some:
                if value.boolValue == true { return .bool(true) }
                if value.boolValue == nil { undecided = true }
            case .every:
                if value.boolValue == false { return .bool(false) }
                if value.boolValue == nil { undecided = true }
            }
        }
        switch iterator.kind {
        case .forEach: return .list(results)
        case .some: return undecided ? .null : .bool(false)
        case .every: return undecided ? .null : .bool(true)
        }
    }
}

/// The entries of a boxed context as they grow, for the functions defined in it.
final class LiveScope: @unchecked Sendable {
    private let lock = NSLock()
    private var context: FEELContext?

    init(_ context: FEELContext) { self.context = context }

    func set(_ context: FEELContext) { lock.withLock { self.context = context } }
    /// nil once the context is evaluated: a function called later sees the scope it was made in.
    func get() -> FEELContext? { lock.withLock { context } }
    func clear() { lock.withLock { context = nil } }
}
