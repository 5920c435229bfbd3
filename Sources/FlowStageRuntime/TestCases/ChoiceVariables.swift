import Definitions
import Expressions
import Foundation

/// The variables that make a gateway take the path a person chose on its "Which way?" page, for
/// a recording: a test case cannot choose, but it can complete the task before with data that
/// makes the engine choose so. Candidates come from the constants the conditions compare with
/// (each, and one more or less for a number, and true and false): one variable, then two.
enum ChoiceVariables {
    static let maxEvaluations = 5_000

    /// Variables over `data` with which the gateway's conditions take `target` alone (the default
    /// when none holds), or nil when none of the candidates does.
    static func choosing(_ target: String, at gateway: Node, over data: JSONValue) -> JSONValue? {
        let branches: [Branch]
        switch gateway.kind {
        case .exclusiveGateway(let list), .inclusiveGateway(let list, _): branches = list
        default: return nil
        }
        // The branches to the pages that ask are FlowStage's own, not the model's.
        let modelled = branches.filter { !$0.next.contains("__unset") && !$0.next.contains("__choice") }
        let conditions = modelled.compactMap(\.when)
        var candidates: [(path: String, values: [JSONValue])] = []
        for path in conditions.flatMap(\.surelyReadPaths) where !path.isEmpty && !path.hasPrefix("$") && !candidates.contains(where: { $0.path == path }) {
            var values: [JSONValue] = []
            for (compared, value) in conditions.flatMap(\.comparedValues) where compared == path {
                values.append(value)
                if case .number(let number) = value { values += [.number(number + 1), .number(number - 1)] }
            }
            values += [true, false]
            candidates.append((path, values))
        }
        var evaluator = Evaluator(language: "en", now: Date())
        var evaluations = 0
        func takes(_ assignment: [(String, JSONValue)]) -> JSONValue? {
            var variables = JSONValue.object([:]), tried = data
            for (path, value) in assignment {
                guard let dataPath = try? DataPath(path) else { return .none }
                dataPath.set(value, in: &variables)
                dataPath.set(value, in: &tried)
            }
            evaluations += 1
            let holding = modelled.filter { $0.when != nil && evaluator.isTrue($0.when, data: tried, otherwise: false) }.map(\.next)
            let taken = holding.isEmpty ? modelled.filter { $0.when == nil }.map(\.next) : Array(holding.prefix(gateway.isExclusive ? 1 : holding.count))
            // `.none`, not `nil`: a JSON value's `nil` literal is its null.
            return taken == [target] ? variables : .none
        }
        for candidate in candidates {
            for value in candidate.values {
                if let found = takes([(candidate.path, value)]) { return found }
            }
        }
        for (index, first) in candidates.enumerated() {
            for second in candidates.dropFirst(index + 1) {
                for a in first.values {
                    for b in second.values {
                        guard evaluations < maxEvaluations else { return nil }
                        if let found = takes([(first.path, a), (second.path, b)]) { return found }
                    }
                }
            }
        }
        return nil
    }
}

extension Node {
    var isExclusive: Bool {
        if case .exclusiveGateway = kind { true } else { false }
    }
}
