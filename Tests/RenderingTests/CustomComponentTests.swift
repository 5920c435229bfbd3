import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// screens.md, "Custom components": Swift provider first, project template second,
/// placeholder last; project templates override built-in ones.
@Suite struct CustomComponents {
    static let process = #"""
    { "name": "p", "data": { "rating": 4 }, "nodes": [
      { "id": "s", "type": "start", "next": "t" },
      { "id": "t", "type": "userTask", "title": "Rate us", "screen": [
        { "type": "custom", "identifier": "stars", "label": "Your rating", "inputKeys": ["rating"], "actions": ["ok"] },
        { "type": "switch", "key": "agree", "label": "I agree" } ],
        "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
      { "id": "e", "type": "end" } ] }
    """#

    func page(_ files: [String: String], registry: CustomComponentRegistry = CustomComponentRegistry()) throws -> HTMLElement {
        var all = files
        all["project.json"] = #"{ "name": "Fixture", "languages": ["en"] }"#
        all["processes/p.json"] = CustomComponents.process
        let folder = try RepositoryPaths.fixture(all)
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                                links: TestLinks(), customComponents: registry)
        let instance = try engine.start(process: "p", session: "s")
        let state = try #require(engine.screen(instance, language: "en"))
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        return HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
    }

    @Test func aSwiftProviderGivesTheProjectTemplateItsValues() throws {
        var registry = CustomComponentRegistry()
        registry.register("stars") { input in
            .values(["stars": .text(String(repeating: "★", count: Int(input.data["rating"]?.numberValue ?? 0))),
                     "okURL": .text(input.actions["ok"] ?? "")])
        }
        let page = try page(["templates/custom/stars.mustache":
            #"<p id="{{id}}" data-ok="{{okURL}}">{{label}}: {{stars}}</p>"#], registry: registry)
        let element = try #require(page.all { $0["data-ok"] != nil }.first)
        #expect(element.text == "Your rating: ★★★★")
        #expect(element["data-ok"] == "/instances/\(element["data-ok"]!.split(separator: "/")[1])/actions/ok")
    }

    /// Without a provider, the project's template is worked out at load like a built-in one:
    /// only the disabled flag is the request's, and pages print what the general path prints.
    @Test func aProjectTemplateWithoutProviderIsSpecialized() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#, "processes/p.json": CustomComponents.process,
            "templates/custom/stars.mustache": #"<p class="stars" id="{{id}}"{{#disabled}} aria-disabled="true"{{/disabled}}>{{label}}</p>"#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                                links: TestLinks())
        let tasks: [UserTask] = project.processes.flatMap(\.nodes).compactMap { node in
            guard case .userTask(let task) = node.kind else { return nil }
            return task
        }
        let custom = try #require(tasks.first?.screen.first)
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        let state = try #require(engine.screen(try engine.start(process: "p", session: "s"), language: "en"))
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        #expect(!renderer.printing(state, settings: settings).drawsWhole(custom))
        for _ in 0..<2 {
            let bytes = String(decoding: renderer.screen(state, settings: settings), as: UTF8.self)
            #expect(bytes == String(decoding: renderer.generalPath.screen(state, settings: settings), as: UTF8.self))
            #expect(HTMLDocument.parse(bytes).all { $0.hasClass("stars") }.map(\.text) == ["Your rating"])
        }
    }

    @Test func aSwiftProviderMayWriteTheHTMLItself() throws {
        var registry = CustomComponentRegistry()
        registry.register("stars") { input in .html("<p class=\"stars\" id=\"\(input.id)\">\(input.label)</p>") }
        let page = try page([:], registry: registry)
        #expect(page.all { $0.hasClass("stars") }.first?.text == "Your rating")
        #expect(page.all { $0.hasClass("fs-unsupported") }.isEmpty)
    }

    /// The markup a Swift provider writes is the request's, drawn per page; the page is planned
    /// around it, its other components compiled.
    @Test func aSwiftProvidersMarkupIsDrawnPerRequestOnAPlannedPage() throws {
        let folder = try RepositoryPaths.fixture(["project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
                                                  "processes/p.json": CustomComponents.process])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        var registry = CustomComponentRegistry()
        registry.register("stars") { input in
            .html("<p class=\"stars\">" + String(repeating: "★", count: Int(input.data["rating"]?.numberValue ?? 0)) + "</p>")
        }
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                                links: TestLinks(), customComponents: registry)
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        for rating in [4, 2, 4] {
            let instance = try engine.start(process: "p", session: "s", seed: .object(["rating": .number(Double(rating))]))
            let state = try #require(engine.screen(instance, language: "en"))
            let printing = renderer.printing(state, settings: settings)
            #expect(printing.planned)
            #expect(printing.drawnWhole.map(\.type) == [.custom])
            let page = HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
            #expect(page.all { $0.hasClass("stars") }.map(\.text) == [String(repeating: "★", count: rating)])
        }
    }

    @Test func withoutProviderOrTemplateTheComponentIsAnAccessiblePlaceholder() throws {
        let placeholder = try #require(try page([:]).all { $0.hasClass("fs-unsupported") }.first)
        #expect(placeholder["role"] == "note")
        #expect(placeholder.text.contains("Component not supported: stars"))
    }

    @Test func aProjectTemplateOverridesABuiltInComponent() throws {
        let page = try page(["templates/components/switch.mustache":
            #"<p class="my-switch"><input type="checkbox" role="switch" id="{{id}}" name="{{name}}"><label for="{{id}}">{{label}}</label></p>"#])
        #expect(page.all { $0.hasClass("my-switch") }.count == 1)
    }

    @Test func aProjectTemplateOverridesTheStepper() throws {
        let folder = try RepositoryPaths.copyOfExamples()
        try Data(#"<nav class="my-stepper" aria-label="{{ui.progress}}">{{stepCount}}</nav>"#.utf8)
            .write(to: folder.appendingPathComponent("templates/stepper.mustache", isDirectory: false).creatingFolder())
        let harness = try Harness(folder)
        let page = harness.page(try harness.firstScreen().1)
        #expect(page.all { $0.hasClass("my-stepper") }.first?.text == "Step 1 of 3")
    }

    @Test func aTemplateThatDoesNotCompileIsALoadErrorWithFileAndLine() throws {
        let folder = try RepositoryPaths.fixture(["templates/components/slider.mustache": "<div>\n{{#open}}\n</div>\n"])
        #expect {
            _ = try TemplateSet(builtIn: RepositoryPaths.templates, project: folder)
        } throws: { error in
            let description = (error as? TemplateLoadError)?.description ?? ""
            return description.contains("components/slider.mustache") && description.contains(":2:")
        }
    }
}

extension URL {
    /// Creates the folder this file goes in, so a test can write it.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
