import Definitions
import Expressions

/// Events of the call activities around a task (`CallActivity.events`): a timer or message
/// boundary event on a call activity happens while the called process runs, so its button is on
/// every page of that process. An interrupting one ends the call (its tokens, and the processes
/// they called) and moves the caller's token on; a non-interrupting one starts a branch beside
/// the call, shown first.
extension ProcessEngine {
    func happen(_ caller: CallerEvent, at waiting: WaitingTask, instance: Instance, language: String) throws(RuntimeError) -> ActionResult {
        let now = configuration.now()
        var evaluator = Evaluator(language: language, now: now)
        var changed = instance
        var runner = runner()
        if caller.event.interrupts {
            runner.endCall(caller.call, &changed)
            runner.move(caller.callerToken, to: caller.event.next, in: &changed, evaluator: &evaluator)
        } else {
            runner.branch(from: caller.callerToken, to: caller.event.next, in: &changed, evaluator: &evaluator)
        }
        let action = ActionDefinition(name: caller.event.name, kind: .submit, next: caller.event.next, validate: false)
        return .applied(try saveStep(changed, from: instance, waiting: waiting, action: action, form: PostedForm([]),
                                     branches: runner.branches, evaluator: evaluator, language: language, now: now))
    }
}
