import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// The component gallery's examples (`Templates/components/*.examples.json`): every one
/// loads, renders through the screen renderer, and follows the accessibility patterns.
@Suite struct ComponentGalleryExamples {
    static let gallery = ComponentGallery.load(templates: RepositoryPaths.templates)

    /// The states each component must cover. Fields have all the form states; content that
    /// shows text has long and right-to-left text; everything can be hidden by a condition.
    static func requiredStates(_ type: ComponentType) -> Set<ExampleState> {
        var states: Set<ExampleState> = [.filled, .hiddenByCondition]
        if type.isField { states.formUnion([.empty, .withHint, .withError, .disabled, .longText, .rightToLeft]) }
        if [.text, .message, .link, .table, .button, .card, .container, .collection, .image].contains(type) {
            states.formUnion([.longText, .rightToLeft])
        }
        if [.button, .card, .container, .collection].contains(type) { states.insert(.disabled) }
        if [.table, .collection].contains(type) { states.insert(.empty) }
        return states
    }

    func page(_ examples: ComponentExamples, language: String = "en") throws -> HTMLElement {
        let harness = try Harness()
        var settings = harness.settings
        settings.language = language
        let bytes = harness.renderer.galleryPage(pageURL: "/gallery/\(examples.component)", settings: settings) {
            ExampleScreens.page(examples, title: "\(examples.component) – component gallery", language: language)
        }
        return HTMLDocument.parse(String(decoding: bytes, as: UTF8.self))
    }

    @Test func everyExamplesFileLoads() {
        #expect(Self.gallery.errors.isEmpty, "\(Self.gallery.errors.map(\.description))")
        #expect(Self.gallery.components.count == 20)
    }

