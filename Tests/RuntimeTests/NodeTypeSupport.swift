import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
import TestSupport
import Testing

/// An engine over processes given as name → nodes (JSON text), with these service handlers
/// (none: the loader is told no names, as `flowstage` does, so handlers are checked at run time).
func engine(processes: [String: String], handlers: [String: ServiceHandler] = [:]) throws -> ProcessEngine {
    var loader = ProjectLoader(builtInThemes: RepositoryPaths.themes)
    loader.registeredHandlers = handlers.isEmpty ? nil : Set(handlers.keys)
    let project = try loader.load(try RepositoryPaths.fixture(files(processes))).get()
    return ProcessEngine(project: project, store: MemoryStore<Instance>(),
                         configuration: .init(serviceHandlers: handlers))
}

/// Posts `action` on the screen of the waiting task `task`.
func post(_ engine: ProcessEngine, _ instance: Instance, task: String, _ action: String,
          _ values: [(String, String)] = []) throws -> ActionResult {
    try engine.perform(action: action, on: instance.id, session: instance.session,
                       form: PostedForm([("_screen", task)] + values.map { ($0.0, $0.1) }), language: "en")
}

/// A user task `id` with one input bound to `key` and a submit action `ok` to `next`.
func task(_ id: String, key: String = "value", next: String) -> String {
    """
    { "id": "\(id)", "type": "userTask", "screen": [ { "type": "input", "key": "\(key)", "label": "Value" } ],
      "actions": [ { "name": "ok", "type": "submit", "next": "\(next)" }, { "name": "back", "type": "back" } ] }
    """
}

/// The load errors of a project made of these processes (name → nodes).
func loadErrors(processes: [String: String]) throws -> [LoadError] {
    switch ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture(files(processes))) {
    case .success: return []
    case .failure(let failed): return failed.errors
    }
}

private func files(_ processes: [String: String]) -> [String: String] {
    var files = ["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#]
    for (name, nodes) in processes {
        files["processes/\(name).json"] = #"{ "name": "\#(name)", "data": { "fixed": 1 }, "nodes": \#(nodes) }"#
    }
    return files
}
