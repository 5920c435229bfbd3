import Expressions
import Foundation

/// Finds and reads Camunda Process Test (CPT) files: any `.json` file of the project folder,
/// in any subfolder (`src/test/resources/test-cases/` is Camunda's default), whose top level has
/// `testCases`. Each instruction is checked against the 8.9 schema's rules, written here in our
/// own words: its `type`, its required fields and their types, no unknown fields, selectors with
/// at least one field. A case with a problem is kept with its first problem (and not run); a
/// file that is no JSON is a problem of its own; the other cases still run.
public enum CamundaTestCaseReader {
    public static let maxCases = 1_000
    public static let maxInstructions = 1_000

    public static func read(_ folder: URL) -> (files: [CamundaTestFile], problems: [LoadError]) {
        let found = ModelFiles.find(in: folder) { $0.lowercased().hasSuffix(".json") }
        var problems = found.errors
        var files: [CamundaTestFile] = []
        let loader = ProjectLoader(builtInThemes: nil)
        for path in found.paths {
            // Only a file that names `testCases` is parsed: the project's own JSON is read elsewhere.
            guard let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
                  bytes.count <= ProjectLoader.maxFileBytes, String(decoding: bytes, as: UTF8.self).contains("\"testCases\"") else { continue }
            var errors: [LoadError] = []
            guard let value = loader.readJSON(folder, path, &errors) else {
                problems += errors
                continue
            }
            guard case .array? = value["testCases"] else {
                if value["testCases"] != nil {
                    problems.append(LoadError(file: path, pointer: "/testCases", message: "must be a list of test cases, found \(value["testCases"]!.kindName)"))
                }
                continue
            }
            let file = decode(value, file: path)
            problems += file.cases.compactMap(\.problem)
            files.append(file)
        }
        return (files, problems)
    }

    public static func decode(_ value: JSONValue, file: String) -> CamundaTestFile {
        let items = value["testCases"]?.arrayValue ?? []
        var cases: [CamundaTestCase] = []
        for (index, item) in items.prefix(maxCases).enumerated() {
            let diagnostics = Diagnostics(file: file)
            let pointer = JSONPointer().appending("testCases").appending(index)
            guard let reader = ObjectReader(item, at: pointer, diagnostics, what: "A test case") else {
                cases.append(CamundaTestCase(name: "test case \(index + 1)", description: nil, instructions: [], pointer: pointer,
                                             problem: diagnostics.errors.first))
                continue
            }
            let name = reader.string("name", required: "A test case") ?? "test case \(index + 1)"
            let description = reader.string("description")
            var instructions: [CamundaInstruction] = []
            if let list = reader.array("instructions") {
                if list.count > maxInstructions {
                    diagnostics.error(at: reader.at("instructions"), "has \(list.count) instructions; a test case may have at most \(maxInstructions)")
                }
                for (position, entry) in list.prefix(maxInstructions).enumerated() {
                    if let instruction = CamundaInstructionDecoder(diagnostics: diagnostics).decode(entry.value, at: entry.pointer, index: position) {
                        instructions.append(instruction)
                    }
                }
            } else {
                reader.missing("instructions", "A test case")
            }
            cases.append(CamundaTestCase(name: name, description: description, instructions: instructions, pointer: pointer,
                                         problem: diagnostics.errors.first))
        }
        return CamundaTestFile(file: file, cases: cases)
    }
}

/// One instruction against the schema's rules.
struct CamundaInstructionDecoder {
    typealias Instruction = CamundaInstruction
    let diagnostics: Diagnostics

