import Definitions
import Expressions
import Foundation

/// What came of one Camunda test case: passed, or the instruction that failed (its index, type
/// and pointer) with what was expected and what the instance holds; and the screens it met.
public struct CamundaTestReport: Sendable {
    public struct Failure: Sendable {
        /// The instruction's position (0-based) and type; nil for a case that could not run.
        public let index: Int?
        public let type: String?
        public let pointer: String
        public let message: String
    }

    public let file: String
    public let name: String
    public let failure: Failure?
    public let screens: [ScreenState]
    /// By process, the nodes its instances' tokens reached (not those of called processes).
    public var reached: [String: Set<String>] = [:]
    public var passed: Bool { failure == nil }
}

/// Runs Camunda Process Test cases (`CamundaTestFile`) on the process engine, with no cluster:
/// each case gets a fresh in-memory store; its mocks are `JobWorkers`, so jobs wait as Zeebe's
/// do until an instruction completes them. Assertions check the instance as it is after the
/// instructions before them (a preview runs each action to the next wait, so nothing needs waiting for).
public struct CamundaTestCaseRunner: Sendable {
    public let project: Project
    public let language: String

    /// `language`: the screens the test cases meet are kept in it (default: the project's).
    public init(project: Project, language: String? = nil) {
        self.project = project
        self.language = language ?? project.defaultLanguage
    }

    public func run(_ testCase: CamundaTestCase, file: String) -> CamundaTestReport {
        if let problem = testCase.problem {
            return CamundaTestReport(file: file, name: testCase.name, failure: .init(index: nil, type: nil, pointer: problem.pointer,
                                                                                    message: problem.message), screens: [])
        }
        var run = CamundaTestRun(project: project, language: language)
        let failure = run.perform(testCase.instructions).map { instruction, error in
            CamundaTestReport.Failure(index: instruction.index, type: instruction.type,
                                      pointer: instruction.pointer.description, message: error.message)
        }
        return CamundaTestReport(file: file, name: testCase.name, failure: failure, screens: run.screens, reached: run.reached)
    }

    /// A demo bookmark ("Start at instruction N"): runs the first `count` instructions of the
    /// case in `session` of `store` (a preview's), jobs answered as the case says, and returns
    /// the first instance it created, with why it stopped early if it did.
    public func start(_ testCase: CamundaTestCase, instructions count: Int, store: InstanceStore,
                      session: String) -> (instance: Instance?, failure: String?) {
        var run = CamundaTestRun(project: project, language: language, store: store, session: session)
        let failure = run.perform(testCase.instructions.prefix(count)).map { instruction, error in
            "instruction \(instruction.index + 1) (\(instruction.type)): \(error.message)"
        }
        return (run.created.first.flatMap { try? store.load($0.id) }, failure)
    }
}

/// Why an instruction failed, in words for its line of the results.
struct CamundaTestFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// One test case in progress: its engine, its workers and the instances it created, in order.
struct CamundaTestRun {
    let project: Project
    let language: String
    let store: InstanceStore
    let session: String
    var workers = JobWorkers()
    var engine: ProcessEngine
    /// The instances created, oldest first, with the process id they were created for.
    var created: [(process: String, id: String)] = []
    /// Messages published that nothing waited for yet, oldest first.
    var published: [(name: String, variables: JSONValue)] = []
    let clock: TestClock
    var screens: [ScreenState] = []
    private var seen = Set<String>()

    init(project: Project, language: String, store: InstanceStore = MemoryStore<Instance>(), session: String = "camunda-test") {
        self.project = project
        self.language = language
        self.store = store
        self.session = session
        clock = TestClock(Date())
        engine = CamundaTestRun.engine(project, store: store, workers: workers, clock: clock)
    }

    static func engine(_ project: Project, store: InstanceStore, workers: JobWorkers, clock: TestClock) -> ProcessEngine {
        var configuration = ProcessEngine.Configuration(now: { clock.now })
        configuration.jobWorkers = workers
        return ProcessEngine(project: project, store: store, configuration: configuration)
    }

    /// Each instruction in turn, a published message delivered once something waits for it;
    /// the first that fails, with why, ends the run.
    mutating func perform(_ instructions: some Sequence<CamundaInstruction>) -> (CamundaInstruction, CamundaTestFailure)? {
        for instruction in instructions {
            do {
                try perform(instruction)
                try deliverPublished()
            } catch {
                return (instruction, error)
            }
        }
        return nil
    }

