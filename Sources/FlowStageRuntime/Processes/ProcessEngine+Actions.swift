import Definitions
import Expressions
import Foundation

/// The actions that read a posted form (docs/reference/processes.md, "Actions"): `submit`, `save`, `upload`,
/// `startProcess` and `handler`. One path for all of them, so each reads fields, checks files,
/// applies `params` and saves the same way — and a refused one changes nothing.
extension ProcessEngine {
    func apply(_ action: ActionDefinition, _ waiting: WaitingTask, instance: Instance, form: PostedForm,
               language: String) throws(RuntimeError) -> ActionResult {
        let now = configuration.now()
        var evaluator = Evaluator(language: language, now: now)
        let task = waiting.task
        // A value of the wrong type always stops the action; validators run for a validating
        // submit or handler (`validate`, default true).
        let validating = action.validate && (action.kind == .submit || action.kind == .handler)
        let reader = ScreenFormReader(project: project, customValidators: configuration.customValidators,
                                      language: language, now: now, customFields: configuration.customComponents)
        let read = reader.read(task.screen, form: form, into: waiting.data, keys: action.keys,
                               checks: validating ? .typesAndValidators : .types, evaluator: &evaluator)

        // Files: an upload action reads its own component; the others any file field they read.
        let shown = ScreenResolver.postableFields(ScreenResolver.resolve(task.screen, data: waiting.data, evaluator: &evaluator))
        var fileFields = shown.filter { $0.type == .fileUpload }
        if action.kind == .upload {
            fileFields = fileFields.filter { $0.key?.description == action.key?.description }
        } else if let keys = action.keys {
            fileFields = fileFields.filter { field in keys.contains { field.key.map($0.covers) ?? false } }
        }
        let intake = UploadIntake(fields: fileFields, form: form, data: read.data,
                                  required: action.kind == .upload ? action.key : nil,
                                  globalLimit: configuration.maxUploadBytes, words: project.words.for(language)) { field in
            (field.label ?? field.title)?.resolve(project.tags, language: language, data: read.data) ?? field.key?.description ?? ""
        }
        // A file accepted in this post answers that field's `required`; a refused one replaces it.
        let fileKeys = Set(intake.changes.filter { !$0.files.isEmpty }.map(\.key.description) + intake.errors.map(\.key))
        var errors = read.errors.filter { !fileKeys.contains($0.key) } + intake.errors
        if !errors.isEmpty {
            let resolved = ScreenResolver.resolve(task.screen, data: read.data, evaluator: &evaluator)
            // In the order of the screen the posted values show (a field they revealed included).
            let order = Dictionary((ScreenResolver.postableFields(resolved) + shown).enumerated().compactMap { item in
                item.element.key.map { ($0.description, item.offset) }
            }, uniquingKeysWith: { first, _ in first })
            errors.sort { (order[$0.key] ?? .max) < (order[$1.key] ?? .max) }
            return .invalid(waiting.state(instance, project: project, steppers: steppers, resolvedScreens: resolvedScreens, components: resolved, data: read.data, rawValues: read.rawValues,
                                          errors: errors, notice: nil, language: language, now: now,
                                          uploadLimit: configuration.maxUploadBytes))
        }

        var data = read.data
        // `params`: assignments into the data, except for a handler (its input) and a
        // started process (its start parameters).
        var params = JSONValue.object([:])
        var startParams: [String: JSONValue] = [:]
        for assignment in action.params {
            let value = evaluator.evaluate(assignment.expression, data: data)
            switch action.kind {
            case .handler: assignment.path.set(value, in: &params)
            case .startProcess: startParams[assignment.path.description] = value
            default: assignment.path.set(value, in: &data)
            }
        }
        if let refusal = ListRows.apply(action, to: &data, posted: form.values("_item").first) {
            let words = project.words.for(language)
            let notice = switch refusal {
            case .full: words.format("notice.listFull", ActionDefinition.maxItems, 0)
            case .rowGone: words["notice.rowGone"]
            case .listGone: words["notice.listGone"]
            }
            return .refused(instance, notice: notice)
        }
        let files = try intake.store(into: &data, uploads: configuration.uploads, session: instance.session, instance: instance.id)

        if action.kind == .handler {
            do {
                data = try callHandler(action, waiting: waiting, data: data, params: params, session: instance.session)
            } catch {
                configuration.uploads.delete(files.stored)
                let resolved = ScreenResolver.resolve(task.screen, data: read.data, evaluator: &evaluator)
                var state = waiting.state(instance, project: project, steppers: steppers, resolvedScreens: resolvedScreens, components: resolved, data: read.data,
                                          rawValues: read.rawValues, errors: [], notice: nil, language: language, now: now,
                                          uploadLimit: configuration.maxUploadBytes)
                state.actionError = error.message
                return .invalid(state)
            }
        }

        if let field = action.variablesFrom {
            if let completed = JobVariables.take(field, from: data) { data = completed } else {
                let problem = project.words.for(language)["notice.variablesNotObject"]
                configuration.uploads.delete(files.stored)
                let resolved = ScreenResolver.resolve(task.screen, data: read.data, evaluator: &evaluator)
                return .invalid(waiting.state(instance, project: project, steppers: steppers, resolvedScreens: resolvedScreens, components: resolved,
                                              data: read.data, rawValues: read.rawValues, errors: [FieldError(key: field.description, message: problem)],
                                              notice: nil, language: language, now: now, uploadLimit: configuration.maxUploadBytes))
            }
        }

        var changed = instance
        let next: String? = switch action.kind {
        case .submit: action.next ?? waiting.node.next
        case .handler: action.next
        default: nil
        }
        if action.interrupts, next != nil {
            // An interrupted task completes nothing: no results, and its locals go with the token.
        } else if next != nil, !action.keepTask {
            changed.leave(waiting.node, token: waiting.token.id, finished: data, evaluator: &evaluator)
        } else {
            changed.write(data, token: waiting.token.id)
        }
        var branches: [Passage] = []
        if let next, let index = changed.tokens.firstIndex(where: { $0.id == waiting.token.id }) {
            var runner = runner()
            if action.keepTask {
                runner.branch(from: waiting.token.id, to: next, in: &changed, evaluator: &evaluator)
            } else {
                var index = index
                if action.terminate {
                    // The waiting token is never among the branches it ends, so it is found again.
                    runner.endOtherBranches(of: changed.tokens[index], &changed)
                    index = changed.tokens.firstIndex { $0.id == waiting.token.id } ?? index
                }
                changed.tokens[index].history.append(waiting.node.id)
                if changed.tokens[index].history.count > ProcessEngine.maxHistory { changed.tokens[index].history.removeFirst() }
                runner.move(waiting.token.id, to: next, in: &changed, evaluator: &evaluator)
            }
            branches = runner.branches
        }
        let posted = intake.changes.flatMap { change in change.files.map { (change.key.description, $0.file.fileName) } }
        let stored = zip(posted, files.stored).map { InstanceStep.File(field: $0.0, name: $0.1, upload: $1) }
        let saved: Instance
        do {
            saved = try saveStep(changed, from: instance, waiting: waiting, action: action, form: form, files: stored,
                                 branches: branches, evaluator: evaluator, language: language, now: now)
        } catch {
            configuration.uploads.delete(files.stored)
            throw error
        }
        configuration.uploads.delete(files.dropped)

        if action.kind == .startProcess, let process = action.process {
            // The child belongs to the same session; the browser returns here when it ends.
            do {
                let child = try start(process: process, session: instance.session, params: startParams, modal: true, parent: instance.id)
                return .started(parent: saved, child: child)
            } catch {
                return .refused(saved, notice: error.description)
            }
        }
        return .applied(saved)
    }

