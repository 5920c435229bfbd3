import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

struct TestLinks: PageLinks {
    var home: String { "/" }
    var settings: String { "/settings" }
    func startFlow(_ flow: String) -> String { "/flows/\(flow)/start" }
    func event(_ instance: String, _ event: String) -> String { "/instances/\(instance)/events/\(event)" }
    var stylesheet: String { "/public/flowstage.css" }
    var script: String { "/public/flowstage.js" }
    func theme(_ name: String) -> String { "/themes/\(name).css" }
    func instance(_ id: String) -> String { "/instances/\(id)" }
    func action(_ instance: String, _ action: String) -> String { "/instances/\(instance)/actions/\(action)" }
    func back(_ instance: String) -> String { "/instances/\(instance)/back" }
    func start(_ process: String) -> String { "/processes/\(process)/start" }
    func latest(_ process: String) -> String { "/processes/\(process)/latest" }
    func stop(_ instance: String) -> String { "/instances/\(instance)/stop" }
    func close(_ instance: String) -> String { "/instances/\(instance)/close" }
    func inspect(_ instance: String) -> String { "/instances/\(instance)/inspect" }
    var endSession: String { "/session/end" }
    var access: String { "/access" }
}

/// Renders screens of a loaded project through the real runtime.
struct Harness {
    let engine: ProcessEngine
    let renderer: Renderer
    let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "token123")

    init(_ folder: URL = RepositoryPaths.examples) throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                            links: TestLinks())
    }

    func page(_ state: ScreenState, language: String = "en") -> HTMLElement {
        var settings = settings
        settings.language = language
        return HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
    }

    func firstScreen(_ process: String = "loan_application") throws -> (Instance, ScreenState) {
        let instance = try engine.start(process: process, session: "s")
        return (instance, try #require(engine.screen(instance, language: "en")))
    }

    func post(_ instance: Instance, _ action: String, _ values: [(String, String)]) throws -> ActionResult {
        try engine.perform(action: action, on: instance.id, session: "s",
                           form: PostedForm([("_screen", instance.current ?? "")] + values), language: "en")
    }
}

/// The checks of spec/accessibility.md that hold on every page, on parsed structure.
func expectAccessiblePage(_ page: HTMLElement, sourceLocation: SourceLocation = #_sourceLocation) {
    let html = page.first("html")
    #expect(html?["lang"]?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(page.all("h1").count == 1, "exactly one h1", sourceLocation: sourceLocation)
    #expect(page.first("title")?.text.isEmpty == false, sourceLocation: sourceLocation)
    #expect(page.first("main")?["id"] == "main", sourceLocation: sourceLocation)
    #expect(page.all("a").first?["href"] == "#main", "the first link skips to main", sourceLocation: sourceLocation)
    for landmark in ["header", "nav", "main", "footer"] {
        #expect(page.first(landmark) != nil, "landmark \(landmark)", sourceLocation: sourceLocation)
    }
    let ids = page.descendants.compactMap { $0["id"] }
    #expect(Set(ids).count == ids.count, "ids are unique: \(ids)", sourceLocation: sourceLocation)
    let controls = page.all { ["input", "select", "textarea"].contains($0.tag) && $0["type"] != "hidden" }
    for control in controls {
        let id = control["id"] ?? ""
        #expect(!id.isEmpty, "every control has an id", sourceLocation: sourceLocation)
        #expect(page.all("label").contains { $0["for"] == id }, "a label for \(id)", sourceLocation: sourceLocation)
    }
    for link in page.all("a") where link["href"]?.hasPrefix("#") == true && link["href"] != "#" {
        #expect(page.element(id: String(link["href"]!.dropFirst())) != nil, "link target \(link["href"]!) exists", sourceLocation: sourceLocation)
    }
    for element in page.all(where: { $0["aria-describedby"] != nil }) {
        for target in element["aria-describedby"]!.split(separator: " ") {
            #expect(page.element(id: String(target)) != nil, "describedby target \(target) exists", sourceLocation: sourceLocation)
        }
    }
    for radio in page.all(where: { $0.tag == "input" && ($0["type"] == "radio") }) {
        let fieldset = radio.ancestors().first { $0.tag == "fieldset" }
        #expect(fieldset?.children.first?.tag == "legend", "radio groups are a fieldset with a legend", sourceLocation: sourceLocation)
    }
    for form in page.all("form") {
        #expect(form.all("input").contains { $0["name"] == "_csrf" && $0["type"] == "hidden" }, "every form carries _csrf",
                sourceLocation: sourceLocation)
    }
    var level = 0
    for heading in page.all(where: { ["h1", "h2", "h3", "h4", "h5", "h6"].contains($0.tag) }) {
        let next = Int(heading.tag.dropFirst())!
        #expect(next <= level + 1 || level == 0, "no skipped heading levels (\(heading.tag) after h\(level))", sourceLocation: sourceLocation)
        level = next
    }
}

