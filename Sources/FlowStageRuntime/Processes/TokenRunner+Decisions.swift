import DMN
import Definitions
import Expressions
import FEEL
import Foundation

/// A business rule task's DMN decision, evaluated over the task's scope: its result set as the
/// task's variables (Camunda 8 stores the value, Camunda 7 maps the matched rules by
/// `mapDecisionResult`), what it did recorded for the inspector.
extension TokenRunner {
    /// The task's variables after the decision, or nil with a warning when it cannot be
    /// evaluated (the task then asks the person, as any stand-in).
    func decide(_ call: DecisionCall, scope: JSONValue, key: String, now: Date, _ instance: inout Instance) -> JSONValue? {
        guard let found = project.decisions.find(call.id) else {
            instance.warn(["“\(key)”: decision “\(call.id)” is no longer in the project's .dmn files"])
            return nil
        }
        let context = (scope.objectValue ?? [:]).mapValues(FEELValue.init(json:))
        let evaluator = DMNEvaluator(environment: FEELEnvironment(now: now))
        switch evaluator.evaluate(decision: found.decision.id, in: found.models, context: context) {
        case .failure(let error):
            instance.warn(["“\(key)”: decision “\(call.id)” (\(found.file)) could not be evaluated: \(error)"])
            return nil
        case .success(let result):
            instance.record(DecisionRecord(task: key, trace: result.trace))
            instance.warn(result.warnings.map { "“\(key)”, decision “\(found.decision.name)”: \($0)" })
            switch DecisionOutcome.variable(result.value, mapping: call.mapping, decision: found.decision) {
            case .success(let value):
                var variables = JSONValue.object([:])
                call.resultVariable?.set(value, in: &variables)
                return scope.overlaid(by: variables)
            case .failure(let problem):
                instance.warn(["“\(key)”: decision “\(found.decision.name)”: \(problem.message)"])
                return nil
            }
        }
    }
}

/// How a decision's value becomes the result variable: as it is (Camunda 8), or mapped from the
/// matched rules' outputs by Camunda 7's `mapDecisionResult`.
enum DecisionOutcome {
    struct Problem: Error { let message: String }

    static func variable(_ value: FEELValue, mapping: DecisionCall.Mapping?, decision: Decision) -> Result<JSONValue, Problem> {
        guard let mapping else { return .success(value.json) }
        let rows = self.rows(value, decision: decision)
        switch mapping {
        case .resultList:
            return .success(.array(rows.map { .object($0.mapValues(\.json)) }))
        case .singleResult:
            guard rows.count <= 1 else { return .failure(Problem(message: "\(rows.count) rules matched, and singleResult takes one; use resultList or collectEntries")) }
            return .success(rows.first.map { .object($0.mapValues(\.json)) } ?? .null)
        case .singleEntry:
            guard rows.count <= 1 else { return .failure(Problem(message: "\(rows.count) rules matched, and singleEntry takes one; use collectEntries or resultList")) }
            guard let row = rows.first else { return .success(.null) }
            guard row.count == 1, let entry = row.values.first else {
                return .failure(Problem(message: "the matched rule has \(row.count) outputs, and singleEntry takes one; use singleResult"))
            }
            return .success(entry.json)
        case .collectEntries:
            var values: [JSONValue] = []
            for row in rows {
                guard row.count == 1, let entry = row.values.first else {
                    return .failure(Problem(message: "a matched rule has \(row.count) outputs, and collectEntries takes one each; use resultList"))
                }
                values.append(entry.json)
            }
            return .success(.array(values))
        }
    }

    /// The matched rules' outputs by name: a list is a row per item, a context one row of its
    /// entries, another value one row named after the table's one output (else the decision).
    private static func rows(_ value: FEELValue, decision: Decision) -> [[String: FEELValue]] {
        var outputName = decision.name
        if case .decisionTable(let table)? = decision.logic?.kind, table.outputs.count == 1, let name = table.outputs[0].name { outputName = name }
        let items: [FEELValue]
        switch value {
        case .null: items = []
        case .list(let list): items = list
        default: items = [value]
        }
        return items.map { item in
            if case .context(let context) = item {
                return Dictionary(zip(context.keys, context.values), uniquingKeysWith: { $1 })
            }
            return [outputName: item]
        }
    }
}
