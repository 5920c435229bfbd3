import Definitions
import Expressions
import Foundation

/// Writes an instance's walk as a Camunda Process Test case ("Save as test case" in the
/// inspector, `flowstage test --record`): JSON that follows Camunda 8.9's schema, which
/// `flowstage test` and Camunda's own runner both run.
///
/// The walk is replayed on a scratch engine, step by step, to see what each step changed:
/// - the start form's values become CREATE_PROCESS_INSTANCE's variables (the engine's API starts
///   past a start form);
/// - a user task's post becomes COMPLETE_USER_TASK with the variables it set;
/// - a stand-in the person answered becomes COMPLETE_JOB (with the variables typed on its page)
///   or THROW_BPMN_ERROR_FROM_JOB; one example data answered, COMPLETE_JOB with
///   `useExampleData`; a mock file's answer, a MOCK_JOB_WORKER_… instruction at the top;
/// - a button that simulates a message, signal or timer becomes PUBLISH_MESSAGE,
///   BROADCAST_SIGNAL or INCREASE_TIME;
/// - and it ends with assertions on where the walk ended.
/// A path the person chose on a "Which way?" page becomes the variables that make the gateway
/// take it (`ChoiceVariables`), added to the completion before. A step a test case cannot
/// express (a choice no tried variables make, an ad-hoc subprocess's pick, Back) ends the
/// recording there, and `stopped` says why.
public struct CamundaTestCaseRecorder: Sendable {
    public struct Recording: Sendable {
        public let testCase: JSONValue
        /// Why the recording stopped before the walk's end, if it did.
        public let stopped: String?
        /// Run at once as a test case here: nil when it passed (it reaches the walk's end), else
        /// its failure, such as a timer that in an engine fires with another one the walk did not press.
        public let failure: String?

        /// The whole file: one test case, with the schema's address.
        public var file: JSONValue {
            ["$schema": "https://camunda.com/json-schema/cpt-test-cases/8.9/schema.json", "testCases": [testCase]]
        }
    }

    public let project: Project

    public init(project: Project) { self.project = project }

    public func record(_ original: Instance, name: String) -> Recording {
        var instructions: [JSONValue] = []
        var mocks: [String: JSONValue] = [:]
        var stopped: String?
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init())
        let session = "recording"
        let selector: JSONValue = ["processDefinitionId": .string(original.process)]
        guard let process = project.process(named: original.process),
              var current = try? engine.begin(process, session: session, data: original.startData ?? [:], modal: false, parent: nil) else {
            return Recording(testCase: ["name": .string(name), "instructions": []], stopped: "the process “\(original.process)” is not in the project",
                             failure: nil)
        }
        var startVariables = original.startData ?? [:]
        var created = false
        // What the last recorded instruction left: a task's variables are what changed since,
        // over the saves and uploads it took before it was completed.
        var recorded = current.data
        let language = project.defaultLanguage

        func create() {
            guard !created else { return }
            created = true
            instructions.append(["type": "CREATE_PROCESS_INSTANCE", "processDefinitionSelector": selector,
                                 "variables": startVariables])
        }
        /// The stand-ins answered after the first `count` answers without the person: example data, mocks.
        func answered(after count: Int, in after: Instance) {
            for answer in after.answers.dropFirst(count) {
                let element = CamundaPlace.element(of: answer.task.split(separator: "/").last.map(String.init) ?? answer.task)
                switch answer.way {
                case .example:
                    create()
                    instructions.append(["type": "COMPLETE_JOB", "jobSelector": ["elementId": .string(element)], "useExampleData": true])
                case .mock:
                    if let mock = answer.source.flatMap({ source in project.mocks.values.first { $0.file == source } }),
                       let jobType = jobType(of: element) {
                        mocks[jobType] = switch mock.answer {
                        case .variables(let variables): ["type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": .string(jobType), "variables": variables]
                        case .response(let response): ["type": "MOCK_JOB_WORKER_COMPLETE_JOB", "jobType": .string(jobType),
                                                       "variables": response.objectValue.map(JSONValue.object) ?? [:]]
                        case .error(let code, let message): ["type": "MOCK_JOB_WORKER_THROW_BPMN_ERROR", "jobType": .string(jobType),
                                                            "errorCode": .string(code), "errorMessage": message.map(JSONValue.string) ?? .null]
                        }
                    }
                default:
                    break
                }
            }
        }

