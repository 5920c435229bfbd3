import Definitions
import Expressions

/// A task's local data (decision 0037): `locals` evaluated when a token arrives, laid over the
/// process data while it waits, and only `results` (else what it wrote, locals excepted) left
/// in the process data when it completes.
extension Instance {
    /// The data the task a token is at sees: its process's (or call's) data with the task's
    /// locals over its top-level names.
    func scope(of token: Token) -> JSONValue {
        data(of: token.call).overlaid(by: token.locals)
    }

    /// Evaluates `node`'s locals for the token arriving at it (each sees the ones before it).
    mutating func enter(_ node: Node, token tokenID: Int, evaluator: inout Evaluator) {
        guard let index = tokens.firstIndex(where: { $0.id == tokenID }) else { return }
        guard !node.locals.isEmpty else { tokens[index].locals = nil; return }
        let base = data(of: tokens[index].call)
        var locals = JSONValue.object([:])
        for local in node.locals {
            local.path.set(evaluator.evaluate(local.expression, data: base.overlaid(by: locals)), in: &locals)
        }
        tokens[index].locals = locals
    }

    /// Stores what a waiting task wrote (`view`, its scope changed): a local name stays on the
    /// token, every other name goes to the process data, as an engine sets a variable where it exists.
    mutating func write(_ view: JSONValue, token tokenID: Int) {
        guard let index = tokens.firstIndex(where: { $0.id == tokenID }) else { return }
        let call = tokens[index].call
        guard case .object(var locals)? = tokens[index].locals, case .object(var fields) = view else {
            return setData(view, of: call)
        }
        let stored = data(of: call)
        for name in Array(locals.keys) {
            locals[name] = fields[name] ?? .null
            fields[name] = stored[name]
        }
        tokens[index].locals = .object(locals)
        setData(.object(fields), of: call)
    }

    /// Completes the task a token is at with what it finished with (`view`): its `results`
    /// evaluated over it, or without results everything it wrote but its locals.
    mutating func leave(_ node: Node, token tokenID: Int, finished view: JSONValue, evaluator: inout Evaluator) {
        guard !node.results.isEmpty, let token = tokens.first(where: { $0.id == tokenID }) else {
            return write(view, token: tokenID)
        }
        var data = data(of: token.call)
        for result in node.results {
            result.path.set(evaluator.evaluate(result.expression, data: view), in: &data)
        }
        setData(data, of: token.call)
    }
}

extension JSONValue {
    /// The object with `top`'s names replacing its own whole (a local variable shadows the
    /// process variable of its name, it is not merged into it).
    func overlaid(by top: JSONValue?) -> JSONValue {
        guard case .object(let names)? = top, !names.isEmpty, case .object(var fields) = self else { return self }
        for (name, value) in names { fields[name] = value }
        return .object(fields)
    }
}