    /// The fields each type takes besides `type`; the required ones are checked where decoded.
    static let fields: [String: Set<String>] = [
        "CREATE_PROCESS_INSTANCE": ["processDefinitionSelector", "variables", "startInstructions", "runtimeInstructions"],
        "COMPLETE_USER_TASK": ["userTaskSelector", "variables", "useExampleData"],
        "COMPLETE_JOB": ["jobSelector", "variables", "useExampleData"],
        "THROW_BPMN_ERROR_FROM_JOB": ["jobSelector", "errorCode", "errorMessage", "variables"],
        "MOCK_JOB_WORKER_COMPLETE_JOB": ["jobType", "variables", "useExampleData"],
        "MOCK_JOB_WORKER_THROW_BPMN_ERROR": ["jobType", "errorCode", "errorMessage", "variables"],
        "MOCK_DMN_DECISION": ["decisionDefinitionId", "variables"],
        "MOCK_CHILD_PROCESS": ["processDefinitionId", "variables"],
        "UPDATE_VARIABLES": ["processInstanceSelector", "elementSelector", "variables"],
        "ASSERT_PROCESS_INSTANCE": ["processInstanceSelector", "state", "hasActiveIncidents"],
        "ASSERT_ELEMENT_INSTANCE": ["processInstanceSelector", "elementSelector", "state", "amount"],
        "ASSERT_ELEMENT_INSTANCES": ["processInstanceSelector", "elementSelectors", "state"],
        "ASSERT_USER_TASK": ["userTaskSelector", "state", "assignee", "candidateGroups", "priority", "elementId", "name", "dueDate", "followUpDate"],
        "ASSERT_VARIABLES": ["processInstanceSelector", "elementSelector", "variableNames", "variables"],
        // Read, and refused when run (`refusals`).
        "PUBLISH_MESSAGE": ["name", "correlationKey", "variables", "timeToLive", "messageId"],
        "CORRELATE_MESSAGE": ["name", "correlationKey", "variables"],
        "BROADCAST_SIGNAL": ["signalName", "variables"],
        "INCREASE_TIME": ["duration"],
        "SET_TIME": ["time"],
        "EVALUATE_DECISION": ["decisionDefinitionSelector", "variables"],
        "ASSERT_DECISION": ["decisionSelector", "output", "matchedRules", "notMatchedRules", "noMatchedRules"],
        "EVALUATE_CONDITIONAL_START_EVENT": ["variables"],
        "RESOLVE_INCIDENT": ["incidentSelector"],
        "COMPLETE_JOB_AD_HOC_SUB_PROCESS": ["jobSelector", "variables", "activateElements", "cancelRemainingInstances", "completionConditionFulfilled"],
        "COMPLETE_JOB_USER_TASK_LISTENER": ["jobSelector", "denied", "deniedReason", "corrections"],
        "ASSERT_PROCESS_INSTANCE_MESSAGE_SUBSCRIPTION": ["processInstanceSelector", "messageSelector", "state"],
    ]

    /// Why a preview does not run these types yet.
    static let refusals: [String: String] = [
        "EVALUATE_DECISION": "decisions are evaluated on their own by `flowstage decide`, not by a test case yet",
        "ASSERT_DECISION": "a test case cannot check a decision's matched rules yet; the inspector and `flowstage decide` show them",
        "EVALUATE_CONDITIONAL_START_EVENT": "conditional start events start like plain ones in a preview",
        "RESOLVE_INCIDENT": "a preview does not retry jobs or resolve incidents: a failed instance stays failed",
        "COMPLETE_JOB_AD_HOC_SUB_PROCESS": "an ad-hoc subprocess is no job in a preview: the person or its activeElementsCollection picks the activities",
        "COMPLETE_JOB_USER_TASK_LISTENER": "task listeners do not run in a preview",
        "ASSERT_PROCESS_INSTANCE_MESSAGE_SUBSCRIPTION": "a preview keeps no message subscriptions",
    ]