    mutating func perform(_ instruction: CamundaInstruction) throws(CamundaTestFailure) {
        let engine = self.engine, session = self.session
        switch instruction.action {
        case .refused(let reason):
            throw CamundaTestFailure("not run in a preview: \(reason)")
        case .createProcessInstance(let process, let variables):
            try create(process, variables: variables)
        case .mockJobWorker(let jobType, let answer):
            workers.byType[jobType] = answer
            self.engine = Self.engine(project, store: store, workers: workers, clock: clock)
        case .mockDecision(let decision, let variables):
            workers.decisions[decision] = variables
            self.engine = Self.engine(project, store: store, workers: workers, clock: clock)
        case .mockChildProcess(let process, let variables):
            workers.childProcesses[process] = variables
            self.engine = Self.engine(project, store: store, workers: workers, clock: clock)
        case .completeUserTask(let selector, let variables, _):
            // Camunda user tasks carry no example data in a preview, so `useExampleData` completes with none.
            let (instance, key) = try waitingTask(selector, job: false)
            try act { () throws(RuntimeError) in try engine.complete(key, on: instance.id, session: session, variables: variables) }
        case .answerJob(let selector, let answer):
            let (instance, key) = try waitingTask(selector, job: true)
            switch answer {
            case .complete(let variables, let useExampleData):
                let example = WaitingTask(instance, key: key, project: project, exact: true)?.standIn?.example
                try act { () throws(RuntimeError) in
                    try engine.complete(key, on: instance.id, session: session, variables: useExampleData ? example ?? [:] : variables)
                }
            case .throwError(let code, let message, let variables):
                try act { () throws(RuntimeError) in
                    try engine.throwError(code, message: message, variables: variables, at: key, on: instance.id, session: session)
                }
            }
        case .message(let name, let variables, let publish):
            try message(name, variables: variables, publish: publish)
        case .broadcastSignal(let name, let variables):
            try signal(name, variables: variables)
        case .increaseTime(let seconds):
            try advance(by: seconds, to: clock.now.addingTimeInterval(seconds))
        case .setTime(let date):
            try advance(by: date.timeIntervalSince(clock.now), to: date)
        case .updateVariables(let process, let element, let variables):
            if element != nil { throw CamundaTestFailure("local variables of an element are not set in a preview: leave out \"elementSelector\"") }
            let instance = try self.instance(process)
            do { _ = try engine.update(variables, on: instance.id, session: session) } catch {
                throw CamundaTestFailure("\(error)")
            }
        case .assertProcessInstance(let process, let state, let incidents):
            try CamundaAssertions(project: project, instance: try instance(process)).processInstance(state: state, hasActiveIncidents: incidents)
        case .assertElementInstance(let process, let element, let state, let amount):
            try CamundaAssertions(project: project, instance: try instance(process)).element(element, state: state, amount: amount)
        case .assertElementInstances(let process, let elements, let state):
            try CamundaAssertions(project: project, instance: try instance(process)).elements(elements, state: state)
        case .assertUserTask(let selector, let state, let elementId, let name, let unsupported):
            if !unsupported.isEmpty {
                throw CamundaTestFailure("\(unsupported.joined(separator: ", ")) of a user task are not known to a preview; check the state, elementId or name")
            }
            try CamundaAssertions(project: project, instance: try instance(selector.processDefinitionId))
                .userTask(selector, state: state, elementId: elementId, name: name, language: language)
        case .assertVariables(let process, let element, let names, let variables):
            if element != nil { throw CamundaTestFailure("local variables of an element are not kept in a preview: leave out \"elementSelector\"") }
            try CamundaAssertions(project: project, instance: try instance(process)).variables(names: names, values: variables)
        }
    }

    /// Starts `process` (a BPMN process id) with `variables`; a start form is passed as the
    /// engine's API passes it.
    private mutating func create(_ process: String, variables: JSONValue) throws(CamundaTestFailure) {
        guard let definition = project.process(named: process) else {
            let known = project.processes.map { "“\($0.name)”" }.joined(separator: ", ")
            throw CamundaTestFailure("no process has the id “\(process)”; the project has \(known)")
        }
        var instance: Instance
        do { instance = try engine.start(process: definition.name, session: session, seed: variables) } catch {
            throw CamundaTestFailure("\(error)")
        }
        if let first = definition.startForm, instance.waiting.contains(first) {
            do {
                if case .applied(let started) = try engine.complete(first, on: instance.id, session: session, variables: [:]) { instance = started }
            } catch {
                throw CamundaTestFailure("\(error)")
            }
        }
        created.append((process, instance.id))
        remember(instance)
    }