    @Test func everyComponentWithATemplateHasExamplesOfItsStates() throws {
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates)
        for type in ComponentType.allCases where templates.renders(Component(type: type)) {
            let examples = try #require(Self.gallery.examples(of: type.rawValue), "\(type.rawValue).examples.json is missing")
            let missing = Self.requiredStates(type).subtracting(examples.states)
            #expect(missing.isEmpty, "\(type.rawValue) has no example for \(missing.map(\.rawValue).sorted())")
        }
    }

    @Test func theActionLinkTemplateIsShownByTheButtonExamples() throws {
        let buttons = try #require(Self.gallery.examples(of: "button"))
        #expect(buttons.examples.contains { $0.actions.contains { $0.kind == .link } })
        let page = try page(buttons)
        #expect(page.all("a").contains { $0.hasClass("fs-button") && $0["href"] == "https://example.com/help" })
    }

    @Test(arguments: gallery.components.map(\.component))
    func everyExampleFollowsTheAccessibilityPatterns(_ component: String) throws {
        let examples = try #require(Self.gallery.examples(of: component))
        for language in ["en", "ro"] {
            let page = try page(examples, language: language)
            expectAccessiblePage(page)
            #expect(page.all("form").allSatisfy { $0["method"] == "get" && $0["action"] == "/gallery/\(component)" },
                    "gallery forms lead back to the page with get")
            #expect(page.all("input").allSatisfy { $0["name"] != "_csrf" || $0["value"] == nil || $0["value"] == "" },
                    "no CSRF token in a gallery page")
            // axe's landmark-unique: two regions of one page must not share a name.
            let regionNames = page.all { $0["role"] == "region" }.compactMap { $0["aria-labelledby"].flatMap { page.element(id: $0)?.text } }
            #expect(Set(regionNames).count == regionNames.count, "regions have unique names: \(regionNames)")
            for example in examples.examples {
                try expectExample(example, of: component, on: page)
            }
        }
    }

    private func expectExample(_ example: ComponentExample, of component: String, on page: HTMLElement) throws {
        let section = try #require(page.all("section").first { $0["aria-labelledby"] == "section-\(example.name)" },
                                   "\(component)/\(example.name) has its section")
        let form = try #require(section.first("form"))
        let controls = form.all { ["input", "select", "textarea", "button", "a"].contains($0.tag) && $0["type"] != "hidden" }
        let states = Set(example.states)
        if states.contains(.hiddenByCondition) {
            #expect(controls.isEmpty && form.all("img").isEmpty && form.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                    "\(component)/\(example.name): a hidden component draws nothing")
            return
        }
        #expect(!form.children.filter { !($0.tag == "input" && $0["type"] == "hidden") }.isEmpty,
                "\(component)/\(example.name) draws something")
        if states.contains(.withError) {
            let invalid = form.all { $0["aria-invalid"] == "true" }
            #expect(!invalid.isEmpty || form.all("fieldset").contains { $0["aria-describedby"] != nil },
                    "\(component)/\(example.name): an error example marks its field invalid")
            for error in example.errors {
                #expect(form.text.contains(error.message), "\(component)/\(example.name) shows \"\(error.message)\"")
            }
        }
        if states.contains(.withHint), example.component.hint != nil {
            #expect(form.all { $0["aria-describedby"] != nil }.contains { described in
                described["aria-describedby"]!.split(separator: " ").contains { page.element(id: String($0))?.hasClass("fs-hint") == true }
            }, "\(component)/\(example.name): the hint is linked by aria-describedby")
        }
        if states.contains(.disabled), example.component.type.isField || example.component.type.isContainer {
            let fields = form.all { ["input", "select", "textarea"].contains($0.tag) && $0["type"] != "hidden" }
            #expect(fields.allSatisfy { $0["disabled"] != nil }, "\(component)/\(example.name): disabled fields are disabled")
        }
        let grouped = ["radio", "segmented"].contains(example.component.type.rawValue) || example.component.isCheckboxGroup
        if grouped {
            let fieldset = form.first("fieldset")
            #expect(fieldset?.children.first?.tag == "legend", "\(component)/\(example.name): a group is a fieldset with a legend")
        }
    }

    @Test func aBrokenExamplesFileIsAnErrorWithFileAndPointer() {
        let broken = #"{"component": "input", "examples": [{"name": "a", "title": "A", "states": ["filled", "shiny"], "component": {"type": "input"}}]}"#
        guard case .failure(let failure) = ComponentExamplesLoader.decode(Array(broken.utf8), file: "components/input.examples.json",
                                                                          component: "input") else {
            Issue.record("a broken file must not load")
            return
        }
        let described = failure.errors.map(\.description)
        #expect(described.contains { $0.hasPrefix("components/input.examples.json /examples/0/states/1: unknown state") })
        #expect(described.contains { $0.hasPrefix("components/input.examples.json /examples/0/component: An input needs \"key\"") })
    }

    @Test func invalidJSONInAnExamplesFileIsAnErrorNotACrash() {
        guard case .failure(let failure) = ComponentExamplesLoader.decode(Array("{\"component\": ".utf8), file: "components/x.examples.json",
                                                                          component: "x") else {
            Issue.record("invalid JSON must not load")
            return
        }
        #expect(failure.errors.first?.description.hasPrefix("components/x.examples.json: is not valid JSON") == true)
    }

    @Test func anExamplesFileMustNameTheComponentItSitsBeside() {
        let text = #"{"component": "select", "examples": [{"name": "a", "title": "A", "states": ["filled"], "component": {"type": "input", "key": "k"}}]}"#
        guard case .failure(let failure) = ComponentExamplesLoader.decode(Array(text.utf8), file: "components/input.examples.json",
                                                                          component: "input") else {
            Issue.record("a mismatched file must not load")
            return
        }
        #expect(failure.errors.map(\.pointer).contains("/component"))
    }

    @Test func theTemplateSetIgnoresExamplesFiles() throws {
        // The examples sit in the folder the templates are read from; loading must not trip over them.
        _ = try TemplateSet(builtIn: RepositoryPaths.templates)
    }
}
