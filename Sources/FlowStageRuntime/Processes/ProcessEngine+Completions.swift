import Definitions
import Expressions

/// What an engine's API does where a person would post a form: complete a waiting user task or
/// job with variables, throw a BPMN error from a waiting job, set variables. Camunda's test
/// cases act this way (`CamundaTestCaseRunner`); no field is read or validated, as Zeebe
/// completes a task with whatever variables it is given.
extension ProcessEngine {
    /// Completes the waiting task `key` (a user task, or the page where a stand-in's job waits)
    /// with `variables`, through its first plain submit action, as that action would move on.
    public func complete(_ key: String, on id: String, session: String, variables: JSONValue) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            guard instance.status == .running, let waiting = WaitingTask(instance, key: key, project: project, exact: true),
                  let action = waiting.task.actions.first(where: { $0.kind == .submit && !$0.keepTask && !$0.interrupts && $0.variablesFrom == nil }),
                  let next = action.next ?? waiting.node.next else {
                return .refused(instance, notice: "“\(key)” is not waiting to be completed")
            }
            var changed = instance
            var evaluator = Evaluator(language: project.defaultLanguage, now: configuration.now())
            changed.leave(waiting.node, token: waiting.token.id, finished: waiting.data.overlaid(by: variables), evaluator: &evaluator)
            return try move(waiting, to: next, action: action, in: changed, from: instance, evaluator: &evaluator)
        }
    }

    /// Throws the BPMN error `code` from the job waiting at `key` (a stand-in's page): it goes to
    /// the catcher of its code, else to one that catches any error, with `variables` set; an error
    /// no one catches fails the instance, as an engine raises an incident.
    public func throwError(_ code: String, message: String?, variables: JSONValue, at key: String, on id: String,
                           session: String) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            guard instance.status == .running, let waiting = WaitingTask(instance, key: key, project: project, exact: true),
                  let service = waiting.standIn else {
                return .refused(instance, notice: "“\(key)” is no job waiting to be completed")
            }
            var changed = instance
            var evaluator = Evaluator(language: project.defaultLanguage, now: configuration.now())
            guard let catcher = service.onErrorCode[code] ?? service.onError else {
                var runner = runner()
                runner.fail(&changed, node: key, "the BPMN error “\(code)”\(message.map { " (\($0))" } ?? "") is caught by no error boundary event or event subprocess")
                return .applied(try save(changed, from: instance))
            }
            changed.setData(changed.data(of: waiting.token.call).overlaid(by: variables), of: waiting.token.call)
            let action = ActionDefinition(name: "throw-error", kind: .submit, next: catcher, validate: false, interrupts: true)
            return try move(waiting, to: catcher, action: action, in: changed, from: instance, evaluator: &evaluator)
        }
    }

    /// Sets `variables` in the instance's data (its own, not a call's), as an engine's "update
    /// variables" does at the process scope.
    public func update(_ variables: JSONValue, on id: String, session: String) throws(RuntimeError) -> Instance {
        try locked(id) { () throws(RuntimeError) -> Instance in
            let instance = try self.instance(id, session: session)
            var changed = instance
            changed.setData(changed.data(of: nil).overlaid(by: variables), of: nil)
            changed.updatedAt = configuration.now()
            return try save(changed, from: instance)
        }
    }

    private func move(_ waiting: WaitingTask, to next: String, action: ActionDefinition, in changed: Instance, from instance: Instance,
                      evaluator: inout Evaluator) throws(RuntimeError) -> ActionResult {
        var changed = changed
        var runner = runner()
        if let index = changed.tokens.firstIndex(where: { $0.id == waiting.token.id }) {
            changed.tokens[index].history.append(waiting.node.id)
        }
        runner.move(waiting.token.id, to: next, in: &changed, evaluator: &evaluator)
        return .applied(try saveStep(changed, from: instance, waiting: waiting, action: action, form: PostedForm([]), branches: runner.branches,
                                     evaluator: evaluator, language: project.defaultLanguage, now: configuration.now()))
    }
}

extension WaitingTask {
    /// The stand-in whose job waits on this page (`ServiceTask.ask`), if it is such a page.
    var standIn: ServiceTask? {
        for node in process.nodes {
            if case .serviceTask(let service) = node.kind, service.ask == self.node.id { return service }
        }
        return nil
    }
}
