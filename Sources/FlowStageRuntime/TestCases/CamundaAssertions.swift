import Definitions
import Expressions

/// The ASSERT_… instructions over one instance, in Camunda's terms. An element's instances are
/// read from the instance's trail (the flows its tokens took): entered, left (completed), still
/// waiting (active), and entered but neither left nor waiting (terminated: an interrupting event
/// or a terminate end took its token). A called process's elements are in its caller's trail.
struct CamundaAssertions {
    typealias Failure = CamundaTestFailure
    let project: Project
    let instance: Instance

    func processInstance(state: CamundaInstruction.ProcessState?, hasActiveIncidents: Bool?) throws(Failure) {
        // A failed instance is one with an incident: in Zeebe it stays active.
        let actual: CamundaInstruction.ProcessState = switch instance.status {
        case .running, .failed: .isActive
        case .completed: .isCompleted
        case .cancelled: .isTerminated
        }
        if let state, state != .isCreated, state != actual {
            throw Failure("expected the process instance \(state.rawValue), it is \(actual.rawValue)" + incident)
        }
        if let hasActiveIncidents, hasActiveIncidents != (instance.status == .failed) {
            throw Failure(hasActiveIncidents ? "expected an active incident, there is none" : "expected no active incident" + incident)
        }
    }

    func element(_ selector: CamundaInstruction.Selector, state: CamundaInstruction.ElementState, amount: Int) throws(Failure) {
        let element = try id(of: selector)
        let states = ElementStates(instance, project: project)
        let found = switch state {
        case .isActive: states.active[element, default: 0]
        case .isCompleted: states.left[element, default: 0]
        default: states.terminated(element)
        }
        guard found == amount else {
            throw Failure("expected \(element) \(state.rawValue) \(amount) time\(amount == 1 ? "" : "s"), found \(found); \(states.describe(element))")
        }
    }

    func elements(_ selectors: [CamundaInstruction.Selector], state: CamundaInstruction.ElementState) throws(Failure) {
        var ids: [String] = []
        for selector in selectors { ids.append(try id(of: selector)) }
        let states = ElementStates(instance, project: project)
        let wrong: [String] = switch state {
        case .isActive: ids.filter { states.active[$0, default: 0] == 0 }
        case .isCompleted: ids.filter { states.left[$0, default: 0] == 0 }
        case .isTerminated: ids.filter { states.terminated($0) == 0 }
        case .isNotActive: ids.filter { states.active[$0, default: 0] > 0 }
        case .isNotActivated: ids.filter { states.entered[$0, default: 0] > 0 }
        case .isActiveExactly:
            Set(ids) == Set(states.active.filter { $0.value > 0 }.keys) ? [] : ids
        case .isCompletedInOrder:
            ids.enumerated().contains { index, id in
                guard let at = states.firstLeft[id] else { return true }
                return index > 0 && (states.firstLeft[ids[index - 1]] ?? .max) > at
            } ? ids : []
        }
        guard wrong.isEmpty else {
            throw Failure("expected \(ids.joined(separator: ", ")) \(state.rawValue); " + wrong.map(states.describe).joined(separator: "; ")
                          + (state == .isActiveExactly ? "; active: \(states.activeList)" : ""))
        }
    }

    func userTask(_ selector: CamundaInstruction.Selector, state: CamundaInstruction.UserTaskState?, elementId: String?, name: String?,
                  language: String) throws(Failure) {
        let element = try id(of: selector)
        let states = ElementStates(instance, project: project)
        let actual: CamundaInstruction.UserTaskState? = states.active[element, default: 0] > 0 ? .isCreated
            : states.left[element, default: 0] > 0 ? .isCompleted : states.terminated(element) > 0 ? .isCanceled : nil
        if let state, state != actual {
            throw Failure("expected the user task \(element) \(state.rawValue), it is \(actual?.rawValue ?? "not created"); \(states.describe(element))")
        }
        if let elementId, elementId != element { throw Failure("expected the user task's elementId “\(elementId)”, it is “\(element)”") }
        if let name {
            let title = titles[element]
            if title != name { throw Failure("expected the user task's name “\(name)”, it is “\(title ?? element)”") }
        }
    }

