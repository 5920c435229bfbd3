import Definitions
import Expressions

/// `serviceTask`: a Swift handler, else the project's mock, else a business rule task's DMN
/// decision, else the task's example data answers (decision 0037); a stand-in nothing answers
/// goes to its page (`ask`), where the person answers, or without one passes through with a
/// warning. Each way is recorded for the inspector. A failure goes to `onError`, a thrown BPMN
/// error to the catcher of its code (`onErrorCode`) or else `onError`; without one the instance fails.
extension TokenRunner {
    mutating func serviceTask(_ service: ServiceTask, node: Node, token: Token, key: String,
                              process: ProcessDefinition, _ instance: inout Instance, evaluator: inout Evaluator) {
        let scope = instance.scope(of: token)
        let message: String
        var catcher = service.onError
        var errorVariables = JSONValue.object([:])
        // A test case's workers stand for the cluster's: the project's mocks and example data do not answer.
        let handlers = self.handlers, mocks = jobWorkers == nil ? project.mocks : [:]
        let worker = service.handlerNames.first.flatMap { jobWorkers?.byType[$0] }
        if let name = service.handlerNames.first(where: { handlers[$0] != nil }), let handler = handlers[name] {
            instance.record(StandInAnswer(task: key, way: .handler, source: name))
            do {
                let answer = try handler(ServiceRequest(data: scope, process: process.name, node: node.id))
                let finished = service.answersWithResponse ? respond(service, answer, scope: scope, evaluator: &evaluator) : answer
                return complete(node, token: token, key: key, finished: finished, &instance, evaluator: &evaluator)
            } catch let failure as ServiceFailure {
                message = failure.message
            } catch {
                message = String(describing: error)
            }
        } else if let worker {
            instance.record(StandInAnswer(task: key, way: .mock, source: service.handler))
            switch worker {
            case .complete(let variables, let useExampleData):
                let finished = scope.overlaid(by: useExampleData ? service.example ?? [:] : variables)
                return complete(node, token: token, key: key, finished: finished, &instance, evaluator: &evaluator)
            case .throwError(let code, let text, let variables):
                message = "the job worker of “\(service.handler)” throws the BPMN error “\(code)”" + (text.map { ": \($0)" } ?? "")
                catcher = service.onErrorCode[code] ?? service.onError
                errorVariables = variables
            }
        } else if let mock = service.handlerNames.lazy.compactMap({ mocks[$0] }).first {
            instance.record(StandInAnswer(task: key, way: .mock, source: mock.file))
            switch mock.answer {
            case .variables(let variables):
                return complete(node, token: token, key: key, finished: scope.overlaid(by: variables), &instance, evaluator: &evaluator)
            case .response(let response):
                let finished = service.answersWithResponse ? respond(service, response, scope: scope, evaluator: &evaluator)
                    : scope.overlaid(by: response)
                return complete(node, token: token, key: key, finished: finished, &instance, evaluator: &evaluator)
            case .error(let code, let text):
                message = "\(mock.file) throws the BPMN error “\(code)”" + (text.map { ": \($0)" } ?? "")
                catcher = service.onErrorCode[code] ?? service.onError
            }
        } else if let call = service.decision, let output = jobWorkers?.decisions[call.id] {
            // A mocked decision's output is the variables the test case gives: one variable is
            // a single output's value, as DMN gives it; several are a context.
            instance.record(StandInAnswer(task: key, way: .decision, source: call.id))
            var finished = scope
            let value = output.objectValue.flatMap { $0.count == 1 ? $0.values.first : nil } ?? output
            call.resultVariable?.set(value, in: &finished)
            return complete(node, token: token, key: key, finished: finished, &instance, evaluator: &evaluator)
        } else if let call = service.decision, let finished = decide(call, scope: scope, key: key, now: evaluator.now, &instance) {
            instance.record(StandInAnswer(task: key, way: .decision, source: call.id))
            return complete(node, token: token, key: key, finished: finished, &instance, evaluator: &evaluator)
        } else if jobWorkers == nil, let example = service.example {
            instance.record(StandInAnswer(task: key, way: .example, source: nil))
            return complete(node, token: token, key: key, finished: scope.overlaid(by: example), &instance, evaluator: &evaluator)
        } else if service.standIn, let ask = service.ask {
            instance.record(StandInAnswer(task: key, way: .person, source: nil))
            return forward(token.id, to: ask, in: &instance, at: key)
        } else if service.standIn {
            instance.record(StandInAnswer(task: key, way: .skipped, source: nil))
            instance.warn(["“\(key)” was skipped: a stand-in for \(service.handler) that sets nothing; give it example data in the Modeler, a mock file mocks/\(service.handler).json, or register a ServiceHandler under one of \(service.handlerNames.map { "“\($0)”" }.joined(separator: ", "))"])
            return complete(node, token: token, key: key, finished: scope, &instance, evaluator: &evaluator)
        } else {
            message = "no handler named “\(service.handler)” is registered; register it in ProcessEngine.Configuration.serviceHandlers"
        }
        guard let onError = catcher else {
            return fail(&instance, node: key, "service task “\(key)” failed: \(message)")
        }
        instance.warn(["service task “\(key)” failed and went to “\(onError)”: \(message)"])
        var data = instance.data(of: token.call).overlaid(by: errorVariables)
        service.errorKey?.set(.string(message), in: &data)
        instance.setData(data, of: token.call)
        forward(token.id, to: onError, in: &instance, at: key)
    }

    private mutating func complete(_ node: Node, token: Token, key: String, finished: JSONValue, _ instance: inout Instance,
                                   evaluator: inout Evaluator) {
        instance.leave(node, token: token.id, finished: finished, evaluator: &evaluator)
        forward(token.id, to: node.next, in: &instance, at: key)
    }

    /// A connector's response made the job's variables, as the connector runtime does: whole
    /// under `resultVariable`, and the context `resultExpression` makes of it merged in.
    private func respond(_ service: ServiceTask, _ response: JSONValue, scope: JSONValue, evaluator: inout Evaluator) -> JSONValue {
        var variables = JSONValue.object([:])
        service.resultVariable?.set(response, in: &variables)
        if let expression = service.resultExpression {
            let result = evaluator.evaluate(expression, data: scope.overlaid(by: ["response": response]))
            if case .object = result { variables = variables.overlaid(by: result) }
        }
        return scope.overlaid(by: variables)
    }
}
