import Definitions
import Expressions
import Foundation

/// Runs process instances: start, show, act, go back. Usable as a Swift library on its
/// own; it knows nothing of HTML or HTTP.
///
/// Every action is applied to a copy of the instance and saved with compare-and-swap, so
/// it lands entirely or not at all. A striped lock serialises actions on one instance
/// inside this process; different instances proceed in parallel.
public final class ProcessEngine: Sendable {
    public struct Configuration: Sendable {
        public var customValidators: [String: CustomValidator]
        public var now: @Sendable () -> Date
        public var makeID: @Sendable () -> String

        public init(customValidators: [String: CustomValidator] = [:],
                    now: @escaping @Sendable () -> Date = { Date() },
                    makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
            self.customValidators = customValidators
            self.now = now
            self.makeID = makeID
        }
    }

    public let project: Project
    public let store: InstanceStore
    let configuration: Configuration
    private let locks = StripedLocks()
    static let maxHistory = 200

    public init(project: Project, store: InstanceStore, configuration: Configuration = Configuration()) {
        self.project = project
        self.store = store
        self.configuration = configuration
    }

    // MARK: - Lifecycle

    /// Starts `process` for `session`. Start data is the definition's `data` deep-merged with
    /// the declared parameters found in `params`; a missing required parameter refuses to start.
    public func start(process name: String, session: String, params: [String: JSONValue] = [:],
                      modal: Bool = false) throws(RuntimeError) -> Instance {
        guard let process = project.process(named: name) else { throw .unknownProcess(name) }
        var data = process.data
        for parameter in process.params {
            let value = params[parameter.key.description] ?? .null
            if value == .null || value == .string("") {
                if parameter.required { throw .missingParameter(process: name, key: parameter.key.description) }
                continue
            }
            parameter.key.set(value, in: &data)
        }
        var instance = Instance(id: configuration.makeID(), process: name, session: session, data: data,
                                modal: modal || process.modal, now: configuration.now())
        var evaluator = Evaluator(language: project.defaultLanguage, now: configuration.now())
        if let start = process.startNode {
            TokenRunner(process: process).run(from: start.id, instance: &instance, evaluator: &evaluator)
        }
        instance.warn(evaluator.warnings)
        do { return try store.insert(instance) } catch { throw .store(error) }
    }

    /// The instance if it exists and belongs to `session`; otherwise not found.
    public func instance(_ id: String, session: String) throws(RuntimeError) -> Instance {
        let loaded: Instance?
        do { loaded = try store.load(id, ownedBy: session) } catch { throw .store(error) }
        guard let loaded else { throw .instanceNotFound }
        return loaded
    }

    public func instances(session: String) throws(RuntimeError) -> [Instance] {
        do { return try store.records(session: session) } catch { throw .store(error) }
    }

    /// The screen the instance waits on, or nil when it has finished.
    public func screen(_ instance: Instance, language: String, notice: String? = nil) -> ScreenState? {
        guard instance.status == .running, let current = instance.current,
              let process = project.process(named: instance.process),
              let task = process.node(current)?.userTask else { return nil }
        var evaluator = Evaluator(language: language, now: configuration.now())
        let resolved = ScreenResolver.resolve(task.screen, data: instance.data, evaluator: &evaluator)
        return ScreenState(instanceID: instance.id, modal: instance.modal, process: process, nodeID: current, task: task, components: resolved,
                           data: instance.data, rawValues: [:], errors: [],
                           stepper: StepperBuilder.stepper(for: current, in: process),
                           canGoBack: task.allowBack && !instance.history.isEmpty, notice: notice, language: language)
    }

    // MARK: - Actions

    /// Runs the user-task action `name` with the posted form. The hidden `_screen` field names
    /// the node the form was rendered for; a post for another node is stale and refused.
    public func perform(action name: String, on id: String, session: String, form: PostedForm,
                        language: String) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            guard instance.status == .running, let current = instance.current,
                  let process = project.process(named: instance.process),
                  let node = process.node(current), let task = node.userTask else {
                return .refused(instance, notice: "This process has already finished.")
            }
            if let posted = form.values("_screen").first, posted != current {
                return .refused(instance, notice: "That form was for an earlier screen, so nothing was changed. This is the current screen.")
            }
            guard let action = task.action(named: name) else { throw .unknownAction(name) }
            switch action.kind {
            case .back:
                return try goBack(instance, task: task)
            case .submit, .save:
                return try apply(action, node: node, task: task, process: process, instance: instance,
                                 form: form, language: language)
            default:
                return .refused(instance, notice: "“\(action.kind.rawValue)” actions are not supported by this version of FlowStage yet.")
            }
        }
    }

    /// Returns to the previous user task of the instance; its data stays.
    public func back(_ id: String, session: String) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            guard instance.status == .running, let current = instance.current,
                  let task = project.process(named: instance.process)?.node(current)?.userTask else {
                return .refused(instance, notice: "This process has already finished.")
            }
            return try goBack(instance, task: task)
        }
    }

    private func goBack(_ instance: Instance, task: UserTask) throws(RuntimeError) -> ActionResult {
        guard task.allowBack, !instance.history.isEmpty else {
            return .refused(instance, notice: "There is no previous screen to go back to.")
        }
        var changed = instance
        changed.current = changed.history.removeLast()
        return .applied(try save(changed))
    }

    private func apply(_ action: ActionDefinition, node: Node, task: UserTask, process: ProcessDefinition,
                       instance: Instance, form: PostedForm, language: String) throws(RuntimeError) -> ActionResult {
        let now = configuration.now()
        var evaluator = Evaluator(language: language, now: now)
        // A value of the wrong type always stops the action; validators run for a validating submit.
        let reader = ScreenFormReader(project: project, customValidators: configuration.customValidators,
                                      language: language, now: now)
        let read = reader.read(task.screen, form: form, into: instance.data, keys: action.keys,
                               checks: action.kind == .submit && action.validate ? .typesAndValidators : .types,
                               evaluator: &evaluator)
        let (merged, rawValues, errors) = (read.data, read.rawValues, read.errors)
        if !errors.isEmpty {
            let resolved = ScreenResolver.resolve(task.screen, data: merged, evaluator: &evaluator)
            return .invalid(ScreenState(
                instanceID: instance.id, modal: instance.modal, process: process, nodeID: node.id, task: task, components: resolved,
                data: merged, rawValues: rawValues, errors: errors,
                stepper: StepperBuilder.stepper(for: node.id, in: process),
                canGoBack: task.allowBack && !instance.history.isEmpty, notice: nil, language: language))
        }

        var changed = instance
        changed.data = merged
        for assignment in action.params {
            assignment.path.set(evaluator.evaluate(assignment.expression, data: changed.data), in: &changed.data)
        }
        if action.kind == .submit, let next = action.next ?? node.next {
            changed.history.append(node.id)
            if changed.history.count > ProcessEngine.maxHistory { changed.history.removeFirst() }
            TokenRunner(process: process).run(from: next, instance: &changed, evaluator: &evaluator)
        }
        changed.warn(evaluator.warnings)
        changed.updatedAt = now
        return .applied(try save(changed))
    }

    func save(_ instance: Instance) throws(RuntimeError) -> Instance {
        do { return try store.save(instance) } catch { throw .store(error) }
    }

    func locked<T>(_ id: String, _ body: () throws(RuntimeError) -> T) throws(RuntimeError) -> T {
        try locks.withLock(id, body)
    }
}