    func variables(names: [String], values: [String: JSONValue]) throws(Failure) {
        let data = instance.data
        var problems: [String] = []
        for name in names where data[name] == nil { problems.append("\(name) is not set") }
        for (name, expected) in values.sorted(by: { $0.key < $1.key }) {
            let actual = data[name]
            if actual != expected {
                problems.append("expected \(name) = \(expected.serialized()), the instance holds " + (actual.map { $0.serialized() } ?? "nothing"))
            }
        }
        guard problems.isEmpty else { throw Failure(problems.joined(separator: "; ")) }
    }

    private var incident: String { instance.incident.map { " (incident at \($0.node): \($0.message))" } ?? "" }

    /// The user tasks' titles of the instance's processes, by element id.
    private var titles: [String: String] {
        var found: [String: String] = [:]
        for process in processes {
            for node in process.nodes {
                if let title = node.userTask?.title?.resolve(project.tags, language: project.defaultLanguage, data: instance.data) { found[node.id] = title }
            }
        }
        return found
    }

    /// The processes whose elements the instance's trail holds: its own and those it called.
    private var processes: [ProcessDefinition] {
        let called = Set(instance.calls.map(\.process))
        return project.processes.filter { $0.name == instance.process || called.contains($0.name) || instance.process == $0.name }
            + project.processes.filter { process in !called.contains(process.name) && process.name != instance.process }
    }

    /// The element a selector names: its id, else the element whose name (a user task's title) it gives.
    private func id(of selector: CamundaInstruction.Selector) throws(Failure) -> String {
        if let id = selector.elementId { return id }
        if let name = selector.elementName ?? selector.taskName {
            if let found = titles.first(where: { $0.value == name })?.key { return found }
            throw Failure("no user task is named “\(name)”; select the element by its elementId")
        }
        throw Failure("the selector names no element")
    }
}

/// How often each element was entered and left, and where tokens wait now (by element id).
struct ElementStates {
    var entered: [String: Int] = [:]
    var left: [String: Int] = [:]
    var active: [String: Int] = [:]
    /// The position in the trail at which each element was first left.
    var firstLeft: [String: Int] = [:]

    init(_ instance: Instance, project: Project) {
        // An end event completes as it is reached.
        let ends = Set(project.processes.flatMap { process in
            process.nodes.compactMap { node -> String? in if case .end = node.kind { node.id } else { nil } }
        })
        for (index, passage) in instance.trail.enumerated() {
            let to = CamundaPlace.element(of: passage.to)
            let from = passage.from.map(CamundaPlace.element)
            guard from != to else { continue } // a move between an element's own generated nodes
            entered[to, default: 0] += 1
            if let from {
                left[from, default: 0] += 1
                if firstLeft[from] == nil { firstLeft[from] = index }
            }
            if ends.contains(passage.to) {
                left[to, default: 0] += 1
                if firstLeft[to] == nil { firstLeft[to] = index }
            }
        }
        for token in instance.tokens where token.state != .moving {
            active[CamundaPlace.element(of: token.node), default: 0] += 1
        }
        // A task left by an interrupting event was terminated, not completed.
        if let process = project.process(named: instance.process) {
            for step in instance.steps {
                guard let task = project.userTask(at: step.screen, from: process)?.task, task.action(named: step.action)?.interrupts == true
                else { continue }
                let element = CamundaPlace.element(of: step.screen.split(separator: "/").last.map(String.init) ?? step.screen)
                left[element, default: 0] -= 1
            }
        }
    }

    func terminated(_ element: String) -> Int {
        max(0, entered[element, default: 0] - left[element, default: 0] - active[element, default: 0])
    }

    var activeList: String {
        let names = active.filter { $0.value > 0 }.keys.sorted()
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    func describe(_ element: String) -> String {
        "\(element) was entered \(entered[element, default: 0]), completed \(left[element, default: 0]), is active \(active[element, default: 0])"
    }
}
