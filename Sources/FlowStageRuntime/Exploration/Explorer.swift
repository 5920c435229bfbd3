import Definitions
import Expressions
import Foundation
import Synchronization

/// How far the explorer goes: counts, never time, so the same project always gives the same pages.
public struct ExplorationBudget: Sendable, Equatable {
    /// Actions (and back moves) posted per process, start included.
    public var actionsPerProcess: Int
    /// Events fired per app flow.
    public var actionsPerFlow: Int
    /// Actions and events over the whole project; processes and flows after it ran out are not explored.
    public var totalActions: Int
    /// States explored at one place (the same waiting screens, or flow state) with different
    /// data: more data rarely shows more, and a loop that keeps making new data stops here.
    public var statesPerPlace: Int
    /// Pages kept per screen besides its first one and its error state: the same screen showing
    /// other fields (a field the data reveals).
    public var variantPagesPerScreen: Int

    public init(actionsPerProcess: Int = 2_000, actionsPerFlow: Int = 500, totalActions: Int = 20_000,
                statesPerPlace: Int = 8, variantPagesPerScreen: Int = 2) {
        self.actionsPerProcess = actionsPerProcess; self.actionsPerFlow = actionsPerFlow; self.totalActions = totalActions
        self.statesPerPlace = statesPerPlace; self.variantPagesPerScreen = variantPagesPerScreen
    }
}

/// One page the explorer met: a screen (as first shown, showing other fields, or refusing an
/// empty post), an end page, or a modal process's close confirmation.
public struct ExploredPage: Sendable {
    public enum State: String, Sendable {
        /// The screen as first reached.
        case initial
        /// The same screen showing other fields than its first page (data revealed them).
        case variant
        /// The screen refusing a post, with its error summary: the empty post when it has required fields.
        case errors
        /// The end page of a finished instance: its outcome and the end node's message (or the incident).
        case end
        /// A modal process's close confirmation.
        case close
    }

    public let owner: Coverage.Owner
    /// The node id (of the process that defines it), the flow state id, or for an end page of
    /// a failed instance the node where it failed.
    public let node: String
    public let state: State
    /// Reached only by forcing a gateway branch or flow event no explored data satisfied.
    public let forced: Bool
    /// How the explorer got here: one entry per action, e.g. `loan: continue [loan.amount = 20001]`.
    public let trail: [String]
    let recipe: Recipe

    enum Recipe: Sendable {
        case screen(Instance, task: String)
        case post(Instance, task: String, action: String, form: PostedForm)
        case end(ScenarioEnd)
        case close(Instance)
        case flowScreen(FlowRun)
        case flowPost(FlowRun, event: String, form: PostedForm)
    }
}

/// What `Explorer.run` found: the pages, in order (processes, then flows, each in the order
/// met) and the coverage. Pages are shown in any language afterwards (`screen(_:language:)`):
/// the exploration runs once, in the project's default language.
public final class Exploration: Sendable {
    public let pages: [ExploredPage]
    public let coverage: Coverage
    let engine: ProcessEngine
    let flows: FlowEngine

    init(pages: [ExploredPage], coverage: Coverage, engine: ProcessEngine, flows: FlowEngine) {
        self.pages = pages
        self.coverage = coverage
        self.engine = engine
        self.flows = flows
    }

    /// The screen of a screen page in `language` (an error page posts again, so its messages
    /// are in that language); nil for end and close pages.
    public func screen(_ page: ExploredPage, language: String) -> ScreenState? {
        switch page.recipe {
        case .screen(let instance, let task):
            return engine.screen(instance, task: task, language: language)
        case .post(let instance, let task, let action, let form):
            guard let copy = try? engine.store.insert(instance.copy(id: engine.configuration.makeID())),
                  case .invalid(let state)? = try? engine.perform(action: action, on: copy.id, session: copy.session,
                                                                 form: form, language: language) else {
                return engine.screen(instance, task: task, language: language)
            }
            return state
        case .flowScreen(let run):
            return flows.screen(run, language: language)
        case .flowPost(let run, let event, let form):
            guard let copy = try? flows.store.insert(run.copy(id: engine.configuration.makeID())),
                  case .invalid(let state)? = try? flows.fire(event: event, on: copy.id, session: copy.session,
                                                             form: form, language: language) else {
                return flows.screen(run, language: language)
            }
            return state
        case .end, .close:
            return nil
        }
    }

    /// What an end page shows.
    public func end(_ page: ExploredPage) -> ScenarioEnd? {
        if case .end(let end) = page.recipe { return end }
        return nil
    }

    /// The instance and process a close confirmation is for.
    public func closing(_ page: ExploredPage) -> (instanceID: String, process: ProcessDefinition)? {
        guard case .close(let instance) = page.recipe, let process = engine.project.process(named: instance.process) else { return nil }
        return (instance.id, process)
    }
}

/// Walks every process and app flow of a project by itself, with the real engines: at each
/// screen it fills the form with valid values (`FormFiller`) and takes every action, and at
/// each gateway every branch — by data first (the values the conditions compare with), and
/// when no explored data takes a branch, by forcing it through the token runner's hook. It
/// reaches every user task, end, flow state, close confirmation and error state the graph
/// allows within its budget (`ExplorationBudget`), and says why it missed the others.
///
/// Breadth-first over distinct states (waiting tasks and data), new places first; services
/// and action handlers are those of `configuration` (the CLI registers none).
public struct Explorer: Sendable {
    public let project: Project
    public var budget: ExplorationBudget
    public var configuration: ProcessEngine.Configuration
    /// Swift conditions for flows, as `FlowEngine` takes them.
    public var conditions: [String: FlowCondition]

    public init(project: Project, budget: ExplorationBudget = ExplorationBudget(),
                configuration: ProcessEngine.Configuration = .init(), conditions: [String: FlowCondition] = [:]) {
        self.project = project
        self.budget = budget
        self.configuration = configuration
        self.conditions = conditions
    }

    public func run() -> Exploration {
        let hook = ExplorationHook()
        let counter = ExplorationIDs()
        var configuration = configuration
        configuration.uploads = MemoryUploadStore()   // nothing the explorer uploads is written anywhere
        configuration.analytics = []
        configuration.explorationHook = hook
        configuration.makeID = { counter.next() }
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: configuration)
        let flows = FlowEngine(processes: engine, store: MemoryStore<FlowRun>(), conditions: conditions)
        let walk = ExplorationWalk(project: project, budget: budget, engine: engine, flows: flows, hook: hook)
        for process in project.processes { walk.explore(process) }
        for flow in project.flows { walk.explore(flow) }
        return Exploration(pages: walk.orderedPages(), coverage: walk.coverage(), engine: engine, flows: flows)
    }
}

/// Instance and run ids of an exploration: `x1`, `x2`, … so its pages are the same every time.
final class ExplorationIDs: Sendable {
    private let last = Atomic<Int>(0)
    func next() -> String { "x\(last.add(1, ordering: .relaxed).newValue)" }
}

extension Instance {
    /// The same instance under another id, never saved (version 0), for the explorer to act on
    /// without changing the state it came from. A copy of the whole value, so a field added
    /// later is copied too.
    func copy(id: String) -> Instance {
        var copy = self
        copy.id = id
        copy.version = 0
        return copy
    }
}

extension FlowRun {
    func copy(id: String) -> FlowRun {
        var copy = self
        copy.id = id
        copy.version = 0
        return copy
    }
}
