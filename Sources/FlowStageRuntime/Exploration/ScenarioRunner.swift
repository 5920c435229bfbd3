import Definitions
import Expressions
import Foundation

/// What came of one scenario: a failure line per step that did not go as written, and the
/// screens met on the way (what `render` writes and `audit` checks).
public struct ScenarioReport: Sendable {
    public let scenario: String
    public let failures: [String]
    public let screens: [ScreenState]
    /// How the walk's instance ended, when it did: what its end page shows (`render` writes it).
    public var end: ScenarioEnd?
    public var passed: Bool { failures.isEmpty }
}

/// The end of a scenario's walk: what the preview's end page of the instance shows.
public struct ScenarioEnd: Sendable {
    public let process: ProcessDefinition
    /// The end node reached (its `message` is the page's text); nil when the instance failed elsewhere.
    public let endNode: String?
    /// `completed`, `failed` or `cancelled`.
    public let outcome: String
    public let incident: String?
    public let data: JSONValue
}

/// Runs scenarios through the process engine, with no HTTP: each gets a fresh in-memory store
/// and session, so scenarios never affect each other or a running preview.
public struct ScenarioRunner: Sendable {
    public let project: Project
    public let configuration: ProcessEngine.Configuration

    public init(project: Project, configuration: ProcessEngine.Configuration = .init()) {
        self.project = project
        self.configuration = configuration
    }

