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
        /// Handlers for `serviceTask` nodes, by the name in `handler`. Give their names to
        /// `ProjectLoader.registeredHandlers` so an unknown name is a load error.
        public var serviceHandlers: [String: ServiceHandler]
        /// Handlers for `handler` actions, by the action's `handler` name. Give their names to
        /// `ProjectLoader.registeredActionHandlers` so an unknown name is a load error.
        public var actionHandlers: [String: ActionHandler]
        /// Where uploaded files are kept (a folder for the server; memory by default).
        public var uploads: any UploadStore
        /// The largest file a `fileUpload` accepts when it gives no smaller `maxSize`.
        public var maxUploadBytes: Int
        /// Where analytics events go besides `recent`.
        public var analytics: [any AnalyticsSink]
        /// The last events per instance, for the inspector; share one across engines (live reload) to keep them.
        public var recent: RecentAnalytics
        public var now: @Sendable () -> Date
        public var makeID: @Sendable () -> String
        /// Custom components registered in Swift, by `identifier`: what they post and how it is checked.
        public var customComponents: [String: CustomComponentFields] = [:]
        /// Set only by `Explorer`: sees every step and may steer gateways.
        var explorationHook: ExplorationHook?
        /// Set only by `CamundaTestCaseRunner`: jobs answered as a test case's workers say, else waiting.
        var jobWorkers: JobWorkers?

        public init(customValidators: [String: CustomValidator] = [:],
                    serviceHandlers: [String: ServiceHandler] = [:],
                    actionHandlers: [String: ActionHandler] = [:],
                    uploads: any UploadStore = MemoryUploadStore(),
                    maxUploadBytes: Int = 10 << 20,
                    analytics: [any AnalyticsSink] = [],
                    recent: RecentAnalytics = RecentAnalytics(),
                    now: @escaping @Sendable () -> Date = { Date() },
                    makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
            self.customValidators = customValidators
            self.serviceHandlers = serviceHandlers
            self.actionHandlers = actionHandlers
            self.uploads = uploads
            self.maxUploadBytes = maxUploadBytes
            self.analytics = analytics
            self.recent = recent
            self.now = now
            self.makeID = makeID
        }
    }

    public let project: Project
    public let store: InstanceStore
    let configuration: Configuration
    private let locks = StripedLocks()
    /// Each task's stepper, worked out once from the definitions.
    let steppers: Steppers
    /// Each task's screen resolved, kept by the values it reads (resolved once if none).
    let resolvedScreens: ResolvedScreens
    /// Where this engine keeps uploaded files (`GET /uploads/{id}` reads them).
    public var uploads: any UploadStore { configuration.uploads }
    /// The last analytics events of each instance, for the inspector.
    public var recent: RecentAnalytics { configuration.recent }
    static let maxHistory = 200

    public init(project: Project, store: InstanceStore, configuration: Configuration = Configuration()) {
        self.project = project
        self.store = store
        self.configuration = configuration
        steppers = Steppers(project: project)
        resolvedScreens = ResolvedScreens(project.processes)
    }

    // MARK: - Lifecycle

    /// Starts `process` for `session`. Start data is the definition's `data` deep-merged with
    /// the declared parameters found in `params`; a missing required parameter refuses to start.
    /// `seed` (an object) is merged over the process's initial data before the declared
    /// parameters are set: a demo's "Start with data" may fill any data path.
    public func start(process name: String, session: String, params: [String: JSONValue] = [:], seed: JSONValue = .null,
                      modal: Bool = false, parent: String? = nil) throws(RuntimeError) -> Instance {
        guard let process = project.process(named: name) else { throw .unknownProcess(name) }
        var data = seed == .null ? process.data : process.data.merging(seed)
        for parameter in process.params {
            let value = params[parameter.key.description] ?? .null
            if value == .null || value == .string("") {
                if parameter.required { throw .missingParameter(process: name, key: parameter.key.description) }
                continue
            }
            parameter.key.set(value, in: &data)
        }
        return try begin(process, session: session, data: data, modal: modal || process.modal, parent: parent)
    }

    /// Creates an instance with its start data, runs it to its first wait and stores it.
    func begin(_ process: ProcessDefinition, session: String, data: JSONValue, modal: Bool, parent: String?) throws(RuntimeError) -> Instance {
        var instance = Instance(id: configuration.makeID(), process: process.name, session: session, data: data,
                                modal: modal, now: configuration.now())
        instance.parent = parent
        instance.startData = data
        var evaluator = Evaluator(language: project.defaultLanguage, now: configuration.now())
        var runner = runner()
        runner.start(&instance, evaluator: &evaluator)
        instance.warn(evaluator.warnings)
        return try insert(instance)
    }

    /// The instance if it exists and belongs to `session`; otherwise not found.
    public func instance(_ id: String, session: String) throws(RuntimeError) -> Instance {
        let loaded: Instance?
        do { loaded = try store.load(id, ownedBy: session) } catch { throw .store(error) }
        guard let loaded else { throw .instanceNotFound }
        return loaded
    }

    /// The same, at `version` or newer (`RecordStore.load(_:atLeast:)`): the page after a change.
    public func instance(_ id: String, session: String, atLeast version: Int) throws(RuntimeError) -> Instance {
        let loaded: Instance?
        do { loaded = try store.load(id, atLeast: version) } catch { throw .store(error) }
        guard let loaded, loaded.session == session else { throw .instanceNotFound }
        return loaded
    }

    public func instances(session: String) throws(RuntimeError) -> [Instance] {
        do { return try store.records(session: session) } catch { throw .store(error) }
    }

    /// The screen of the waiting user task `task` (a key from `Instance.waiting`), or of the
    /// first one when `task` is nil or no longer waits; nil when the instance has finished.
    public func screen(_ instance: Instance, task key: String? = nil, language: String, notice: String? = nil) -> ScreenState? {
        guard instance.status == .running, let waiting = WaitingTask(instance, key: key, project: project) else { return nil }
        var evaluator = Evaluator(language: language, now: configuration.now())
        let resolved = waiting.components(resolvedScreens, evaluator: &evaluator)
        return waiting.state(instance, project: project, steppers: steppers, resolvedScreens: resolvedScreens, components: resolved,
                             data: waiting.data, rawValues: [:], errors: [], notice: notice, language: language,
                             now: evaluator.now, uploadLimit: configuration.maxUploadBytes)
    }

    // MARK: - Actions

    /// Runs the user-task action `name` with the posted form. The hidden `_screen` field names
    /// the waiting task the form was rendered for (`Instance.waiting`); a post for a task that
    /// no longer waits is stale and refused. Without `_screen` the first waiting task is meant.
    public func perform(action name: String, on id: String, session: String, form: PostedForm,
                        language: String) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            let words = project.words.for(language)
            guard instance.status == .running, !instance.waiting.isEmpty else {
                return .refused(instance, notice: words["notice.finished"])
            }
            let posted = form.values("_screen").first
            guard let waiting = WaitingTask(instance, key: posted ?? instance.current, project: project, exact: true) else {
                return .refused(instance, notice: words["notice.staleForm"])
            }
            guard let action = waiting.task.action(named: name) else {
                guard let event = waiting.callerEvent(named: name) else { throw .unknownAction(name) }
                return try happen(event, at: waiting, instance: instance, language: language)
            }
            switch action.kind {
            case .back:
                return try goBack(instance, waiting, words: words)
            case .dismiss:
                // Nothing changes here: the close confirmation decides (docs/reference/processes.md, "Navigation": modal processes).
                return .dismissed(instance)
            case .link:
                // Rendered as a link; a post (no browser sends one) only redirects, to a safe address.
                guard let url = action.url, SafeLink.isSafe(url) else {
                    return .refused(instance, notice: words["notice.unsafeLink"])
                }
                return .link(instance, url: url)
            case .submit, .save, .upload, .startProcess, .handler, .addItem, .removeItem:
                return try apply(action, waiting, instance: instance, form: form, language: language)
            }
        }
    }

    /// Returns to the previous user task of the token waiting at `task` (default: the first
    /// waiting task); its data stays. A `task` that no longer waits is a stale post, refused
    /// with a notice in `language` (default: the project's default language).
    public func back(_ id: String, session: String, task key: String? = nil, language: String? = nil) throws(RuntimeError) -> ActionResult {
        try locked(id) { () throws(RuntimeError) -> ActionResult in
            let instance = try self.instance(id, session: session)
            let words = project.words.for(language ?? project.defaultLanguage)
            guard instance.status == .running, !instance.waiting.isEmpty else {
                return .refused(instance, notice: words["notice.finished"])
            }
            guard let waiting = WaitingTask(instance, key: key ?? instance.current, project: project, exact: true) else {
                return .refused(instance, notice: words["notice.staleForm"])
            }
            return try goBack(instance, waiting, words: words)
        }
    }

    private func goBack(_ instance: Instance, _ waiting: WaitingTask, words: Words) throws(RuntimeError) -> ActionResult {
        guard waiting.task.allowBack, let previous = waiting.token.history.last else {
            return .refused(instance, notice: words["notice.noPrevious"])
        }
        var changed = instance
        if let index = changed.tokens.firstIndex(where: { $0.id == waiting.token.id }) {
            changed.tokens[index].history.removeLast()
            changed.tokens[index].node = previous
            changed.tokens[index].locals = nil
            // Back at a task is arriving there again: its locals are evaluated afresh.
            if let node = waiting.process.node(previous), !node.locals.isEmpty {
                var evaluator = Evaluator(language: project.defaultLanguage, now: configuration.now())
                changed.enter(node, token: waiting.token.id, evaluator: &evaluator)
                changed.warn(evaluator.warnings)
            }
        }
        changed.updatedAt = configuration.now()
        if configuration.explorationHook == nil {
            changed.record(InstanceStep(at: changed.updatedAt, screen: waiting.key, action: "back",
                                        form: PostedForm([]), files: [], branches: []))
        }
        return .applied(try save(changed, from: instance))
    }

    func runner() -> TokenRunner {
        var runner = TokenRunner(project: project, handlers: configuration.serviceHandlers)
        runner.jobWorkers = configuration.jobWorkers
        runner.hook = configuration.explorationHook
        return runner
    }

    /// Stores a new instance and tells the analytics sinks it started (and what it shows).
    func insert(_ instance: Instance) throws(RuntimeError) -> Instance {
        let inserted: Instance
        do { inserted = try store.insert(instance) } catch { throw .store(error) }
        record(AnalyticsEvents(project: project, now: configuration.now()).between(nil, inserted))
        return inserted
    }

    /// Saves `instance` (compare-and-swap) and then tells the analytics sinks what changed since `before`.
    func save(_ instance: Instance, from before: Instance, trigger: AnalyticsEvents.Trigger? = nil) throws(RuntimeError) -> Instance {
        let saved: Instance
        do { saved = try store.save(instance) } catch { throw .store(error) }
        record(AnalyticsEvents(project: project, now: configuration.now()).between(before, saved, trigger: trigger))
        return saved
    }

    func record(_ events: [AnalyticsEvent]) {
        guard !events.isEmpty else { return }
        recent.record(events)
        for sink in configuration.analytics { sink.record(events) }
    }

    func locked<T>(_ id: String, _ body: () throws(RuntimeError) -> T) throws(RuntimeError) -> T {
        try locks.withLock(id, body)
    }
}
