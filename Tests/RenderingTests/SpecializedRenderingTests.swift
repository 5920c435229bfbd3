import Definitions
import Expressions
import Foundation
import Testing
import TestSupport
@testable import Rendering

/// Components specialized at load print exactly what the general path prints, whatever the
/// request holds: every screen of the examples and of the benchmark's typical screen, in every
/// language, empty, filled, invalid, partly hidden and partly disabled.
@Suite struct SpecializedRendering {
    static let typical = RepositoryPaths.root.appendingPathComponent("Benchmarks/Fixtures/typical")

    /// Every user task's screen of `folder`'s processes and every flow state's, in a few request states.
    static func states(_ project: Project) -> [ScreenState] {
        var states: [ScreenState] = []
        // Flow states are drawn as the user tasks of their flow's mirror process.
        for process in project.processes + project.flows.map(ProcessDefinition.init(screensOf:)) {
            for node in process.nodes {
                guard case .userTask(let task) = node.kind, !task.screen.isEmpty else { continue }
                let fields = task.screen.flatMap(\.flattenedDefinitions).filter { $0.type.isField && $0.key != nil }
                var filled: JSONValue = .object([:])
                for field in fields {
                    let sample: JSONValue = field.type == .fileUpload
                        ? .array([.object(["id": .string("f1"), "name": .string("scan <1>.pdf"), "size": .number(123_456)])])
                        : field.storesArray ? .array(field.options.prefix(2).map { .string($0.value) })
                        : field.type == .checkbox || field.type == .switch ? .bool(true)
                        : .string(field.options.last?.value ?? "Ana <b>&\"'")
                    field.key!.set(sample, in: &filled)
                }
                let errors = fields.map { FieldError(key: $0.key!.description, message: "Check <this> & that") }
                let raw = Dictionary(fields.prefix(1).map { ($0.key!.description, "typed <again>") }, uniquingKeysWith: { a, _ in a })
                for language in project.languages {
                    let variants: [(JSONValue, [FieldError], [String: String], Int)] = [
                        (.object([:]), [], [:], 0), (filled, [], [:], 1), (filled, errors, raw, 2), (.object([:]), errors, [:], 3),
                    ]
                    for (data, errors, rawValues, variant) in variants {
                        let components = task.screen.enumerated()
                            .filter { variant < 3 || $0.offset % 3 != 1 }   // some hidden
                            .map { resolve($0.element, disabled: variant == 3 && $0.offset % 2 == 0) }
                        states.append(ScreenState(instanceID: "i-1", modal: variant == 1, process: process, nodeID: node.id,
                                                  task: task, components: components, data: data, rawValues: rawValues,
                                                  errors: errors, stepper: variant == 0 ? nil : stepper(current: variant % 2),
                                                  canGoBack: variant != 1, notice: variant == 1 ? "Moved <on> & saved" : nil,
                                                  language: language))
                    }
                }
            }
        }
        return states
    }

    static func stepper(current: Int) -> Stepper {
        Stepper(steps: [Text("About you"), Text("Your <loan>")], current: current, substeps: [], currentSubstep: nil)
    }

    static func resolve(_ component: Component, disabled: Bool) -> ResolvedComponent {
        ResolvedComponent(definition: component, disabled: disabled, children: component.children.map { resolve($0, disabled: disabled) })
    }

