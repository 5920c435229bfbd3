import Definitions
import Expressions

/// A process started by another — a call activity, or a flow state with `process` — gets its
/// start data the same way: the definition's `data` with the caller's `input` laid over it
/// (child path ← caller expression), and its required parameters must then be there.
extension ProcessDefinition {
    func startData(input: [Assignment], from callerData: JSONValue,
                   evaluator: inout Evaluator) -> (data: JSONValue, missingParameter: DataPath?) {
        var given = JSONValue.object([:])
        for assignment in input {
            assignment.path.set(evaluator.evaluate(assignment.expression, data: callerData), in: &given)
        }
        let data = self.data.merging(given)
        let missing = params.first { parameter in
            let value = parameter.key.get(in: data)
            return parameter.required && (value == .null || value == .string(""))
        }
        return (data, missing?.key)
    }
}