@Suite struct ScreenHTML {
    @Test func theFirstScreenFollowsTheAccessibilityPatterns() throws {
        let harness = try Harness()
        let (_, state) = try harness.firstScreen()
        let page = harness.page(state)
        expectAccessiblePage(page)
        #expect(page.first("h1")?.text == "Tell us about yourself")
        #expect(page.first("title")?.text == "Tell us about yourself – Loan application – Acme Bank loan demo")
        #expect(page.first("form")?["novalidate"] != nil)
    }

    @Test func personalDataInputsCarryAutocompleteTokens() throws {
        let harness = try Harness()
        let page = harness.page(try harness.firstScreen().1)
        #expect(page.element(id: "field-client-firstName")?["autocomplete"] == "given-name")
        #expect(page.element(id: "field-client-email")?["autocomplete"] == "email")
        #expect(page.element(id: "field-client-email")?["type"] == "email")
    }

    @Test func aHintIsReferencedByAriaDescribedBy() throws {
        let harness = try Harness()
        let page = harness.page(try harness.firstScreen().1)
        let email = try #require(page.element(id: "field-client-email"))
        let describedBy = try #require(email["aria-describedby"])
        let hint = try #require(page.element(id: describedBy))
        #expect(hint.text == "We will send your offer to this address.")
    }

    @Test func theStepperIsAnOrderedListInAProgressNav() throws {
        let harness = try Harness()
        let page = harness.page(try harness.firstScreen().1)
        let nav = try #require(page.all("nav").first { $0["aria-label"] == "Progress" })
        #expect(nav.text.contains("Step 1 of 3"))
        let steps = try #require(nav.first("ol")).all("li")
        #expect(steps.count == 3)
        #expect(steps.first?["aria-current"] == "step")
        #expect(steps.dropFirst().allSatisfy { $0["aria-current"] == nil })
    }

    @Test func markdownBecomesHTMLWithItsLink() throws {
        let harness = try Harness()
        let page = harness.page(try harness.firstScreen().1)
        #expect(page.all("a").contains { $0["href"] == "https://example.org/privacy" && $0.text == "privacy notice" })
    }

    @Test func afterAFailedPostTheErrorSummaryOpensMainAndLinksToEachField() throws {
        let harness = try Harness()
        let (instance, _) = try harness.firstScreen()
        guard case .invalid(let state) = try harness.post(instance, "continue", [("client.firstName", "Ana")]) else {
            Issue.record("expected validation errors"); return
        }
        let page = harness.page(state)
        expectAccessiblePage(page)
        #expect(page.first("title")?.text.hasPrefix("Error: ") == true)
        let main = try #require(page.first("main"))
        let summary = try #require(main.children.first)
        #expect(summary.hasClass("fs-error-summary"))
        #expect(summary["tabindex"] == "-1")
        let links = summary.all("a")
        #expect(links.map { $0["href"] } == ["#field-client-lastName", "#field-client-email"])
        for link in links {
            let field = try #require(page.element(id: String(link["href"]!.dropFirst())))
            #expect(field["aria-invalid"] == "true")
            let described = field["aria-describedby"]?.split(separator: " ").map(String.init) ?? []
            #expect(described.contains { page.element(id: $0)?.text.hasPrefix("Error:") == true },
                    "the error text sits next to the field with an Error: prefix")
        }
        #expect(page.element(id: "field-client-firstName")?["value"] == "Ana", "posted values are kept")
        #expect(page.element(id: "field-client-firstName")?["aria-invalid"] == nil)
    }

    @Test func radioGroupsAndSelectsShowTheirOptions() throws {
        let harness = try Harness()
        let (instance, _) = try harness.firstScreen()
        guard case .applied(let moved) = try harness.post(instance, "continue", [("client.firstName", "Ana"), ("client.lastName", "Pop"), ("client.email", "a@b.co")]) else {
            Issue.record("expected to move on"); return
        }
        let page = harness.page(try #require(harness.engine.screen(moved, language: "en")))
        expectAccessiblePage(page)
        let select = try #require(page.first("select"))
        #expect(select.all("option").count == 5)
        let radios = page.all { $0.tag == "input" && $0["type"] == "radio" }
        #expect(radios.count == 4)
        #expect(Set(radios.map { $0["name"] }) == ["loan.term"])
        #expect(page.first("legend")?.text == "Repayment term")
        #expect(page.all("button").contains { $0.text == "Back" }, "the second screen offers Back")
    }

    @Test func romanianPagesSpeakRomanian() throws {
        let harness = try Harness()
        let page = harness.page(try harness.firstScreen().1, language: "ro")
        #expect(page.first("html")?["lang"] == "ro")
        #expect(page.first("h1")?.text == "Spune-ne despre tine")
        #expect(page.all("a").first?.text == "Treci la conținutul principal")
    }
}

