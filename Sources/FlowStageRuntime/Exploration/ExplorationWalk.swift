import Definitions
import Expressions
import Foundation

/// The explorer's working state over one project: pages met, places reached, what blocked the
/// way, the budget spent. Used by one thread, inside `Explorer.run`.
final class ExplorationWalk {
    typealias Place = ExplorationHook.Place

    let project: Project
    let budget: ExplorationBudget
    let engine: ProcessEngine
    let flows: FlowEngine
    let hook: ExplorationHook
    let filler: FormFiller
    let language: String
    /// Processes some `startProcess` action starts: they run as modal processes, with Close.
    let startedByActions: Set<String>

    /// Pages in the order met, and the key of each (owner, node, state, what it shows).
    var pages: [ExploredPage] = []
    var pageKeys: [String: Int] = [:]
    var variantPages: [String: Int] = [:]
    /// Places reached: true when on a path with no forced branch.
    var reached: [Coverage.Owner: [String: Bool]] = [:]
    /// How a place reached only by forcing was reached: the first forced branch on its path.
    var forcedHow: [String: String] = [:]
    /// Places the explorer reached but could not pass, with why (and the action that did not pass).
    var notPassed: [String: [(action: String?, why: String)]] = [:]
    /// Place and action pairs that passed at least once: their failures elsewhere are not worth a note.
    var passedActions: Set<String> = []
    /// Places a submit or event from which was applied.
    var passed: Set<String> = []
    var blockers: [Blocker] = []
    var startFailures: [String: String] = [:]
    var notes: [String] = []
    /// Notes about places with more data than explored, shown only for an owner with something missed.
    var prunedNotes: [(owner: Coverage.Owner, text: String)] = []
    var budgetRanOut: Set<Coverage.Owner> = []
    /// Places where states were left unexplored because `statesPerPlace` were explored there already.
    var pruned: [Coverage.Owner: Set<String>] = [:]
    var totalActions = 0
    var states = 0

    /// Something that stopped the explorer on a path: nodes the graph reaches from `from` may
    /// be unreached for this `reason`.
    struct Blocker {
        let owner: Coverage.Owner
        /// The node (or flow state) the blocked way continues from.
        let from: String
        /// The place it was met, for a screen that was not passed (moot once another post passed it).
        let at: String?
        let reason: String
    }

    init(project: Project, budget: ExplorationBudget, engine: ProcessEngine, flows: FlowEngine, hook: ExplorationHook) {
        self.project = project
        self.budget = budget
        self.engine = engine
        self.flows = flows
        self.hook = hook
        self.language = project.defaultLanguage
        self.filler = FormFiller(project: project, language: project.defaultLanguage, now: engine.configuration.now())
        var started: Set<String> = []
        for process in project.processes {
            for node in process.nodes {
                for action in node.userTask?.actions ?? [] where action.kind == .startProcess {
                    if let name = action.process { started.insert(name) }
                }
            }
        }
        startedByActions = started
    }

    static func key(_ owner: Coverage.Owner, _ node: String) -> String { "\(owner.word)\u{1F}\(owner.name)\u{1F}\(node)" }

    var budgetLeft: Bool { totalActions < budget.totalActions }

    // MARK: - Recording

    func markReached(_ owner: Coverage.Owner, _ node: String, forced: String?) {
        let honest = forced == nil
        let before = reached[owner]?[node]
        if before == nil || (before == false && honest) {
            reached[owner, default: [:]][node] = honest
        }
        if !honest, before == nil, let forced { forcedHow[Self.key(owner, node)] = forced }
    }

    /// Keeps a page unless one like it is kept: one per screen and state, plus a few variants
    /// of a screen showing other fields. An honest page replaces a forced one of the same kind.
    func record(_ owner: Coverage.Owner, node: String, state: ExploredPage.State, signature: String = "",
                forced: String?, trail: [String], recipe: ExploredPage.Recipe) {
        let base = Self.key(owner, node) + "\u{1F}" + (state == .variant || state == .initial ? "screen" : state.rawValue)
        let key = base + "\u{1F}" + signature
        if let index = pageKeys[key] {
            if pages[index].forced && forced == nil {
                pages[index] = ExploredPage(owner: owner, node: node, state: pages[index].state, forced: false, trail: trail, recipe: recipe)
            }
            return
        }
        var state = state
        if state == .initial || state == .variant {
            let shown = variantPages[base, default: 0]
            guard shown <= budget.variantPagesPerScreen else { return }
            state = shown == 0 ? .initial : .variant
            variantPages[base] = shown + 1
        }
        pageKeys[key] = pages.count
        pages.append(ExploredPage(owner: owner, node: node, state: state, forced: forced != nil, trail: trail, recipe: recipe))
    }

    func note(notPassing owner: Coverage.Owner, _ node: String, _ why: String, action: String? = nil) {
        let key = Self.key(owner, node)
        if !(notPassed[key]?.contains { $0.why == why } ?? false) { notPassed[key, default: []].append((action, why)) }
    }

    /// The notes of a place, without those about an action that passed there another time.
    func notes(at key: String) -> [String] {
        (notPassed[key] ?? []).filter { note in
            note.action.map { !passedActions.contains(key + "\u{1F}" + $0) } ?? true
        }.map(\.why)
    }

    /// What the screen shows, to tell its pages apart: its shown components (and collection rows).
    static func signature(_ state: ScreenState) -> String {
        var parts: [String] = []
        func visit(_ components: [ResolvedComponent]) {
            for component in components {
                parts.append(component.definition.pointer.description + (component.disabled ? "~" : ""))
                visit(component.children)
                for item in component.items { visit(item.components) }
            }
        }
        visit(state.components)
        return parts.joined(separator: ",") + "|\(state.sections.count)|\(state.tabs.count)"
    }

    /// Pages grouped by owner (processes, then flows, in definition order), each in the order met.
    func orderedPages() -> [ExploredPage] {
        let order = project.processes.map { Coverage.Owner.process($0.name) } + project.flows.map { Coverage.Owner.flow($0.name) }
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        return pages.enumerated().sorted { a, b in
            let left = rank[a.element.owner] ?? .max, right = rank[b.element.owner] ?? .max
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}

/// A first-in, first-out queue that does not move its elements on every pop.
struct ExplorationQueue<Element> {
    private var items: [Element] = []
    private var head = 0
    var isEmpty: Bool { head >= items.count }
    var count: Int { items.count - head }
    mutating func append(_ item: Element) { items.append(item) }
    mutating func pop() -> Element? {
        guard head < items.count else { return nil }
        defer {
            head += 1
            if head > 1_024, head * 2 > items.count { items.removeFirst(head); head = 0 }
        }
        return items[head]
    }
}