    /// Runs `scenario` in its own language, or in `language` when given (`render` walks every language).
    public func run(_ scenario: Scenario, language: String? = nil) -> ScenarioReport {
        var configuration = configuration
        configuration.uploads = MemoryUploadStore() // nothing a scenario uploads is written anywhere
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: configuration)
        return walk(scenario, engine: engine, session: "scenario-\(scenario.name)",
                    language: language ?? scenario.language ?? project.defaultLanguage).report
    }

    /// Walks `scenario` on `engine` in `session`: every step, or only the first `steps` of them
    /// (a demo's "Start at step N" runs N−1 on the preview's own engine). Returns the report and
    /// the instance where the walk stopped (nil when the process could not start).
    public func walk(_ scenario: Scenario, engine: ProcessEngine, session: String, language: String,
                     steps limit: Int? = nil) -> (report: ScenarioReport, instance: Instance?) {
        var failures: [String] = []
        var screens: [ScreenState] = []
        func fail(_ index: Int, _ message: String) { failures.append("step \(index + 1): \(message)") }
        /// The page a refused post left the walk on (its posted values shown), for the next step.
        var refusedPage: ScreenState?

        var instance: Instance
        do {
            instance = try engine.start(process: scenario.process, session: session, params: scenario.params)
        } catch {
            return (ScenarioReport(scenario: scenario.name, failures: ["start: \(error)"], screens: []), nil)
        }
        for (index, step) in scenario.steps.prefix(limit ?? scenario.steps.count).enumerated() {
            var found = Self.position(of: instance)
            // With parallel branches any waiting task may be the one a step expects and acts on.
            if case .screen(let task)? = step.expect, instance.waiting.contains(task) { found = .screen(task) }
            if let expected = step.expect, !Self.matches(expected, found, instance) {
                fail(index, "expected \(expected), found \(Self.describe(found, instance))\(Self.incidentNote(instance))")
                break
            }
            var shown: ScreenState?
            if case .screen(let task) = found, let state = engine.screen(instance, task: task, language: language) {
                screens.append(state)
                shown = state
            }
            let page = refusedPage.flatMap { $0.nodeID == shown?.nodeID ? $0 : nil } ?? shown
            refusedPage = nil
            guard let action = step.action else { continue }
            guard case .screen(let current) = found else {
                fail(index, "cannot run \"\(action)\": the process has ended")
                break
            }
            // Files go through the same checks and store as a browser's (`ScenarioRunner` keeps them in memory).
            let files = step.uploads.map { upload -> PostedFile in
                switch upload.source {
                case .bytes(let bytes):
                    return PostedFile(fieldName: upload.key, fileName: upload.fileName, contentType: "application/octet-stream",
                                      size: bytes.count, source: .bytes(bytes))
                case .file(let url):
                    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
                    return PostedFile(fieldName: upload.key, fileName: upload.fileName, contentType: "application/octet-stream",
                                      size: size, source: .file(url))
                }
            }
            // As a browser posts the form: every value the screen shows, with the step's on top.
            let named = Set(step.values.map(\.name))
            let shownValues = page.map(Self.shownValues)?.filter { !named.contains($0.name) } ?? []
            let form = PostedForm([("_screen", current)] + shownValues + step.values, files: files)
            do {
                switch try engine.perform(action: action, on: instance.id, session: session, form: form, language: language) {
                case .applied(let next):
                    if let keys = step.expectErrors, !keys.isEmpty {
                        fail(index, "expected errors on \(keys.joined(separator: ", ")), but \"\(action)\" was accepted")
                    }
                    instance = next
                case .invalid(let state):
                    screens.append(state)
                    refusedPage = state
                    if let message = state.actionError { fail(index, "\"\(action)\" failed: \(message)") }
                    let keys = Set(state.errors.map { $0.key.description })
                    let expected = Set(step.expectErrors ?? [])
                    if keys != expected {
                        let messages = state.errors.map { "\($0.key): \($0.message)" }.joined(separator: "; ")
                        fail(index, expected.isEmpty
                             ? "\"\(action)\" was refused with field errors: \(messages)"
                             : "expected errors on \(expected.sorted().joined(separator: ", ")), found \(messages.isEmpty ? "none" : messages)")
                    }
                    // The walk stays on this screen: the next step may correct the values.
                case .dismissed(let same):
                    fail(index, "\"\(action)\" asks to close the process; a scenario cannot confirm that")
                    instance = same
                case .refused(let same, let notice):
                    fail(index, "\"\(action)\" was refused: \(notice)")
                    instance = same
                case .started(let parent, _):
                    // The walk stays with the scenario's process; the started one runs on its own.
                    instance = parent
                case .link(let same, _):
                    instance = same
                }
            } catch {
                fail(index, "\"\(action)\" failed: \(error)")
                break
            }
        }
        var report = ScenarioReport(scenario: scenario.name, failures: failures, screens: screens)
        if instance.status != .running, let process = project.process(named: instance.process) {
            report.end = ScenarioEnd(process: process, endNode: instance.endNode, outcome: instance.status.rawValue,
                                     incident: instance.incident?.message, data: instance.data)
        }
        return (report, instance)
    }

    /// Whether the walk is where a step expects it: an end page matches the end node reached.
    static func matches(_ expected: Scenario.Expectation, _ found: Scenario.Expectation, _ instance: Instance) -> Bool {
        if case .endPage(let id) = expected {
            return instance.status != .running && instance.endNode == id
        }
        return expected == found
    }

    static func describe(_ found: Scenario.Expectation, _ instance: Instance) -> String {
        guard case .end = found, let node = instance.endNode else { return found.description }
        return "\(found) at the end page \"\(node)\""
    }

    /// What a browser posts back of a screen it shows: each shown, enabled field's value (what
    /// was posted after a refused post, else the data, else its default), as form text: lists
    /// once per item, a ticked checkbox or switch as `true`, an empty field left out. Files stay
    /// where they are (only `uploads` posts files).
    static func shownValues(_ state: ScreenState) -> [(name: String, value: String)] {
        var posted: [(name: String, value: String)] = []
        func add(_ field: Component, _ fallback: JSONValue?) {
            guard let key = field.key, field.type != .fileUpload else { return }
            let name = key.description
            if let raw = state.rawValues[name] { posted.append((name, raw)); return }
            var value = key.get(in: state.data)
            if value == .null, let fallback { value = fallback }
            switch value {
            case .null: break
            case .array(let items): posted += items.map { (name, $0.displayString) }
            case .bool(let flag) where field.type == .checkbox || field.type == .switch: if flag { posted.append((name, "true")) }
            default: posted.append((name, value.displayString))
            }
        }
        func visit(_ components: [ResolvedComponent]) {
            for component in components {
                if !component.disabled {
                    if let selection = component.selection {
                        add(selection, nil)
                    } else if component.definition.type.isField {
                        add(component.definition, component.defaultValue)
                    }
                }
                visit(component.children)
                for item in component.items { visit(item.components) }
            }
        }
        visit(state.components)
        return posted
    }

    /// Where an instance stands, in the terms of a scenario's `expect`.
    static func position(of instance: Instance) -> Scenario.Expectation {
        switch instance.status {
        case .running: .screen(instance.current ?? "?")
        case .completed: .end(.completed)
        case .failed: .end(.failed)
        case .cancelled: .end(.cancelled)
        }
    }

    static func incidentNote(_ instance: Instance) -> String {
        instance.incident.map { " (incident at \"\($0.node)\": \($0.message))" } ?? ""
    }
}