@Suite struct Escaping {
    func hostilePage() throws -> HTMLElement {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "<b>Evil</b> & co" }"#,
            "processes/p.json": """
            { "name": "p", "title": "\\"><script>alert(1)</script>",
              "data": { "who": "<img src=x onerror=alert(1)>" },
              "nodes": [ { "id": "s", "type": "start", "next": "t" },
                { "id": "t", "type": "userTask", "title": "Hi ${who}", "screen": [
                  { "type": "text", "markdown": "<script>alert(2)</script> [x](javascript:alert(3)) ${who}" },
                  { "type": "input", "key": "who", "label": "\\" onfocus=\\"alert(4)", "hint": "<i>hint</i>" },
                  { "type": "select", "key": "pick", "label": "Pick", "options": [ { "value": "\\"><b>", "label": "<script>" } ] },
                  { "type": "button", "label": "Go", "action": "go" } ],
                  "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
                { "id": "e", "type": "end" } ] }
            """,
        ])
        let harness = try Harness(folder)
        let (_, state) = try harness.firstScreen("p")
        return harness.page(state)
    }

    @Test func noTextOrDataProducesLiveMarkup() throws {
        let page = try hostilePage()
        #expect(page.all("script").allSatisfy { $0["src"] != nil }, "the only scripts are our own files")
        #expect(page.all("img").isEmpty)
        #expect(page.all("b").isEmpty)
        #expect(page.all("i").isEmpty)
        #expect(page.all(where: { $0.attributes.keys.contains { $0.hasPrefix("on") } }).isEmpty, "no event-handler attributes")
        #expect(page.first("h1")?.text == "Hi <img src=x onerror=alert(1)>")
    }

    @Test func javascriptLinksNeverReachThePage() throws {
        let page = try hostilePage()
        #expect(page.all("a").allSatisfy { !($0["href"] ?? "").lowercased().contains("javascript:") })
    }

    @Test func quotesCannotBreakOutOfAttributes() throws {
        let page = try hostilePage()
        #expect(page.first("label")?.labelWords == "\" onfocus=\"alert(4)")
        #expect(page.first("option").map { _ in page.all("option").last?["value"] } == "\"><b>")
    }
}

@Suite struct ThemeCSS {
    @Test func aThemeBecomesCustomProperties() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let css = ThemeStylesheet.css(for: try #require(project.themes["default"]))
        #expect(css.contains("--fs-primary: #0b5cad;"))
        #expect(css.contains("--fs-on-primary: #ffffff;"))
        #expect(css.contains("--fs-font-size: 16px;"))
        #expect(css.contains(":root[data-appearance=\"dark\"]"))
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
    }

    @Test func aLightOnlyThemeHasNoDarkRules() {
        let white = Colour(hex: "#fff")!
        let theme = Theme(name: "x", title: "X", font: .init(family: "serif", size: 16, scale: 1.2),
                          shape: .init(radius: 0, spacing: 8, borderWidth: 1),
                          light: Dictionary(uniqueKeysWithValues: Theme.colourRoles.map { ($0, white) }), dark: nil, components: [:])
        #expect(!ThemeStylesheet.css(for: theme).contains("dark"))
    }

    @Test func pageCSSUsesOnlyThemeProperties() throws {
        let css = try String(contentsOf: RepositoryPaths.publicFolder.appendingPathComponent("flowstage.css"), encoding: .utf8)
        let colourLiteral = try Regex("#[0-9a-fA-F]{3,8}\\b|rgb\\(|hsl\\(")
        #expect(css.firstMatch(of: colourLiteral) == nil, "colours come only from the theme")
    }
}
