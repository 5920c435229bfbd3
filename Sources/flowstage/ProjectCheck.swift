import ArgumentParser
import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import Preview
import Rendering

/// Loading and checking a project the same way for every headless command, so `validate`,
/// `test`, `render` and `audit` agree on what counts as an error.
struct ProjectCheck {
    let folder: URL
    let resources: URL
    var project: Project?
    /// The built-in templates with the project's overrides; nil when they did not compile.
    var templates: TemplateSet?
    var scenarios: [Scenario] = []
    /// Camunda Process Test files anywhere in the folder; their problems are warnings here (the
    /// file's other test cases still run) and failures in `test`.
    var camundaTests: [CamundaTestFile] = []
    var camundaTestProblems: [LoadError] = []
    var errors: [LoadError] = []
    var warnings: [LoadError] = []

    init(_ directory: String) throws {
        folder = URL(fileURLWithPath: directory).standardizedFileURL
        resources = try Resources.locate()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(folder.path) is not a folder; pass the folder of a preview project or of your BPMN models")
        }
        let loader = ProjectLoader(builtInThemes: resources.appendingPathComponent("Themes"))
        switch loader.load(folder) {
        case .failure(let failed):
            errors = failed.errors
            return
        case .success(let loaded):
            project = loaded
            warnings = loaded.warnings + ProjectLint.unreachableNodes(loaded)
        }
        switch ScenarioLoader.load(folder, project: project!) {
        case .success(let loaded): scenarios = loaded
        case .failure(let failed): errors += failed.errors
        }
        (camundaTests, camundaTestProblems) = CamundaTestCaseReader.read(folder)
        warnings += camundaTestProblems
        do {
            let templates = try TemplateSet(builtIn: resources.appendingPathComponent("Templates"), project: folder)
            self.templates = templates
            // Imported models already warned, at their element, for each component they could not map.
            for process in project!.processes where process.file.hasSuffix(".json") {
                for component in ProjectLint.components(of: process) where !templates.renders(component) {
                    let name = component.type == .custom ? "custom \"\(component.properties["identifier"]?.stringValue ?? "")\"" : component.type.rawValue
                    warnings.append(LoadError(file: process.file, pointer: component.pointer.description,
                                              message: "component \(name) is not supported yet; its screens show the \"Component not supported\" placeholder"))
                }
            }
        } catch {
            errors.append(LoadError(file: error.file, pointer: "", message: error.message))
        }
    }

    /// Every problem as one line on standard error, errors first.
    func report() {
        for error in errors { Terminal.error("error: \(error)") }
        for warning in warnings { Terminal.error("warning: \(warning)") }
    }

    /// Throws the failure exit when the project did not load, after reporting why.
    func requireLoaded() throws -> Project {
        guard let project, errors.isEmpty else {
            report()
            Terminal.error("\(errors.count) error\(errors.count == 1 ? "" : "s") in \(folder.path); fix them and run again")
            throw ExitCode.failure
        }
        return project
    }

    /// The loaded project with its templates and static site: the pages `render` writes and
    /// `audit` checks, from the templates loaded once above. `gallery` also reads the built-in
    /// component examples (`render` writes the gallery; `audit` checks the project's screens).
    func requireSite(gallery: Bool = false, exploration: ExplorationBudget? = ExplorationBudget()) throws -> (project: Project, templates: TemplateSet, site: StaticSite) {
        let project = try requireLoaded()
        guard let templates else { throw ExitCode.failure }   // a compile error is in `errors`, reported above
        let examples = gallery ? ComponentGallery.load(templates: resources.appendingPathComponent("Templates")) : ComponentGallery()
        for error in examples.errors { Terminal.error("warning: component gallery: \(error)") }
        let site = StaticSite(project: project, templates: templates, publicFolder: resources.appendingPathComponent("Public"),
                              scenarios: scenarios, camundaTests: camundaTests, gallery: examples, exploration: exploration)
        return (project, templates, site)
    }

    static func json(_ problems: [LoadError]) -> JSONValue {
        .array(problems.map { problem in
            var fields: [String: JSONValue] = ["file": .string(problem.file), "pointer": .string(problem.pointer), "message": .string(problem.message)]
            if let line = problem.line { fields["line"] = .number(Double(line)) }
            if let column = problem.column { fields["column"] = .number(Double(column)) }
            return .object(fields)
        })
    }
}

enum Terminal {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
