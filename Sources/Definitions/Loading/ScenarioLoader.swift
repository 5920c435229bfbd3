import Expressions
import Foundation

/// Reads `scenarios/*.json` against a loaded project, so a scenario naming a screen or an
/// action the process does not have is a load error with its pointer, not a confusing failure later.
public enum ScenarioLoader {
    public static func load(_ folder: URL, project: Project) -> Result<[Scenario], LoadErrors> {
        let (scenarios, errors) = read(folder, project: project)
        return errors.isEmpty ? .success(scenarios) : .failure(LoadErrors(errors))
    }

    /// Every scenario that loads, and the errors of those that do not: the preview offers the
    /// good ones as demo bookmarks while `validate` reports the rest.
    public static func read(_ folder: URL, project: Project) -> (scenarios: [Scenario], errors: [LoadError]) {
        let files = ProjectLoader(builtInThemes: nil)
        var errors: [LoadError] = []
        var scenarios: [Scenario] = []
        for file in files.jsonFiles(folder, "scenarios") {
            guard let value = files.readJSON(folder, file, &errors) else { continue }
            let diagnostics = Diagnostics(file: file)
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            if let scenario = decode(value, name: name, project: project, folder: folder, diagnostics), diagnostics.errors.isEmpty {
                scenarios.append(scenario)
            }
            errors += diagnostics.errors
        }
        return (scenarios, errors)
    }

    static func decode(_ value: JSONValue, name: String, project: Project, folder: URL? = nil, _ diagnostics: Diagnostics) -> Scenario? {
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "A scenario"),
              let processName = root.string("process", required: "A scenario") else { return nil }
        guard let process = project.process(named: processName) else {
            let known = quotedOnce(project.processes.map(\.name))
            diagnostics.error(at: root.at("process"), "no process is named \"\(processName)\"; the project has \(known)")
            return nil
        }
        let language = root.string("language")
        if let language, !project.languages.contains(language) {
            diagnostics.error(at: root.at("language"), "\"\(language)\" is not one of the project's languages \(project.languages)")
        }
        var params: [String: JSONValue] = [:]
        if let object = root.object("params", what: "\"params\"") { params = object.fields }
        guard let items = root.array("steps") else {
            root.missing("steps", "A scenario")
            return nil
        }
        let steps = items.compactMap { item -> Scenario.Step? in
            guard let step = ObjectReader(item.value, at: item.pointer, diagnostics, what: "A step") else { return nil }
            var expectation: Scenario.Expectation?
            if let expect = step.string("expect") {
                if expect.hasPrefix("end:") {
                    let outcome = String(expect.dropFirst(4))
                    if let known = Outcome(rawValue: outcome) { expectation = .end(known) } else {
                        diagnostics.error(at: step.at("expect"), "\"\(outcome)\" is not an outcome; use end:completed, end:failed or end:cancelled")
                    }
                } else if case .end? = process.node(expect)?.kind {
                    expectation = .endPage(expect)
                } else if project.userTask(at: expect, from: process) == nil {
                    diagnostics.error(at: step.at("expect"), "\"\(expect)\" is not a user task or end node of \(process.name); expect a user task id (a called process's task as callActivityID/taskID), an end node id or end:<outcome>")
                } else {
                    expectation = .screen(expect)
                }
            }
            let action = step.string("action")
            if let action, case .screen(let id)? = expectation, project.userTask(at: id, from: process)?.task.action(named: action) == nil {
                let known = quotedOnce(project.userTask(at: id, from: process)?.task.actions.map(\.name) ?? [])
                diagnostics.error(at: step.at("action"), "the screen \"\(id)\" has no action \"\(action)\"; it has \(known)")
            }
            return Scenario.Step(expect: expectation, action: action, values: postedValues(step, diagnostics),
                                 expectErrors: expectedErrors(step, diagnostics),
                                 uploads: ScenarioUploads.decode(step, folder: folder, diagnostics), pointer: item.pointer)
        }
        return Scenario(name: name, file: diagnostics.file, process: processName, language: language, params: params, steps: steps)
    }

    /// Values as the browser would post them: text as is, numbers and booleans as text, lists repeated.
    private static func postedValues(_ step: ObjectReader, _ diagnostics: Diagnostics) -> [(name: String, value: String)] {
        guard let object = step.object("values", what: "\"values\"") else { return [] }
        var posted: [(name: String, value: String)] = []
        for key in object.fields.keys.sorted() {
            switch object.fields[key]! {
            case .string, .number, .bool: posted.append((key, object.fields[key]!.displayString))
            case .array(let items): posted += items.map { (key, $0.displayString) }
            case .null: continue
            case .object: diagnostics.error(at: object.at(key), "a posted value must be text, a number, true/false or a list")
            }
        }
        return posted
    }

    private static func expectedErrors(_ step: ObjectReader, _ diagnostics: Diagnostics) -> [String]? {
        guard let items = step.array("expectErrors") else { return nil }
        return items.compactMap { item in
            guard case .string(let key) = item.value else {
                diagnostics.error(at: item.pointer, "expectErrors lists the keys of fields expected to have an error")
                return nil
            }
            return key
        }
    }
}
