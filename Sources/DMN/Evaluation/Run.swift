import FEEL
import Foundation

/// One evaluation: the models, the budget, and what it recorded (trace and warnings).
///
/// A reference type because the function values it makes (business knowledge models, decision
/// services, boxed functions) call back into it from inside FEEL; such a value may outlive the
/// evaluation in a result and be called from another thread later, so what it records is
/// behind a lock.
final class Run: @unchecked Sendable {
    let models: DMNModels
    let environment: FEELEnvironment
    let limits: DMNLimits
    let types: TypeSystem
    /// Input data values of imported models, by namespace and name.
    let inputsByNamespace: [String: [String: FEELValue]]

    private let lock = NSLock()
    private var traces: [DecisionTrace] = []
    private var warningList: [String] = []
    private var evaluations = 0
    private var callDepth = 0
    private var stopReason: String?

    init(models: DMNModels, environment: FEELEnvironment, limits: DMNLimits, inputsByNamespace: [String: [String: FEELValue]] = [:]) {
        self.models = models
        self.environment = environment
        self.limits = limits
        self.types = TypeSystem(models: models, environment: environment)
        self.inputsByNamespace = inputsByNamespace
    }

    var trace: [DecisionTrace] { lock.withLock { traces } }

    /// The trace, handed over and dropped here: a traced function value holds this run, which
    /// must not hold it back.
    func takeTrace() -> [DecisionTrace] {
        lock.withLock {
            defer { traces = [] }
            return traces
        }
    }
    var warnings: [String] { lock.withLock { warningList } }
    /// Why the evaluation was stopped (a limit), nil when it ran to its end.
    var stopped: String? { lock.withLock { stopReason } }

    /// At most this many warnings are kept: a table of a thousand rows failing alike says it once.
    static let maximumWarnings = 50

    func warn(_ message: String) {
        lock.withLock {
            if warningList.count < Run.maximumWarnings, !warningList.contains(message) { warningList.append(message) }
        }
    }

    func record(_ trace: DecisionTrace) { lock.withLock { traces.append(trace) } }

    /// Counts one evaluation of an expression; false once the budget is spent (then every
    /// later expression is null and the evaluation ends with an error).
    func spend() -> Bool {
        lock.withLock {
            guard stopReason == nil else { return false }
            evaluations += 1
            if evaluations > limits.maximumEvaluations {
                stopReason = "the evaluation took more than \(limits.maximumEvaluations) expression evaluations and was stopped; look for a business knowledge model or function that calls itself without end"
                return false
            }
            return true
        }
    }

    /// Enters a call of a knowledge model, service or boxed function; false past the depth limit.
    func enterCall(_ name: String) -> Bool {
        lock.withLock {
            guard callDepth < limits.maximumCallDepth else {
                if stopReason == nil {
                    stopReason = "\(name) was called more than \(limits.maximumCallDepth) levels deep and the evaluation was stopped; look for a call of itself without an end"
                }
                return false
            }
            callDepth += 1
            return true
        }
    }

    func leaveCall() { lock.withLock { callDepth -= 1 } }

    /// Evaluates a FEEL text in a scope (for unary tests: with `input` as `?`), keeping its warnings.
    func feel(_ text: FEELText, _ scope: FEELContext, input: FEELValue = .null, place: String) -> FEELValue {
        guard spend() else { return .null }
        guard let expression = text.expression else {
            warn("\(place): \(text.source.prefix(80)) does not parse (\(text.problem ?? "syntax error")); its value is null")
            return .null
        }
        let result = expression.evaluate(Scope(context: scope), input: input, environment: environment)
        for warning in result.warnings { warn("\(place): \(warning.message)") }
        return result.value
    }

    /// The value as a `typeRef`, null (with a warning) when it does not conform.
    func coerce(_ value: FEELValue, to typeRef: String?, in model: DMNDefinitions, place: String) -> FEELValue {
        guard let typeRef, !value.isNull else { return value }
        if let conformed = types.coerce(value, to: typeRef, in: model) { return conformed }
        warn("\(place): the value \(value.literal.prefix(80)) is not a \(typeRef); it is null")
        return .null
    }
}

/// A scope's names for FEEL. A name the model declares with dots (a parameter `Person.Gender`)
/// is read whole by FEEL's lexer wherever it appears: where no such name is bound, it is read
/// as the path it looks like (`Person` then `Gender`).
struct Scope: FEELVariables {
    let context: FEELContext

    func value(named name: String) -> FEELValue? {
        if let value = context[name] { return value }
        guard name.contains(".") else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // The longest bound prefix first: `Model B.Person.name` may bind `Model B`.
        for split in stride(from: parts.count - 1, through: 1, by: -1) {
            guard var value = context[parts[..<split].joined(separator: ".")] else { continue }
            for member in parts[split...] {
                guard case .context(let members) = value, let next = members[member] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }
}