    func decode(_ value: JSONValue, at pointer: JSONPointer, index: Int) -> Instruction? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "An instruction"),
              let type = reader.string("type", required: "An instruction") else { return nil }
        guard let allowed = Self.fields[type] else {
            diagnostics.error(at: reader.at("type"), "\"\(type)\" is no instruction type of Camunda 8.9's test cases; use one of \(Self.fields.keys.sorted().joined(separator: ", "))")
            return nil
        }
        for key in reader.fields.keys.sorted() where key != "type" && !allowed.contains(key) {
            diagnostics.error(at: reader.at(key), "\"\(key)\" is not a field of \(type); it takes \(allowed.sorted().joined(separator: ", "))")
        }
        guard let action = action(type, reader) else { return nil }
        return Instruction(index: index, type: type, pointer: pointer, action: action)
    }

    private func action(_ type: String, _ reader: ObjectReader) -> Instruction.Action? {
        if let reason = Self.refusals[type] { return .refused(reason) }
        let what = "A \(type) instruction"
        switch type {
        case "CREATE_PROCESS_INSTANCE":
            guard let selector = reader.object("processDefinitionSelector", what: "\"processDefinitionSelector\""),
                  let process = selector.string("processDefinitionId", required: "A process definition selector") else {
                if !reader.has("processDefinitionSelector") { reader.missing("processDefinitionSelector", what) }
                return nil
            }
            if reader.has("startInstructions") || reader.has("runtimeInstructions") {
                return .refused("start and runtime instructions are not run in a preview: an instance starts at its start event")
            }
            return .createProcessInstance(process: process, variables: variables(reader))
        case "COMPLETE_USER_TASK":
            guard let selector = selector(reader, "userTaskSelector", fields: ["elementId", "taskName", "processDefinitionId"], what: what) else { return nil }
            return .completeUserTask(selector, variables: variables(reader), useExampleData: reader.bool("useExampleData") ?? false)
        case "COMPLETE_JOB":
            guard let selector = selector(reader, "jobSelector", fields: ["jobType", "elementId", "processDefinitionId"], what: what) else { return nil }
            return .answerJob(selector, .complete(variables: variables(reader), useExampleData: reader.bool("useExampleData") ?? false))
        case "THROW_BPMN_ERROR_FROM_JOB":
            guard let selector = selector(reader, "jobSelector", fields: ["jobType", "elementId", "processDefinitionId"], what: what),
                  let code = reader.string("errorCode", required: what) else { return nil }
            return .answerJob(selector, .throwError(code: code, message: reader.string("errorMessage"), variables: variables(reader)))
        case "MOCK_JOB_WORKER_COMPLETE_JOB":
            guard let jobType = reader.string("jobType", required: what) else { return nil }
            return .mockJobWorker(jobType: jobType, .complete(variables: variables(reader), useExampleData: reader.bool("useExampleData") ?? false))
        case "MOCK_JOB_WORKER_THROW_BPMN_ERROR":
            guard let jobType = reader.string("jobType", required: what), let code = reader.string("errorCode", required: what) else { return nil }
            return .mockJobWorker(jobType: jobType, .throwError(code: code, message: reader.string("errorMessage"), variables: variables(reader)))
        case "MOCK_DMN_DECISION":
            guard let decision = reader.string("decisionDefinitionId", required: what) else { return nil }
            return .mockDecision(decision: decision, variables: variables(reader))
        case "MOCK_CHILD_PROCESS":
            guard let process = reader.string("processDefinitionId", required: what) else { return nil }
            return .mockChildProcess(process: process, variables: variables(reader))
        case "PUBLISH_MESSAGE", "CORRELATE_MESSAGE":
            guard let name = reader.string("name", required: what) else { return nil }
            _ = reader.string("correlationKey")
            if type == "PUBLISH_MESSAGE" { _ = reader.int("timeToLive"); _ = reader.string("messageId") }
            return .message(name: name, variables: variables(reader), publish: type == "PUBLISH_MESSAGE")
        case "BROADCAST_SIGNAL":
            guard let name = reader.string("signalName", required: what) else { return nil }
            return .broadcastSignal(name: name, variables: variables(reader))
        case "INCREASE_TIME":
            guard let text = reader.string("duration", required: what) else { return nil }
            guard let seconds = Self.duration(text) else {
                diagnostics.error(at: reader.at("duration"), "“\(text)” is no ISO 8601 duration of days, hours, minutes and seconds, such as P2D or PT1H30M")
                return nil
            }
            return .increaseTime(seconds: seconds)
        case "SET_TIME":
            guard let text = reader.string("time", required: what) else { return nil }
            guard let date = ISO8601DateFormatter().date(from: text) else {
                diagnostics.error(at: reader.at("time"), "“\(text)” is no ISO 8601 instant in UTC, such as 2026-05-04T08:00:00Z")
                return nil
            }
            return .setTime(date)
        case "UPDATE_VARIABLES":
            guard let process = processInstance(reader, what: what) else { return nil }
            guard reader.has("variables") else {
                reader.missing("variables", what)
                return nil
            }
            return .updateVariables(process: process, element: elementSelector(reader, "elementSelector", what: what), variables: variables(reader))
        case "ASSERT_PROCESS_INSTANCE":
            guard let process = processInstance(reader, what: what) else { return nil }
            let state = reader.oneOf("state", Instruction.ProcessState.allCases.map(\.rawValue)).flatMap(Instruction.ProcessState.init(rawValue:))
            return .assertProcessInstance(process: process, state: state, hasActiveIncidents: reader.bool("hasActiveIncidents"))
        case "ASSERT_ELEMENT_INSTANCE":
            guard let process = processInstance(reader, what: what),
                  let element = elementSelector(reader, "elementSelector", what: what, required: true),
                  let state = reader.oneOf("state", ["IS_ACTIVE", "IS_COMPLETED", "IS_TERMINATED"], required: what)
                    .flatMap(Instruction.ElementState.init(rawValue:)) else { return nil }
            let amount = reader.int("amount") ?? 1
            if amount < 1 { diagnostics.error(at: reader.at("amount"), "must be 1 or more") }
            return .assertElementInstance(process: process, element: element, state: state, amount: amount)
        case "ASSERT_ELEMENT_INSTANCES":
            guard let process = processInstance(reader, what: what),
                  let state = reader.oneOf("state", Instruction.ElementState.allCases.map(\.rawValue), required: what)
                    .flatMap(Instruction.ElementState.init(rawValue:)) else { return nil }
            guard let items = reader.array("elementSelectors") else {
                reader.missing("elementSelectors", what)
                return nil
            }
            let elements = items.compactMap { item -> Instruction.Selector? in
                guard let selector = ObjectReader(item.value, at: item.pointer, diagnostics, what: "An element selector") else { return nil }
                return fields(selector, ["elementId", "elementName"])
            }
            return .assertElementInstances(process: process, elements: elements, state: state)
        case "ASSERT_USER_TASK":
            guard let selector = selector(reader, "userTaskSelector", fields: ["elementId", "taskName", "processDefinitionId"], what: what) else { return nil }
            let state = reader.oneOf("state", Instruction.UserTaskState.allCases.map(\.rawValue)).flatMap(Instruction.UserTaskState.init(rawValue:))
            let unsupported = ["assignee", "candidateGroups", "priority", "dueDate", "followUpDate"].filter(reader.has)
            return .assertUserTask(selector, state: state, elementId: reader.string("elementId"), name: reader.string("name"), unsupported: unsupported)
        case "ASSERT_VARIABLES":
            guard let process = processInstance(reader, what: what) else { return nil }
            let names = reader.strings("variableNames", item: "a variable name") ?? []
            return .assertVariables(process: process, element: elementSelector(reader, "elementSelector", what: what),
                                    names: names, variables: variables(reader).objectValue ?? [:])
        default:
            return nil
        }
    }

    /// `PnDTnHnMn.nS`, as Java's `Duration` reads it: days, hours, minutes and seconds.
    static func duration(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?/),
              text != "P", text != "PT" else { return nil }
        let days = match.1.flatMap { Double($0) } ?? 0, hours = match.2.flatMap { Double($0) } ?? 0
        let minutes = match.3.flatMap { Double($0) } ?? 0, seconds = match.4.flatMap { Double($0) } ?? 0
        return days * 86_400 + hours * 3_600 + minutes * 60 + seconds
    }

    private func variables(_ reader: ObjectReader) -> JSONValue {
        guard let value = reader.value("variables") else { return [:] }
        guard case .object = value else {
            diagnostics.error(at: reader.at("variables"), "must be a JSON object of variables, found \(value.kindName)")
            return [:]
        }
        return value
    }

    private func processInstance(_ reader: ObjectReader, what: String) -> String? {
        guard let selector = reader.object("processInstanceSelector", what: "\"processInstanceSelector\"") else {
            reader.missing("processInstanceSelector", what)
            return nil
        }
        closed(selector, ["processDefinitionId"])
        return selector.string("processDefinitionId", required: "A process instance selector")
    }

    private func elementSelector(_ reader: ObjectReader, _ key: String, what: String, required: Bool = false) -> Instruction.Selector? {
        guard let object = reader.object(key, what: "\"\(key)\"") else {
            if required { reader.missing(key, what) }
            return nil
        }
        return fields(object, ["elementId", "elementName"])
    }

    private func selector(_ reader: ObjectReader, _ key: String, fields names: [String], what: String) -> Instruction.Selector? {
        guard let object = reader.object(key, what: "\"\(key)\"") else {
            reader.missing(key, what)
            return nil
        }
        return fields(object, names)
    }

    /// A selector's fields; at least one must be given, and no other.
    private func fields(_ object: ObjectReader, _ names: [String]) -> Instruction.Selector? {
        closed(object, names)
        var selector = Instruction.Selector()
        selector.elementId = names.contains("elementId") ? object.string("elementId") : nil
        selector.elementName = names.contains("elementName") ? object.string("elementName") : nil
        selector.taskName = names.contains("taskName") ? object.string("taskName") : nil
        selector.jobType = names.contains("jobType") ? object.string("jobType") : nil
        selector.processDefinitionId = names.contains("processDefinitionId") ? object.string("processDefinitionId") : nil
        guard selector != Instruction.Selector() else {
            diagnostics.error(at: object.pointer, "a selector needs at least one of \(names.joined(separator: ", "))")
            return nil
        }
        return selector
    }

    private func closed(_ object: ObjectReader, _ names: [String]) {
        for key in object.fields.keys.sorted() where !names.contains(key) {
            diagnostics.error(at: object.at(key), "\"\(key)\" is not a field of this selector; it takes \(names.joined(separator: ", "))")
        }
    }
}