        answered(after: 0, in: current)
        for (index, step) in original.steps.enumerated() {
            guard let waiting = WaitingTask(current, key: step.screen, project: project, exact: true) else {
                stopped = "step \(index + 1) was taken on “\(step.screen)”, which the replay did not reach"
                break
            }
            guard step.action != "back", let action = waiting.task.action(named: step.action) ?? waiting.callerEvent(named: step.action).map({
                ActionDefinition(name: $0.event.name, kind: .submit, next: $0.event.next, interrupts: $0.event.interrupts, trigger: $0.event.trigger)
            }) else {
                stopped = "step \(index + 1) went Back, which a test case cannot do"
                break
            }
            let result = try? engine.perform(action: step.action, on: current.id, session: session, form: step.replayForm(files: []), language: language)
            guard case .applied(let next)? = result else {
                stopped = "step \(index + 1) (“\(step.action)” on “\(step.screen)”) did not replay as it went"
                break
            }
            let changed = Self.changes(from: recorded, to: next.data)
            let element = CamundaPlace.element(of: waiting.node.id)
            if [.save, .upload, .addItem, .removeItem].contains(action.kind) || (action.kind == .handler && action.next == nil) {
                // The task is still open: what it saved is part of what it completes with.
                current = next
                continue
            }
            if let trigger = action.trigger {
                create()
                guard let instruction = Self.instruction(for: trigger, variables: [:]) else {
                    stopped = "step \(index + 1) simulated \(trigger.kind) “\(trigger.name ?? "")”, which a test case cannot send"
                    break
                }
                instructions.append(instruction)
            } else if let service = waiting.standIn {
                create()
                if let field = action.variablesFrom, let text = step.fields.first(where: { $0.first == field.description })?.last,
                   let variables = try? JSONParser.parse(text), case .object = variables {
                    instructions.append(["type": "COMPLETE_JOB", "jobSelector": ["elementId": .string(element)], "variables": variables])
                } else if action.interrupts {
                    let code = service.onErrorCode.first { $0.value == action.next }?.key ?? "ERROR"
                    instructions.append(["type": "THROW_BPMN_ERROR_FROM_JOB", "jobSelector": ["elementId": .string(element)], "errorCode": .string(code)])
                } else {
                    instructions.append(["type": "COMPLETE_JOB", "jobSelector": ["elementId": .string(element)]])
                }
            } else if !created, process.startForm == waiting.node.id {
                // The start form: its values are the instance's start variables.
                startVariables = startVariables.objectValue.map { JSONValue.object($0) }?.overlaid(by: changed) ?? changed
                create()
            } else if action.kind == .submit, !action.keepTask, !action.interrupts,
                      waiting.node.userTask?.actions.first(where: { $0.kind == .submit })?.name == action.name,
                      !Self.isChoicePage(waiting) {
                create()
                instructions.append(["type": "COMPLETE_USER_TASK", "userTaskSelector": ["elementId": .string(element)], "variables": changed])
            } else if let gateway = waiting.process.node(element), let target = action.next,
                      let variables = ChoiceVariables.choosing(target, at: gateway, over: current.data) {
                // The path the person chose: the last completion before it sets what makes the engine take it.
                create()
                guard let last = instructions.lastIndex(where: { ["CREATE_PROCESS_INSTANCE", "COMPLETE_USER_TASK", "COMPLETE_JOB"].contains($0["type"]?.stringValue ?? "")
                                                                 && $0["useExampleData"] == nil }),
                      case .object(var fields) = instructions[last] else {
                    stopped = "step \(index + 1) chose “\(step.action)” on “\(step.screen)” after a job answered with its example data, which a test case cannot add variables to"
                    break
                }
                fields["variables"] = (fields["variables"] ?? [:]).overlaid(by: variables)
                instructions[last] = .object(fields)
            } else {
                stopped = "step \(index + 1) chose “\(step.action)” on “\(step.screen)”: a path the person picks, which a test case cannot choose"
                break
            }
            answered(after: current.answers.count, in: next)
            current = next
            recorded = next.data
        }
        create()
        instructions += Self.assertions(current, selector: selector)
        let testCase: JSONValue = [
            "name": .string(name),
            "description": .string("Recorded by FlowStage from a walk of “\(original.process)”" + (stopped.map { "; it stops early: \($0)" } ?? ".")),
            "instructions": .array(mocks.keys.sorted().compactMap { mocks[$0] } + instructions),
        ]
        let file = CamundaTestCaseReader.decode(["testCases": [testCase]], file: name)
        let report = file.cases.first.map { CamundaTestCaseRunner(project: project).run($0, file: name) }
        let failure = report?.failure.map { failure in
            (failure.index.map { "instruction \($0 + 1) (\(failure.type ?? "")): " } ?? "") + failure.message
        }
        return Recording(testCase: testCase, stopped: stopped, failure: failure)
    }

    /// The top-level variables `after` sets anew or changed, against `before`; FlowStage's own
    /// bookkeeping (`_loop`, `_adhoc`) is no process variable.
    static func changes(from before: JSONValue, to after: JSONValue) -> JSONValue {
        guard case .object(let old) = before, case .object(let new) = after else { return [:] }
        return .object(new.filter { !$0.key.hasPrefix("_") && old[$0.key] != $0.value })
    }

    static func instruction(for trigger: EventTrigger, variables: JSONValue) -> JSONValue? {
        switch trigger.kind {
        case "message":
            guard let name = trigger.name else { return nil }
            return ["type": "PUBLISH_MESSAGE", "name": .string(name), "variables": variables]
        case "signal":
            guard let name = trigger.name else { return nil }
            return ["type": "BROADCAST_SIGNAL", "signalName": .string(name), "variables": variables]
        case "timer":
            // A duration or a cycle's interval moves the clock by exactly that much.
            guard let text = trigger.name, let seconds = TimerText.wait(text, now: Date(), elapsed: 0), seconds > 0, !text.hasPrefix("2") else { return nil }
            return ["type": "INCREASE_TIME", "duration": .string(isoDuration(seconds))]
        default:
            return nil
        }
    }

    /// Seconds as `PnDTnHnMnS`, the form Camunda's INCREASE_TIME reads.
    static func isoDuration(_ seconds: TimeInterval) -> String {
        var rest = Int(seconds.rounded(.up))
        let days = rest / 86_400; rest %= 86_400
        let hours = rest / 3_600; rest %= 3_600
        let minutes = rest / 60; rest %= 60
        var text = "P" + (days > 0 ? "\(days)D" : "")
        let time = (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (rest > 0 ? "\(rest)S" : "")
        if !time.isEmpty { text += "T" + time }
        return text == "P" ? "PT0S" : text
    }

    /// Where the walk ended: the instance's state, and its end event or the elements waiting.
    static func assertions(_ instance: Instance, selector: JSONValue) -> [JSONValue] {
        let instanceSelector: JSONValue = ["processDefinitionId": selector["processDefinitionId"] ?? .null]
        switch instance.status {
        case .completed:
            var found: [JSONValue] = [["type": "ASSERT_PROCESS_INSTANCE", "processInstanceSelector": instanceSelector, "state": "IS_COMPLETED"]]
            if let end = instance.endNode {
                found.append(["type": "ASSERT_ELEMENT_INSTANCES", "processInstanceSelector": instanceSelector,
                              "elementSelectors": [["elementId": .string(CamundaPlace.element(of: end))]], "state": "IS_COMPLETED"])
            }
            return found
        case .running:
            let waiting = instance.tokens.filter { $0.state != .moving }.map { CamundaPlace.element(of: $0.node) }
            return [["type": "ASSERT_PROCESS_INSTANCE", "processInstanceSelector": instanceSelector, "state": "IS_ACTIVE"],
                    ["type": "ASSERT_ELEMENT_INSTANCES", "processInstanceSelector": instanceSelector,
                     "elementSelectors": .array(Array(Set(waiting)).sorted().map { ["elementId": .string($0)] }), "state": "IS_ACTIVE"]]
        case .failed, .cancelled:
            return [["type": "ASSERT_PROCESS_INSTANCE", "processInstanceSelector": instanceSelector,
                     "state": instance.status == .cancelled ? "IS_TERMINATED" : "IS_ACTIVE", "hasActiveIncidents": .bool(instance.status == .failed)]]
        }
    }

    /// A page where the person picks a path ("Which way?", an ad-hoc subprocess, an event gateway): its buttons have no form.
    static func isChoicePage(_ waiting: WaitingTask) -> Bool {
        waiting.task.actions.allSatisfy { $0.kind == .submit && $0.keys == [] && !$0.validate } && waiting.task.actions.count > 1
            && waiting.task.actions.first?.name == "path-1"
    }

    private func jobType(of element: String) -> String? {
        for process in project.processes {
            if case .serviceTask(let service)? = process.node(element)?.kind { return service.handler }
        }
        return nil
    }
}