    /// How every action that moves an instance lands: the step recorded for the history and
    /// restart (not while exploring), the evaluator's warnings kept, the instance saved.
    func saveStep(_ changed: Instance, from instance: Instance, waiting: WaitingTask, action: ActionDefinition, form: PostedForm,
                  files: [InstanceStep.File] = [], branches: [Passage], evaluator: Evaluator, language: String,
                  now: Date) throws(RuntimeError) -> Instance {
        var changed = changed
        if configuration.explorationHook == nil {
            changed.record(InstanceStep(at: now, screen: waiting.key, action: action.name, form: form, files: files, branches: branches))
        }
        changed.warn(evaluator.warnings)
        changed.updatedAt = now
        return try save(changed, from: instance, trigger: AnalyticsEvents.Trigger(action: action, task: waiting, language: language))
    }

    /// Runs the Swift handler a `handler` action names; a missing one (a host that changed
    /// its registry after loading) fails like a handler would.
    private func callHandler(_ action: ActionDefinition, waiting: WaitingTask, data: JSONValue, params: JSONValue,
                             session: String) throws(ActionFailureMessage) -> JSONValue {
        let name = action.handler ?? ""
        guard let handler = configuration.actionHandlers[name] else {
            throw ActionFailureMessage(message: "No action handler named “\(name)” is registered, so nothing was changed.")
        }
        do {
            return try handler(ActionRequest(data: data, params: params, process: waiting.process.name, task: waiting.key,
                                             action: action.name, session: session))
        } catch let failure as ServiceFailure {
            throw ActionFailureMessage(message: failure.message)
        } catch {
            throw ActionFailureMessage(message: "\(error)")
        }
    }
}

/// A handler's failure, worded for the error banner.
struct ActionFailureMessage: Error {
    let message: String
}
