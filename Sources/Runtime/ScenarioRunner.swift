import Definitions
import Expressions
import Foundation

/// What came of one scenario: a failure line per step that did not go as written, and the
/// screens met on the way (what `render` writes and `audit` checks).
public struct ScenarioReport: Sendable {
    public let scenario: String
    public let failures: [String]
    public let screens: [ScreenState]
    public var passed: Bool { failures.isEmpty }
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
        let session = "scenario-\(scenario.name)"
        let language = language ?? scenario.language ?? project.defaultLanguage
        var failures: [String] = []
        var screens: [ScreenState] = []
        func fail(_ index: Int, _ message: String) { failures.append("step \(index + 1): \(message)") }

        var instance: Instance
        do {
            instance = try engine.start(process: scenario.process, session: session, params: scenario.params)
        } catch {
            return ScenarioReport(scenario: scenario.name, failures: ["start: \(error)"], screens: [])
        }
        for (index, step) in scenario.steps.enumerated() {
            var found = Self.position(of: instance)
            // With parallel branches any waiting task may be the one a step expects and acts on.
            if case .screen(let task)? = step.expect, instance.waiting.contains(task) { found = .screen(task) }
            if let expected = step.expect, expected != found {
                fail(index, "expected \(expected), found \(found)\(Self.incidentNote(instance))")
                break
            }
            if case .screen(let task) = found, let state = engine.screen(instance, task: task, language: language) {
                screens.append(state)
            }
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
            let form = PostedForm([("_screen", current)] + step.values, files: files)
            do {
                switch try engine.perform(action: action, on: instance.id, session: session, form: form, language: language) {
                case .applied(let next):
                    if let keys = step.expectErrors, !keys.isEmpty {
                        fail(index, "expected errors on \(keys.joined(separator: ", ")), but \"\(action)\" was accepted")
                    }
                    instance = next
                case .invalid(let state):
                    screens.append(state)
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
        return ScenarioReport(scenario: scenario.name, failures: failures, screens: screens)
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
