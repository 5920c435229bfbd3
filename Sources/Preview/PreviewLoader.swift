import Definitions
import FlowStageRuntime
import Foundation
import Logging
import Rendering

/// Puts a preview together from a project folder and the repository's resources
/// (`Templates/`, `Public/`, `Themes/`, `Schemas/`): the one place the CLI and the tests build it.
public enum PreviewLoader {
    public enum Failure: Error, CustomStringConvertible {
        case project(LoadErrors)
        case templates(TemplateLoadError)
        case other(String)

        public var description: String {
            switch self {
            case .project(let errors): errors.description
            case .templates(let error): error.description
            case .other(let message): message
            }
        }
    }

    public static func load(project folder: URL, resources: URL, store: InstanceStore = MemoryStore<Instance>(),
                            flowStore: FlowRunStore = MemoryStore<FlowRun>(),
                            sessions: SessionStore = SessionStore(),
                            engineConfiguration: ProcessEngine.Configuration = .init(),
                            configuration: PreviewApp.Configuration = .init(),
                            customComponents: CustomComponentRegistry = CustomComponentRegistry(),
                            logger: Logger = Logger(label: "flowstage")) throws(Failure) -> PreviewApp {
        var loader = ProjectLoader(builtInThemes: resources.appendingPathComponent("Themes"),
                                   registeredValidators: Set(engineConfiguration.customValidators.keys))
        // A host that registers service handlers gets unknown names as load errors; without
        // any (the CLI) service tasks are warnings and fail at run time with a clear incident.
        let handlers = engineConfiguration.serviceHandlers
        loader.registeredHandlers = handlers.isEmpty ? nil : Set(handlers.keys)
        loader.registeredActionHandlers = Set(engineConfiguration.actionHandlers.keys)
        let project: Project
        switch loader.load(folder) {
        case .success(let loaded): project = loaded
        case .failure(let errors): throw .project(errors)
        }
        for warning in project.warnings { logger.warning("\(warning)") }
        // Scenarios are the catalogue's demo bookmarks; one that does not load is left out, not fatal.
        let (scenarios, scenarioErrors) = ScenarioLoader.read(folder, project: project)
        for error in scenarioErrors { logger.warning("scenario not offered: \(error)") }
        let (testFiles, testProblems) = CamundaTestCaseReader.read(folder)
        for problem in testProblems { logger.warning("Camunda test case not offered: \(problem)") }
        let testCases = testFiles.flatMap(\.cases).filter { $0.problem == nil }
        let templates: TemplateSet
        do { templates = try TemplateSet(builtIn: resources.appendingPathComponent("Templates"), project: folder) } catch {
            throw .templates(error)
        }
        // Custom components: views from `customComponents`, posted keys and validators from
        // `engineConfiguration.customComponents`.
        let renderer = Renderer(project: project, templates: templates, links: ServerLinks(), customComponents: customComponents)
        let engine = ProcessEngine(project: project, store: store, configuration: engineConfiguration)
        let flows = FlowEngine(processes: engine, store: flowStore)
        do {
            return try PreviewApp(engine: engine, flows: flows, renderer: renderer, publicFolder: resources.appendingPathComponent("Public"),
                                  sessions: sessions, scenarios: scenarios, testCases: testCases,
                                  configuration: configuration, logger: logger,
                                  gallery: ComponentGallery.load(templates: resources.appendingPathComponent("Templates")),
                                  schemasFolder: resources.appendingPathComponent("Schemas"))
        } catch {
            throw .other("cannot read \(resources.appendingPathComponent("Public").path): \(error)")
        }
    }
}
