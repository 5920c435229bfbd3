import Definitions
import Expressions
import FlowStageRuntime
import Foundation
import Preview
import Rendering
import TestSupport

/// A project made of model files (path → contents), loaded the way `flowstage serve` loads
/// it, with an engine and a renderer over it.
struct ModelHarness {
    let project: Project
    let engine: ProcessEngine
    let renderer: Renderer

    init(_ files: [String: String], handlers: [String: ServiceHandler] = [:]) throws {
        try self.init(try RepositoryPaths.fixture(files), handlers: handlers)
    }

    init(_ folder: URL, handlers: [String: ServiceHandler] = [:]) throws {
        project = try ModelHarness.load(folder).get()
        engine = ProcessEngine(project: project, store: MemoryStore<Instance>(), configuration: .init(serviceHandlers: handlers))
        renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                            links: ServerLinks())
    }

    /// A project with one process whose user task "Details" shows a form-js form with
    /// `components` (JSON text).
    static func oneForm(_ components: String) throws -> ModelHarness {
        let model = bpmn("""
        <bpmn:startEvent id="s"/>
        <bpmn:userTask id="t" name="Details"><bpmn:extensionElements><zeebe:formDefinition formId="details"/></bpmn:extensionElements></bpmn:userTask>
        <bpmn:endEvent id="e"/>
        <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="t"/><bpmn:sequenceFlow id="f1" sourceRef="t" targetRef="e"/>
        """)
        let form = #"{ "id": "details", "type": "default", "components": \#(components) }"#
        return try ModelHarness(["project.json": #"{ "name": "Forms", "languages": ["en"] }"#, "claim.bpmn": model, "forms/details.form": form])
    }

    static func load(_ folder: URL) -> Result<Project, LoadErrors> {
        ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder)
    }

    /// The errors of loading `files`, or none when it loads.
    static func errors(_ files: [String: String]) throws -> [LoadError] {
        switch load(try RepositoryPaths.fixture(files)) {
        case .success: []
        case .failure(let failed): failed.errors
        }
    }

    func start(_ process: String) throws -> Instance {
        try engine.start(process: process, session: "s")
    }

    func screen(_ instance: Instance) -> ScreenState? {
        engine.screen(instance, language: "en")
    }

    /// Posts `action` on the screen of the waiting task `task` (the current one by default).
    func post(_ instance: Instance, _ action: String, _ values: [(String, String)] = [], task: String? = nil) throws -> ActionResult {
        try engine.perform(action: action, on: instance.id, session: "s",
                           form: PostedForm([("_screen", task ?? instance.current ?? "")] + values), language: "en")
    }

    func page(_ state: ScreenState) -> HTMLElement {
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "token")
        return HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
    }
}

extension ActionResult {
    /// The instance after an applied action.
    var applied: Instance? {
        if case .applied(let instance) = self { instance } else { nil }
    }

    var invalid: ScreenState? {
        if case .invalid(let state) = self { state } else { nil }
    }
}

/// A BPMN file with `body` inside one executable process `id`.
func bpmn(_ body: String, id: String = "claim", name: String = "Claim", extraNamespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"
      xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \(extraNamespaces) id="d">
      <bpmn:process id="\(id)" name="\(name)" isExecutable="true">
    \(body)
      </bpmn:process>
    </bpmn:definitions>
    """
}