    func check(_ folder: URL) throws -> Int {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let specialized = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                                   links: TestLinks())
        let general = specialized.generalPath
        var compared = 0
        for state in SpecializedRendering.states(project) {
            let looks = [
                PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t"),
                PageSettings(language: state.language, theme: "no-such-theme", appearance: "dark", csrf: "<u>",
                             device: "phone", generation: 7),
            ]
            for settings in looks {
                let slow = String(decoding: general.screen(state, settings: settings), as: UTF8.self)
                // The first page of its kind makes a plan and is printed from it, as is the second.
                for _ in 0..<2 {
                    let fast = String(decoding: specialized.screen(state, settings: settings), as: UTF8.self)
                    #expect(fast == slow, "\(state.process.name)/\(state.nodeID) in \(state.language)")
                }
                compared += 1
            }
        }
        return compared
    }

    /// The first screen of process `p` started with `seed`, printed from its plan (checked
    /// against the general path), and the types of the components the plan drew whole.
    func plannedFirstScreen(_ harness: Harness, seed: JSONValue,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> (page: HTMLElement, drawnWhole: [ComponentType]) {
        let instance = try harness.engine.start(process: "p", session: "s", seed: seed)
        let state = try #require(harness.engine.screen(instance, language: "en"), sourceLocation: sourceLocation)
        let printing = harness.renderer.printing(state, settings: harness.settings)
        #expect(printing.planned, sourceLocation: sourceLocation)
        let bytes = harness.renderer.screen(state, settings: harness.settings)
        #expect(bytes == harness.renderer.generalPath.screen(state, settings: harness.settings), sourceLocation: sourceLocation)
        return (HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)), printing.drawnWhole.map(\.type))
    }

    @Test func everyExampleScreenPrintsTheSameAsTheGeneralPath() throws {
        #expect(try check(RepositoryPaths.examples) > 20)
    }

    @Test func theTypicalScreenPrintsTheSameAsTheGeneralPath() throws {
        #expect(try check(SpecializedRendering.typical) >= 4)
    }

    @Test func theTypicalScreenIsPrintedFromAPagePlan() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(SpecializedRendering.typical).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let state = try #require(SpecializedRendering.states(project).first)
        let settings = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t")
        let printing = renderer.printing(state, settings: settings)
        #expect(printing.planned)
        #expect(printing.drawnWhole.isEmpty, "every component compiled with the page")
    }

    /// A custom component, a collection, a container that is not fixed…: the page is planned all the same,
    /// and such a component is drawn whole per request, so its data shows as the general path
    /// draws it.
    @Test func aPageWithAComponentThatIsNotSpecializedIsPlannedAroundIt() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let general = renderer.generalPath
        var planned = 0
        for state in SpecializedRendering.states(project) {
            let settings = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t")
            let printing = renderer.printing(state, settings: settings)
            guard !printing.drawnWhole.isEmpty else { continue }
            #expect(printing.planned, "\(state.process.name)/\(state.nodeID)")
            #expect(renderer.screen(state, settings: settings) == general.screen(state, settings: settings))
            planned += 1
        }
        #expect(planned > 0, "the examples have pages drawing a component whole")
    }

    /// A refused post's page (422) has its own plan: the summary's items and each field's
    /// error are the request's, and they link to the fields the general path links to.
    @Test func aPageWithErrorsIsPrintedFromItsOwnPlan() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(SpecializedRendering.typical).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let general = renderer.generalPath
        let states = SpecializedRendering.states(project)
        let clean = try #require(states.first { $0.errors.isEmpty })
        let invalid = try #require(states.first { !$0.errors.isEmpty })
        let settings = PageSettings(language: invalid.language, theme: "default", appearance: "auto", csrf: "t")
        // The clean page's plan first: the refused post's page is not printed from it.
        #expect(renderer.printing(clean, settings: settings).planned)
        #expect(renderer.printing(invalid, settings: settings).planned)
        let page = HTMLDocument.parse(String(decoding: renderer.screen(invalid, settings: settings), as: UTF8.self))
        #expect(renderer.screen(invalid, settings: settings) == general.screen(invalid, settings: settings))
        let links = page.all("a").filter { $0.parent?.parent?.hasClass("fs-error-summary__list") == true }
        #expect(links.count == invalid.errors.count)
        for link in links {
            let target = try #require(link["href"]?.dropFirst())
            #expect(page.all("input").contains { $0["id"] == String(target) } || page.all("select").contains { $0["id"] == String(target) })
        }
    }

    @Test func aRememberedStepperPrintsWhatAFreshRendererDraws() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(SpecializedRendering.typical).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates)
        let renderer = Renderer(project: project, templates: templates, links: TestLinks())
        let states = SpecializedRendering.states(project).filter { $0.stepper != nil }
        #expect(!states.isEmpty)
        for state in states {
            let settings = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t")
            let first = renderer.screen(state, settings: settings)
            let remembered = renderer.screen(state, settings: settings)
            let fresh = Renderer(project: project, templates: templates, links: TestLinks()).screen(state, settings: settings)
            #expect(first == remembered)
            #expect(remembered == fresh)
        }
        let pages = try [0, 1].map { current in
            let base = try #require(states.first)
            let state = ScreenState(instanceID: base.instanceID, modal: false, process: base.process, nodeID: base.nodeID,
                                    task: base.task, components: base.components, data: base.data, rawValues: [:], errors: [],
                                    stepper: SpecializedRendering.stepper(current: current), canGoBack: true, notice: nil,
                                    language: base.language)
            let settings = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t")
            return HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
        }
        #expect(pages[0].all("li").first { $0["aria-current"] == "step" }?.text == "About you")
        #expect(pages[1].all("li").first { $0["aria-current"] == "step" }?.text.hasSuffix("Your <loan>") == true)
    }

    @Test func theTypicalScreensFieldsAreSpecialized() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(SpecializedRendering.typical).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let screen = try #require(project.processes.first?.nodes.compactMap(\.userTask).first?.screen)
        let fields = screen.filter { $0.type.isField }
        #expect(!fields.isEmpty)
        for state in SpecializedRendering.states(project) {
            let printing = renderer.printing(state, settings: PageSettings(language: state.language, theme: "default",
                                                                           appearance: "auto", csrf: "t"))
            for field in fields {
                #expect(!printing.drawsWhole(field), "\(field.key?.description ?? "?")")
            }
        }
    }

    /// Cards and containers are written into a page plan, their fields parts of their own: the
    /// card's own words (its `title`, also a page name) stay its own on every page.
    @Test func aPageWithCardsAndContainersPrintsTheSameAsTheGeneralPath() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Where", "screen": [
                { "type": "card", "title": "Address", "fieldset": true, "children": [
                  { "type": "input", "key": "address.city", "label": "City" },
                  { "type": "container", "direction": "row", "children": [
                    { "type": "input", "key": "address.zip", "label": "Postcode", "hide": "data.abroad == true" } ] } ] },
                { "type": "card", "title": "Owner ${owner.name}", "children": [ { "type": "input", "key": "owner.name", "label": "Name" } ] },
                { "type": "container", "children": [ { "type": "button", "label": "Go", "action": "ok" } ] } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 8)
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let state = try #require(SpecializedRendering.states(project).first)
        for _ in 0..<2 {
            let page = HTMLDocument.parse(String(decoding: renderer.screen(state, settings: PageSettings(
                language: "en", theme: "default", appearance: "auto", csrf: "t")), as: UTF8.self))
            #expect(page.all("legend").contains { $0.text.contains("Address") })
        }
    }

    /// A screen title that reads data follows each instance's data on a planned page; one that
    /// reads none is written into the plan.
    @Test func aScreenTitleThatReadsDataFollowsTheDataOnAPlannedPage() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "title": "Claims", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Hello ${name}", "screen": [ { "type": "input", "key": "name", "label": "Name" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let base = try #require(SpecializedRendering.states(project).first)
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        for name in ["Ana", "Radu", "Ana"] {
            let state = ScreenState(instanceID: "i-1", modal: false, process: base.process, nodeID: base.nodeID, task: base.task,
                                    components: base.components, data: .object(["name": .string(name)]), rawValues: [:], errors: [],
                                    stepper: nil, canGoBack: false, notice: nil, language: "en")
            let page = HTMLDocument.parse(String(decoding: renderer.screen(state, settings: settings), as: UTF8.self))
            #expect(page.all("h1").map(\.text) == ["Hello \(name)"])
            #expect(page.all("title").map(\.text) == ["Hello \(name) – Claims – Fixture"])
            #expect(renderer.printing(state, settings: settings).planned)
        }
    }

    /// A project's errors and warnings are listed on its pages; a page showing them is planned
    /// with them, apart from one without.
    @Test func aPageListingTheProjectsWarningsIsPlannedWithThem() throws {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(SpecializedRendering.typical).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let general = renderer.generalPath
        let state = try #require(SpecializedRendering.states(project).first)
        let plain = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t")
        let warned = PageSettings(language: state.language, theme: "default", appearance: "auto", csrf: "t",
                                  projectErrors: ["A <broken> file"], projectWarnings: ["An unused tag"])
        for settings in [plain, warned, plain, warned] {
            let bytes = renderer.screen(state, settings: settings)
            #expect(bytes == general.screen(state, settings: settings))
            #expect(renderer.printing(state, settings: settings).planned)
            let items = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)).all(where: { $0.hasClass("fs-project-warnings") })
                .flatMap { $0.all("li") }.map(\.text)
            #expect(items == (settings.projectWarnings.isEmpty ? [] : ["An unused tag"]))
        }
    }

    /// A collection is drawn whole on every page (its ids are as many as its items); the rest
    /// of its screen is specialized when none of their ids can start as the collection's do,
    /// and the page prints what the general path prints, with its items and with errors.
    @Test(arguments: [false, true])
    func aScreenWithACollectionIsSpecializedAroundItWhenNoIDCanCollide(_ collides: Bool) throws {
        // An id of its own that starts as the collection's items' ids do (`field-accounts-…`).
        let total = collides ? #", { "type": "input", "key": "sum", "id": "field-accounts-sum", "label": "Sum" }"# : ""
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "data": { "accounts": [ { "name": "Current" }, { "name": "Savings <b>" } ] }, "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Accounts", "screen": [
                { "type": "table", "source": "accounts", "caption": "Yours", "columns": [ { "key": "name", "label": "Account" } ] },
                { "type": "collection", "source": "accounts", "label": "Main account", "selectKey": "main", "itemLabel": "${$item.name}",
                  "validators": [ { "type": "required" } ],
                  "item": [ { "type": "input", "key": "nickname", "label": "Nickname" }, { "type": "text", "markdown": "Note" } ] }\#(total),
                { "type": "button", "label": "Save", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        let harness = try Harness(folder)
        let general = harness.renderer.generalPath
        let table = try #require(harness.renderer.project.processes.first?.nodes.compactMap(\.userTask).first?.screen.first)
        for _ in 0..<2 {
            let instance = try harness.engine.start(process: "p", session: "s")
            guard case .invalid(let refused) = try harness.post(instance, "ok", [("accounts[0].nickname", "Daily <3>")]) else {
                Issue.record("no item was chosen, yet the post was accepted"); return
            }
            for state in [try #require(harness.engine.screen(instance, language: "en")), refused] {
                #expect(state.components.contains { $0.items.count == 2 })
                #expect(harness.renderer.printing(state, settings: harness.settings).drawsWhole(table) == collides)
                let bytes = String(decoding: harness.renderer.screen(state, settings: harness.settings), as: UTF8.self)
                #expect(bytes == String(decoding: general.screen(state, settings: harness.settings), as: UTF8.self))
                let ids = HTMLDocument.parse(bytes).all(where: { $0["id"] != nil }).compactMap { $0["id"] }
                #expect(Set(ids).count == ids.count, "\(ids)")
            }
        }
    }

    /// A table is specialized: its caption and headers written in, its rows the request's, each
    /// cell written per its column's format, as the general path writes them.
    @Test func aTablesRowsAreTheRequestsOnAPlannedPage() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "de"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Accounts", "screen": [
                { "type": "table", "source": "accounts", "caption": "Your accounts", "columns": [
                  { "key": "name", "label": "Account" }, { "key": "balance", "label": "Balance", "format": "currency", "currency": "EUR" },
                  { "key": "opened", "label": "Opened", "format": "date" }, { "key": "active", "label": "Active", "format": "boolean" } ] },
                { "type": "button", "label": "Go", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 16, "no rows, in every request state")
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let general = renderer.generalPath
        let base = try #require(SpecializedRendering.states(project).first)
        let table = try #require(base.task.screen.first)
        let row = { (name: String, balance: JSONValue, active: JSONValue) -> JSONValue in
            .object(["name": .string(name), "balance": balance, "opened": .string("2019-04-01"), "active": active])
        }
        let tables: [[JSONValue]] = [[], [row("Current <b>", .number(1520.5), .bool(true))],
                                     [row("A", .number(-35.2), .bool(false)), .object([:]), row("C", .string("n/a"), .string("maybe"))]]
        for language in ["en", "de"] {
            for rows in tables + tables {
                let state = ScreenState(instanceID: "i-1", modal: false, process: base.process, nodeID: base.nodeID, task: base.task,
                                        components: base.components, data: .object(["accounts": .array(rows)]), rawValues: [:],
                                        errors: [], stepper: nil, canGoBack: false, notice: nil, language: language)
                let settings = PageSettings(language: language, theme: "default", appearance: "auto", csrf: "t")
                let bytes = String(decoding: renderer.screen(state, settings: settings), as: UTF8.self)
                #expect(bytes == String(decoding: general.screen(state, settings: settings), as: UTF8.self))
                #expect(!renderer.printing(state, settings: settings).drawsWhole(table))
                let body = HTMLDocument.parse(bytes).all("tbody").first?.all("tr") ?? []
                #expect(body.count == max(rows.count, 1))
            }
        }
    }

    /// A child list's options follow its parent field: the page is planned per parent value,
    /// and shows that value's options ("choose … first" while it is empty, none for a value
    /// the list does not know), as the general path does; a radio group's, segmented control's,
    /// multiselect's or checkbox group's options (with ids of their own) as a select's.
    @Test(arguments: ["select", "radio", "segmented", "multiselect", "checkbox"])
    func aChildListShowsTheOptionsOfItsParentsValueOnAPlannedPage(_ type: String) throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "enumerations/countries.json": #"""
            { "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania" } }, { "code": "fr", "content": { "en": "France" } } ] }
            """#,
            "enumerations/cities.json": #"""
            { "name": "cities", "parent": "countries", "items": [
              { "code": "b", "parentCode": "ro", "content": { "en": "Bucharest" } }, { "code": "cj", "parentCode": "ro", "content": { "en": "Cluj" } },
              { "code": "par", "parentCode": "fr", "content": { "en": "Paris" } } ] }
            """#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Where", "screen": [
                { "type": "select", "key": "country", "label": "Country", "enumeration": "countries", "change": "refresh" },
                { "type": "\#(type)", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country",
                  "validators": [ { "type": "required" } ] },
                { "type": "button", "label": "Go", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" }, { "name": "refresh", "type": "save" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        let general = renderer.generalPath
        let base = try #require(SpecializedRendering.states(project).first)
        let city = try #require(base.task.screen.first { $0.key?.description == "city" })
        let settings = PageSettings(language: "en", theme: "default", appearance: "auto", csrf: "t")
        let expected: [(country: JSONValue, cities: [String])] = [
            (.null, []), (.string(""), []), (.string("ro"), ["Bucharest", "Cluj"]), (.string("fr"), ["Paris"]), (.string("zz"), []),
        ]
        for (country, cities) in expected {
            for errors in [[], [FieldError(key: "city", message: "Choose a city")]] {
                let data: JSONValue = .object(["country": country, "city": .string("cj")])
                let state = ScreenState(instanceID: "i-1", modal: false, process: base.process, nodeID: base.nodeID, task: base.task,
                                        components: base.components, data: data, rawValues: [:], errors: errors, stepper: nil,
                                        canGoBack: false, notice: nil, language: "en")
                for _ in 0..<2 {
                    let bytes = renderer.screen(state, settings: settings)
                    #expect(bytes == general.screen(state, settings: settings), "\(country)")
                    let page = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self))
                    let options = type == "select"
                        ? page.all("option").filter { $0.parent?["id"] == "field-city" && $0["value"] != "" }.map(\.text)
                        : page.all("input").filter { $0["name"] == "city" }.compactMap { input in page.all("label").first { $0["for"] == input["id"] }?.text }
                    #expect(options == cities, "\(country)")
                    // While the country is empty, the city's description says to choose it first.
                    let field = type == "select" ? page.all("select").first { $0["id"] == "field-city" }
                        : page.all("fieldset").first { $0.all("legend").first?.text == "City" }
                    let described = field?["aria-describedby"]?.split(separator: " ") ?? []
                    let hints = page.all(where: { element in described.contains { element["id"] == String($0) } }).map(\.text)
                    #expect(hints.contains { $0.contains("Country") } == (country == .null || country == .string("")), "\(hints)")
                }
                let printing = renderer.printing(state, settings: settings)
                #expect(printing.planned, "planned with \(country)")
                let known = country == .string("ro") || country == .string("fr") || country == .null || country == .string("")
                #expect(!printing.drawsWhole(city) == known, "\(country)")
            }
        }
    }

    /// A label, hint or title that reads the data (`Hello ${name}`) is the request's: its
    /// component is compiled all the same, and each page shows its own instance's words. A child
    /// list waiting for a parent whose label reads data names that label as the data has it,
    /// compiled while it waits and once the parent has a value.
    @Test func wordsThatReadTheDataAreTheRequestsOnAPlannedPage() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "de"] }"#,
            "enumerations/countries.json": #"""
            { "name": "countries", "items": [ { "code": "ro", "content": { "en": "Romania", "de": "Rumänien" } } ] }
            """#,
            "enumerations/cities.json": #"""
            { "name": "cities", "parent": "countries", "items": [ { "code": "b", "parentCode": "ro", "content": { "en": "Bucharest", "de": "Bukarest" } } ] }
            """#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Hello", "screen": [
                { "type": "input", "key": "nickname", "label": "Nickname of ${owner}", "hint": "As ${owner} is called" },
                { "type": "checkbox", "key": "agree", "label": "I, ${owner}, agree", "validators": [ { "type": "required" } ] },
                { "type": "select", "key": "country", "label": "Country of ${owner}", "enumeration": "countries" },
                { "type": "select", "key": "city", "label": "City", "enumeration": "cities", "parentKey": "country" },
                { "type": "button", "label": "Pay ${amount} EUR", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 16, "the same bytes as the general path in every request state")
        let harness = try Harness(folder)
        let screen = try #require(harness.renderer.project.processes.first?.nodes.compactMap(\.userTask).first?.screen)
        for (owner, amount) in [("Ana <b>", 12), ("Radu", 7), ("Ana <b>", 12)] {
            let instance = try harness.engine.start(process: "p", session: "s",
                                                    seed: .object(["owner": .string(owner), "amount": .number(Double(amount))]))
            let state = try #require(harness.engine.screen(instance, language: "en"))
            let printing = harness.renderer.printing(state, settings: harness.settings)
            #expect(printing.planned)
            #expect(printing.drawnWhole.isEmpty, "the child list too, its hint naming its parent as the data has it")
            #expect(!printing.drawsWhole(screen[0]) && !printing.drawsWhole(screen[4]))
            let bytes = harness.renderer.screen(state, settings: harness.settings)
            #expect(bytes == harness.renderer.generalPath.screen(state, settings: harness.settings))
            let page = HTMLDocument.parse(String(decoding: bytes, as: UTF8.self))
            let labels = page.all("label").map(\.labelWords)
            #expect(labels.contains("Nickname of \(owner)") && labels.contains("I, \(owner), agree"), "\(labels)")
            #expect(page.all(where: { $0.hasClass("fs-hint") }).map(\.text).contains("As \(owner) is called"))
            #expect(page.all("button").map(\.text).contains("Pay \(amount) EUR"))
            #expect(page.all(where: { $0.text.contains("Country of \(owner)") && $0.hasClass("fs-hint") }).count == 1,
                    "the city waits for the country, named as the data has it")
        }
        // Once the country is chosen the hint is gone, and the city is compiled under that value.
        let chosen = try harness.engine.start(process: "p", session: "s", seed: .object(["owner": .string("Ana"), "country": .string("ro")]))
        let state = try #require(harness.engine.screen(chosen, language: "en"))
        #expect(harness.renderer.printing(state, settings: harness.settings).drawnWhole.isEmpty)
        let bytes = harness.renderer.screen(state, settings: harness.settings)
        #expect(bytes == harness.renderer.generalPath.screen(state, settings: harness.settings))
        #expect(HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)).all("option").map(\.text).contains("Bucharest"))
    }

    /// A type's own word that reads the data (a select's empty choice, an upload's button, a
    /// table's caption) is the request's like a label: the component is compiled, and each page
    /// shows its own instance's words.
    @Test func aTypesOwnWordThatReadsTheDataIsTheRequestsOnAPlannedPage() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Hello", "screen": [
                { "type": "select", "key": "size", "label": "Size", "emptyLabel": "Choose, ${owner}",
                  "options": [ { "value": "s", "label": "Small" }, { "value": "l", "label": "Large" } ] },
                { "type": "fileUpload", "key": "scan", "label": "Scan", "uploadLabel": "Add ${owner}'s scan", "action": "upload" },
                { "type": "table", "source": "rows", "caption": "Rows of ${owner}", "columns": [ { "key": "name", "label": "Name" } ] },
                { "type": "button", "label": "Go", "action": "ok" } ],
                "actions": [ { "name": "upload", "type": "upload", "key": "scan" }, { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 8, "the same bytes as the general path in every request state")
        let harness = try Harness(folder)
        for owner in ["Ana <b>", "Radu", "Ana <b>"] {
            let (page, drawnWhole) = try plannedFirstScreen(harness, seed: .object([
                "owner": .string(owner), "rows": .array([.object(["name": .string("a")])]),
            ]))
            #expect(drawnWhole.isEmpty, "\(drawnWhole)")
            #expect(page.all("option").first { $0["value"] == "" }?.text == "Choose, \(owner)")
            #expect(page.all("button").map(\.text).contains("Add \(owner)'s scan"))
            #expect(page.all("caption").map(\.text) == ["Rows of \(owner)"])
        }
    }

    /// A choice field's own options whose labels read the data are worked out per request, as
    /// options read from the data are: the field is compiled, each page shows its instance's
    /// labels, and the chosen option and every radio's id are the general path's.
    @Test func optionLabelsThatReadTheDataAreTheRequests() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Pay", "screen": [
                { "type": "radio", "key": "when", "label": "When", "validators": [ { "type": "required" } ],
                  "options": [ { "value": "now", "label": "Pay ${amount} now" }, { "value": "later", "label": "Later" } ] },
                { "type": "select", "key": "how", "label": "How",
                  "options": [ { "value": "card", "label": "Card ending ${card}" }, { "value": "bank", "label": "Bank" } ] },
                { "type": "segmented", "key": "size", "label": "Size",
                  "options": [ { "value": "s", "label": "${small}" }, { "value": "l", "label": "Large" } ] },
                { "type": "button", "label": "Go", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 8, "the same bytes as the general path in every request state")
        let harness = try Harness(folder)
        for (amount, card, chosen) in [("12 <b>", "4242", "later"), ("7", "1881", "now"), ("12 <b>", "4242", "")] {
            let (page, drawnWhole) = try plannedFirstScreen(harness, seed: .object([
                "amount": .string(amount), "card": .string(card), "small": .string("Small"), "when": .string(chosen),
            ]))
            #expect(drawnWhole.isEmpty, "\(drawnWhole)")
            let radios = page.all("input").filter { $0["name"] == "when" }
            #expect(radios.map { $0["id"] } == ["field-when", "field-when-2"])
            #expect(radios.map { $0["checked"] != nil } == [chosen == "now", chosen == "later"])
            #expect(page.all("label").map(\.text).contains("Pay \(amount) now"))
            #expect(page.all("option").map(\.text).contains("Card ending \(card)"))
        }
    }

    /// A date's or a time's placeholder that reads the data is written per request by its rule:
    /// the field is compiled, shows its instance's words (in a collection's item, the item's),
    /// and a posted text that is no date still shows the expected form instead.
    @Test func aDatesOrTimesPlaceholderThatReadsTheDataIsTheRequests() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "When", "screen": [
                { "type": "datepicker", "key": "day", "label": "Day", "placeholder": "e.g. ${example}" },
                { "type": "input", "inputType": "time", "key": "hour", "label": "Hour", "placeholder": "about ${example}" },
                { "type": "collection", "source": "visits", "label": "Visits", "item": [
                  { "type": "datepicker", "key": "on", "label": "On", "placeholder": "e.g. ${$item.example}" } ] },
                { "type": "button", "label": "Go", "action": "ok" } ],
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 8, "the same bytes as the general path in every request state")
        let harness = try Harness(folder)
        for (example, day) in [("Ana <b>", ""), ("Radu", "2024-02-30"), ("Ana <b>", "")] {
            let (page, drawnWhole) = try plannedFirstScreen(harness, seed: .object([
                "example": .string(example), "day": .string(day), "visits": .array([.object(["example": .string(example + " 2")])]),
            ]))
            #expect(drawnWhole.isEmpty, "\(drawnWhole)")
            let placeholders = Dictionary(uniqueKeysWithValues: page.all("input").compactMap { input in
                input["id"].map { ($0, input["placeholder"] ?? "") }
            })
            #expect(placeholders["field-hour"] == "about \(example)")
            #expect(placeholders["field-visits-0-on"] == "e.g. \(example) 2", "\(placeholders)")
            if day.isEmpty {
                #expect(placeholders["field-day"] == "e.g. \(example)")
            } else {
                #expect(placeholders["field-day"] != "e.g. \(example)", "a text that is no date shows the expected form")
            }
        }
    }

    /// Two components with the same plain id (two buttons, or an id chosen by hand) get `-2`;
    /// it must fall on the same one on every page, whether or not something before can be hidden.
    @Test(arguments: [
        #"[ { "type": "input", "key": "a", "label": "First", "hide": "data.skip == true" },"#
            + #"  { "type": "input", "key": "b", "id": "field-a", "label": "Second" } ]"#,
        #"[ { "type": "input", "key": "a", "label": "First" },"#
            + #"  { "type": "button", "label": "Go", "action": "ok" }, { "type": "button", "label": "Also", "action": "ok" } ]"#,
        // Three buttons share `c-button`; what can be hidden (offsets 1 and 4, which the states
        // hide) holds no id any of them could take.
        #"[ { "type": "input", "key": "a", "label": "First" },"#
            + #"  { "type": "textarea", "key": "why", "label": "Why", "hide": "data.a == 'x'" },"#
            + #"  { "type": "button", "label": "Go", "action": "ok" }, { "type": "button", "label": "Also", "action": "ok" },"#
            + #"  { "type": "input", "key": "b", "label": "Second", "hide": "data.a == 'y'" }, { "type": "button", "label": "Third", "action": "ok" } ]"#,
    ])
    func componentsSharingAPlainIDGetUniqueIDsOnEveryPage(_ screen: String) throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": #"""
            { "name": "p", "nodes": [
              { "id": "s", "type": "start", "next": "t" },
              { "id": "t", "type": "userTask", "title": "Twice", "screen": \#(screen),
                "actions": [ { "name": "ok", "type": "submit", "next": "e" } ] },
              { "id": "e", "type": "end" } ] }
            """#,
        ])
        #expect(try check(folder) == 8, "the same bytes as the general path in every request state")
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates), links: TestLinks())
        for state in SpecializedRendering.states(project) {
            for _ in 0..<2 {
                let page = HTMLDocument.parse(String(decoding: renderer.screen(state, settings: PageSettings(
                    language: "en", theme: "default", appearance: "auto", csrf: "t")), as: UTF8.self))
                let ids = page.all(where: { $0["id"] != nil }).compactMap { $0["id"] }
                #expect(Set(ids).count == ids.count, "\(ids)")
            }
        }
    }

    /// An option is chosen by the field's value, by any item of a list of values (a long list
    /// too), and by nothing when the field is empty: the same options whichever way it is asked.
    @Test(arguments: [
        JSONValue.null, .string("b"), .number(2), .bool(true),
        .array([.string("a"), .number(2)]),
        .array((0..<12).map { .string("v\($0)") } + [.string("c")]),
    ])
    func anOptionIsChosenByTheValueOrAnItemOfItsList(_ value: JSONValue) {
        let options = ["a", "b", "c", "2", "true", "v3", "v11", "v12"]
        let chosen = value.chooses(options)
        #expect(options.indices.map { $0 < chosen.count && chosen[$0] } == options.map { value.chosenValues.contains($0) })
    }
}

private extension Component {
    var flattenedDefinitions: [Component] { [self] + children.flatMap(\.flattenedDefinitions) }
}

private extension Node {
    var userTask: UserTask? { if case .userTask(let task) = kind { task } else { nil } }
}