    /// The first instance created for `process` (nil: the first created); a called process runs
    /// inside its caller's instance.
    private func instance(_ process: String?) throws(CamundaTestFailure) -> Instance {
        let match = created.first { process == nil || $0.process == process } ?? created.first { entry in
            (try? store.load(entry.id))?.calls.contains { $0.process == process } ?? false
        }
        guard let match else {
            throw CamundaTestFailure("no process instance of “\(process ?? "")” was created; create it first (CREATE_PROCESS_INSTANCE)")
        }
        guard let instance = try? store.load(match.id) else { throw CamundaTestFailure("the instance is gone") }
        return instance
    }

    /// The first waiting user task (or, for a job, stand-in page) of the created instances that
    /// `selector` matches.
    private func waitingTask(_ selector: CamundaInstruction.Selector, job: Bool) throws(CamundaTestFailure) -> (Instance, String) {
        var waiting: [String] = []
        for entry in created {
            guard let instance = try? store.load(entry.id) else { continue }
            for key in instance.waiting {
                guard let task = WaitingTask(instance, key: key, project: project, exact: true) else { continue }
                let place = CamundaPlace(task, project: project, language: language)
                waiting.append(place.description)
                if place.isJob == job, place.matches(selector) { return (instance, key) }
            }
        }
        throw CamundaTestFailure("no \(job ? "job" : "user task") waits that matches \(selector); waiting: \(waiting.isEmpty ? "nothing" : waiting.joined(separator: ", "))")
    }

    mutating func act(_ body: () throws(RuntimeError) -> ActionResult) throws(CamundaTestFailure) {
        let result: ActionResult
        do { result = try body() } catch { throw CamundaTestFailure("\(error)") }
        switch result {
        case .applied(let instance): remember(instance)
        case .refused(_, let notice): throw CamundaTestFailure(notice)
        default: throw CamundaTestFailure("the engine did not apply it")
        }
    }

    /// By process, the nodes the created instances' own tokens reached.
    var reached: [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for entry in created {
            guard let instance = try? store.load(entry.id) else { continue }
            found[instance.process, default: []].formUnion(instance.trail.filter { $0.call == nil }.map(\.to))
        }
        return found
    }

    /// Keeps each screen the instance now shows, once: what `audit` checks.
    private mutating func remember(_ instance: Instance) {
        for key in instance.waiting where seen.insert(instance.process + "\u{0}" + key).inserted {
            if let screen = engine.screen(instance, task: key, language: language) { screens.append(screen) }
        }
    }
}

/// A waiting task in Camunda's terms: a user task, or a job (a stand-in's page) with its type.
struct CamundaPlace: CustomStringConvertible {
    let elementId: String
    let name: String?
    let process: String
    let jobType: String?
    var isJob: Bool { jobType != nil }

    init(_ task: WaitingTask, project: Project, language: String) {
        process = task.process.name
        if let service = task.standIn {
            jobType = service.handler
            elementId = CamundaPlace.element(of: task.node.id)
            name = nil
        } else {
            jobType = nil
            elementId = task.node.id
            name = task.task.title?.resolve(project.tags, language: language, data: task.data)
        }
    }

    func matches(_ selector: CamundaInstruction.Selector) -> Bool {
        (selector.elementId ?? elementId) == elementId && (selector.elementName ?? name) == name
            && (selector.taskName ?? name) == name && (selector.jobType ?? jobType) == jobType
            && (selector.processDefinitionId ?? process) == process
    }

    var description: String { jobType.map { "job “\($0)” at \(elementId)" } ?? "user task \(elementId)" + (name.map { " “\($0)”" } ?? "") }

    /// The BPMN element a node was made for: generated nodes are `<element>__<part>`.
    static func element(of node: String) -> String {
        node.range(of: "__").map { String(node[..<$0.lowerBound]) } ?? node
    }
}

extension ProcessDefinition {
    /// A BPMN start event's form: the user task the start node leads to in an imported model
    /// (a start event without a form passes through). Camunda's API starts an instance past it.
    var startForm: String? {
        guard file.lowercased().hasSuffix(".bpmn"), let first = startNode?.next, node(first)?.userTask != nil else { return nil }
        return first
    }
}
