import Definitions
import Expressions
import Markdown
import Template

/// Renders every page of a project into bytes: screens, end pages, the catalogue and error
/// pages. Built once per loaded project; rendering touches no file and no lock.
public struct Renderer: Sendable {
    public let project: Project
    let templates: TemplateSet
    /// `var` so the gallery can render a copy whose forms lead back to the gallery page.
    var links: any PageLinks
    let markdown: MarkdownCache
    /// Theme CSS by theme name, generated once.
    public let themeCSS: [String: String]
    /// Each theme's stylesheet link, written once with the links given at init: every page
    /// links one. A gallery copy's links lead its forms elsewhere, never its stylesheets
    /// (`GalleryLinks.theme` is the server's), so the copy keeps these.
    private let themeURLs: ThemeURLs
    /// Components whose markup was worked out at load, per language.
    var specialized: SpecializedComponents
    /// Stepper headers drawn so far (shared by copies of this renderer).
    let steppers = StepperHeaders(limit: 1_024, latestFirst: false)
    /// Plans of the screen pages made so far; nil draws every screen the general way (tests
    /// compare the two). The gallery draws its pages through `screenPage`, never through them.
    var screenPlans: ScreenPlans? = ScreenPlans(limit: 256, latestFirst: false)
    /// Plans of pages fixed for the project (the gallery's), shared by copies of this renderer.
    let fixedPlans = FixedPagePlans(limit: 256, latestFirst: false)
    /// Swift providers of custom components (docs/reference/components.md, "Custom components").
    public var customComponents = CustomComponentRegistry()

    public init(project: Project, templates: TemplateSet, links: any PageLinks,
                customComponents: CustomComponentRegistry = CustomComponentRegistry()) {
        self.customComponents = customComponents
        self.project = project
        self.templates = templates
        self.links = links
        self.markdown = MarkdownCache(project: project)
        self.themeCSS = project.themes.mapValues(ThemeStylesheet.css(for:))
        self.themeURLs = ThemeURLs(themes: themeCSS.keys, links: links)
        self.specialized = SpecializedComponents(project: project, templates: templates, links: links, markdown: markdown)
    }

    /// A user task's screen; after a failed post, with its error summary and the posted values.
    /// With `single` navigation and several waiting tasks, one section and form per task.
    /// A page with one task is printed from its plan (`ScreenPlans`), made from the first such page.
    public func screen(_ state: ScreenState, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let languageIndex = languageIndex(state, settings: settings)
        if let plans = screenPlans, let key = planKey(state, settings: settings, languageIndex: languageIndex) {
            switch plans.value(for: key) {
            case .some(.some(let plan)):
                return planned(plan, state: state, settings: settings, ui: ui, languageIndex: languageIndex)
            case .some(.none): break
            case .none:
                return planFirst(state, key: key, in: plans, settings: settings, ui: ui, languageIndex: languageIndex)
            }
        }
        return render(screenPage(state, settings: settings, ui: ui, languageIndex: languageIndex, recordingParts: false).page)
    }

    /// The first page of `key`: drawn, made into the key's plan (or remembered as one that
    /// cannot be planned), and printed from the plan as every later page of the key is.
    private func planFirst(_ state: ScreenState, key: ScreenPlanKey, in plans: ScreenPlans, settings: PageSettings, ui: Words,
                           languageIndex: Int) -> [UInt8] {
        let drawn = screenPage(state, settings: settings, ui: ui, languageIndex: languageIndex, recordingParts: true)
        let template = drawn.parts.flatMap {
            TemplateSpecializer.specialize(page: templates.page("page"), root: drawn.page,
                                           isDynamic: { PlannedPageValues.answers($0, showsMap: settings.map != nil) },
                                           partOf: $0.part(of:))
        }
        let plan = template.map {
            ScreenPlan(template: $0, parts: drawn.parts?.kinds ?? [], forms: forms(state),
                       headings: fixedHeadings(state, language: settings.language),
                       stepper: state.stepper.map { ($0, stepperValue(state, ui: ui)) })
        }
        plans.keep(plan, for: key)
        guard let plan else { return render(drawn.page) }
        return planned(plan, state: state, settings: settings, ui: ui, languageIndex: languageIndex)
    }

    /// The index in `Project.languages` of a page's language, which plans and entries are kept
    /// by; -1 for a page in another language than its instance's.
    func languageIndex(_ state: borrowing ScreenState, settings: PageSettings) -> Int {
        state.language == settings.language ? project.languages.firstIndex(of: state.language) ?? -1 : -1
    }

    /// A screen page's view, and while planning (`recordingParts`) the part each shown
    /// component's context is; nil parts when a component has no context to stand for it
    /// (an image whose source is missing is drawn as no embedded template).
    func screenPage(_ state: ScreenState, settings: PageSettings, ui: Words, languageIndex: Int,
                    recordingParts: Bool) -> (page: KeyedView, parts: ScreenParts?) {
        var ids = FieldIDs()
        var parts: ScreenParts? = recordingParts ? ScreenParts(hasErrors: !state.errors.isEmpty) : nil
        // One task on the page: its ids are its own, as when it was specialized at load (its
        // long lists' items had no entries then: worked out for the page as its plan is made). A
        // `single` page's several follow one another's: worked out for the page as its plan is
        // made, else drawn the general way.
        let entries = if state.sections.isEmpty {
            recordingParts && SpecializedComponents.showsLongList(state)
                ? SpecializedComponents(longLists: state, languageIndex: languageIndex, project: project, templates: templates,
                                        links: links, markdown: markdown)
                : specialized
        } else if recordingParts {
            SpecializedComponents(sections: state, languageIndex: languageIndex, project: project, templates: templates,
                                  links: links, markdown: markdown)
        } else {
            SpecializedComponents.none
        }
        func form(_ section: ScreenState) -> KeyedView {
            var builder = screenViewBuilder(section, ui: ui, languageIndex: languageIndex, ids: ids, entries: entries)
            let components = builder.build(section.components)
            if parts != nil {
                let written = SpecializedComponents.writtenLayouts(section.components)
                let recorded = parts!.record(
                    section.components, drawnAs: components, writesLayout: { written.contains($0.identity) },
                    layoutWords: { DataWords.of($0, project: project, language: section.language) },
                    entry: { entries.entry(for: $0, language: languageIndex, data: section.data) },
                    unrolled: { unrolled($0, languageIndex: languageIndex, singleTask: state.sections.isEmpty) })
                if !recorded { parts = nil }
            }
            let form = formView(section, components: components, settings: settings,
                                heading: state.sections.isEmpty ? nil : screenTitle(section, language: settings.language))
            ids = builder.ids
            return form
        }
        var forms: [KeyedView] = []
        forEachTask(state) { forms.append(form(copy $0)) }
        let errors = errorSummary(state, ids: ids, ui: ui)
        let (heading, title) = headings(state, language: settings.language)
        let content = KeyedView([
            .hasErrors: .bool(!state.errors.isEmpty),
            .errors: errors,
            .actionError: .optional(state.actionError),
            .notice: .optional(state.notice),
            .stepper: stepperValue(state, ui: ui),
            .tabs: tabsValue(state, ui: ui),
            .heading: .text(heading),
            .forms: .rows(KeyedRows(forms)),
            .closeURL: closeURL(state),
            .map: mapValue(settings, ui: ui),
            .ui: .object(ui),
        ])
        let page = pageContext(title: title, hasErrors: !state.errors.isEmpty, content: .embed(templates.page("screen"), content),
                               settings: settings, ui: ui)
        return (page, parts)
    }

    /// The builder of a screen's component views; `languageIndex` ≥ 0 lets it print components
    /// specialized from their request values (`entries`: those worked out at load, by default).
    func screenViewBuilder(_ state: ScreenState, ui: Words, languageIndex: Int, ids: FieldIDs = FieldIDs(),
                           entries: SpecializedComponents? = nil) -> ScreenViewBuilder {
        var builder = ScreenViewBuilder(templates: templates, project: project, links: links, markdown: markdown,
                                        state: state, ui: ui, ids: ids)
        builder.customComponents = customComponents
        if languageIndex >= 0 {
            builder.specialized = entries ?? specialized
            builder.languageIndex = languageIndex
        }
        return builder
    }

    /// The error summary's items, each linking to its field (`ids`: the page's, registered as
    /// its fields were drawn). A field in a collection's item says which item ("Nickname: enter
    /// a value (Savings)"): beside the field its item's legend tells, in the summary nothing
    /// did, and rows' errors read alike.
    func errorSummary(_ state: ScreenState, ids: FieldIDs, ui: Words) -> TemplateValue {
        guard !state.errors.isEmpty else { return .list([]) }
        var items: [String: String] = [:]
        for section in state.sections.isEmpty ? [state] : state.sections {
            itemLabels(section.components, state: section, ui: ui, around: nil, into: &items)
        }
        return .list(state.errors.map { error in
            let message = items[error.key].map { ui.fill("errorSummary.inItem", ["message": error.message, "item": $0]) } ?? error.message
            return .object(KeyedView([.fieldID: .text(ids.byKey[error.key] ?? "main"), .message: .text(message)]))
        })
    }

    /// The label of the collection item each field key is in, an item inside another's with
    /// both ("Item 2 of 2, Ana").
    private func itemLabels(_ components: [ResolvedComponent], state: ScreenState, ui: Words, around: String?,
                            into labels: inout [String: String]) {
        for component in components {
            if let around {
                for key in [component.definition.key, component.selection?.key].compactMap({ $0 }) { labels[key.description] = around }
            }
            itemLabels(component.children, state: state, ui: ui, around: around, into: &labels)
            let itemLabel = component.definition.text("itemLabel")
            for item in component.items {
                let label = item.label(itemLabel, total: component.items.count,
                                       scope: ResolvedItem.scope(state.data, item: item.value, index: item.index),
                                       tags: project.tags, language: state.language, ui: ui)
                itemLabels(item.components, state: state, ui: ui, around: around.map { "\($0), \(label)" } ?? label, into: &labels)
            }
        }
    }

    /// The screen's h1 and the page title: on a `single` page with several tasks the h1 is the
    /// process title (each task has its section heading).
    func headings(_ state: ScreenState, language: String) -> (heading: String, title: String) {
        let processTitle = text(state.process.title, language) ?? state.process.name
        let heading = state.sections.isEmpty ? screenTitle(state, language: language) : processTitle
        var title = heading + " – "
        if state.sections.isEmpty { title += processTitle + " – " }
        title += project.name
        return (heading, title)
    }

    /// The headings of a page whose screen title reads no data (a `single` page's h1 is the
    /// process's title): the same on every page of its plan.
    func fixedHeadings(_ state: ScreenState, language: String) -> (heading: String, title: String)? {
        let readsData = state.sections.isEmpty
            && [state.task.title, state.task.step].contains { $0?.dependsOnData(project.tags, language: language) ?? false }
        return readsData ? nil : headings(state, language: language)
    }

    /// The stepper header, drawn once per stepper and languages.
    func stepperValue(_ state: ScreenState, ui: Words) -> TemplateValue {
        state.stepper.map { stepper in
            .html(steppers.value(for: StepperKey(stepper: stepper, language: state.language, uiLanguage: ui.language)) {
                templates.page("stepper").render(stepperView(stepper, state: state, ui: ui))
            })
        } ?? .bool(false)
    }

    /// With `tabs` navigation, a link per waiting task, the shown one current.
    func tabsValue(_ state: borrowing ScreenState, ui: Words) -> TemplateValue {
        guard !state.tabs.isEmpty else { return .bool(false) }
        return .embed(templates.page("tabs"), KeyedView([
            .tabs: .list(state.tabs.map { tab in
                .object(KeyedView([.url: .text(links.tab(state.instanceID, tab.task)), .title: .text(tab.title),
                                   .selected: .bool(tab.selected)]))
            }),
            .ui: .object(ui),
        ]))
    }

    /// A modal instance's Close link.
    func closeURL(_ state: ScreenState) -> TemplateValue {
        state.modal ? .text(links.close(state.instanceID)) : .bool(false)
    }

    /// Per form of the page, what it is (`FormFacts`).
    func forms(_ state: ScreenState) -> [FormFacts] {
        var forms: [FormFacts] = []
        forEachTask(state) { forms.append(FormFacts($0)) }
        return forms
    }

    /// Each task with a form on the page, in order: the state itself, or its sections on a
    /// `single` page with several tasks (the state not copied into an array for one task).
    func forEachTask(_ state: borrowing ScreenState, _ body: (borrowing ScreenState) -> Void) {
        guard !state.sections.isEmpty else { return body(state) }
        for index in state.sections.indices { body(state.sections[index]) }
    }

    /// One task's form: its fields, the hidden fields naming the session and the task, Back.
    /// `heading` is the section heading on a `single` page, nil when the task is the whole page.
    /// `backURL` is empty where the built-in Back is not shown (as the JSON screen's is null).
    private func formView(_ state: ScreenState, components: [TemplateValue], settings: PageSettings,
                          heading: String?) -> KeyedView {
        let form = FormFacts(state)
        let showsBack = form.showsBack(canGoBack: state.canGoBack)
        return KeyedView([
            .sectionHeading: .optional(heading),
            .sectionID: heading == nil ? .bool(false) : .text("section-" + HTMLID.sanitise(state.nodeID)),
            .formAction: .text(form.action(links, instance: state.instanceID)),
            .formMethod: .text(links.formMethod),
            .multipart: .bool(form.postsFiles),
            .csrf: .text(settings.csrf),
            .screenID: .text(state.nodeID),
            .components: .list(components),
            .canGoBack: .bool(showsBack),
            .backURL: .text(showsBack ? links.back(state.instanceID) : ""),
        ])
    }

    /// The page of a finished instance: its outcome, the end node's message, any incident.
    public func end(process: ProcessDefinition, endNode: String?, outcome: String, incident: String?,
                    data: JSONValue, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        var message: String?
        if let endNode, case .end(_, let text?, _)? = process.node(endNode)?.kind {
            message = markdown.render(text, tags: project.tags, language: settings.language, data: data)
        }
        let heading = ui["outcome." + outcome]
        let content = KeyedView([
            .heading: .text(heading),
            .outcome: .text(outcome),
            .message: message.map(TemplateValue.html) ?? .bool(false),
            .incident: .optional(incident),
            .restartURL: .text(links.start(process.name)),
            .homeURL: .text(links.home),
            .csrf: .text(settings.csrf),
            .ui: .object(ui),
        ])
        let title = [heading, text(process.title, settings.language) ?? process.name, project.name].joined(separator: " – ")
        return page(title: title, hasErrors: false, content: .embed(templates.page("end"), content), settings: settings, ui: ui)
    }

    /// The catalogue: every process with a start form, and the session's instances.
    public func catalogue(instances: [InstanceSummary], scenarios: [Scenario] = [], testCases: [CamundaTestCase] = [], notice: String?,
                          settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        var ids = FieldIDs()
        let runningProcesses = Set(instances.filter(\.running).map(\.process))
        let processes: [TemplateValue] = project.processes.map { process in
            let title = text(process.title, settings.language) ?? process.name
            let params: [TemplateValue] = process.params.map { parameter in
                .object(KeyedView([
                    .id: .text(ids.reserve("start-\(HTMLID.sanitise(process.name))-\(HTMLID.sanitise(parameter.key.description))")),
                    .name: .text(parameter.key.description),
                    .label: .text(text(parameter.label, settings.language) ?? parameter.key.description),
                    .required: .bool(parameter.required),
                ]))
            }
            return .object(KeyedView([
                .title: .text(title),
                .navigation: .text(ui["navigation." + process.navigation.rawValue]),
                .startURL: .text(links.start(process.name)),
                .startLabel: .text(ui.named("startProcess", title)),
                .latestURL: runningProcesses.contains(process.name) ? .text(links.latest(process.name)) : .bool(false),
                .latestLabel: .text(ui.named("continueLabel", title)),
                .dataLabel: .text(ui.named("startWithDataLabel", title)),
                .params: .list(params),
            ]))
        }
        let flows: [TemplateValue] = project.flows.map { flow in
            let title = text(flow.title, settings.language) ?? flow.name
            return .object(KeyedView([
                .title: .text(title),
                .startURL: .text(links.startFlow(flow.name)),
                .startLabel: .text(ui.named("startProcess", title)),
            ]))
        }
        let instanceViews: [TemplateValue] = instances.map { summary in
            let title = project.process(named: summary.process).flatMap { text($0.title, settings.language) }
                ?? project.flow(named: summary.process).flatMap { text($0.title, settings.language) } ?? summary.process
            return .object(KeyedView([
                .url: .text(links.instance(summary.id)),
                .title: .text(title),
                .status: .text(ui["status." + summary.status]),
                .started: .text(summary.started),
                .startedText: .text(ui.dateTime(summary.started)),
                .inspectURL: .text(links.inspect(summary.id)),
                .inspectLabel: .text(ui.named("inspectLabel", title)),
                .stopURL: summary.running ? .text(links.stop(summary.id)) : .bool(false),
                .stopLabel: .text(ui.named("stopLabel", title)),
            ]))
        }
        let scenarioViews = scenarioViews(scenarios, settings: settings, ui: ui) + testCaseViews(testCases, settings: settings, ui: ui)
        // Each decision of the project's DMN files, to try with values (only where a server evaluates).
        let decisions: [TemplateValue] = project.decisions.all.compactMap { found in
            links.decision(found.decision.id).map { url in
                .object(KeyedView([.url: .text(url), .name: .text(found.decision.name), .subtitle: .text(found.file)]))
            }
        }
        let content = KeyedView([
            .heading: .text(project.name),
            .notice: .optional(notice),
            .processes: .list(processes),
            .hasFlows: .bool(!flows.isEmpty),
            .flows: .list(flows),
            .hasInstances: .bool(!instanceViews.isEmpty),
            .instances: .list(instanceViews),
            .endSessionURL: .text(links.endSession),
            .resetURL: .optional(links.resetSession),
            .scenarios: .list(scenarioViews),
            .hasScenarios: .bool(!scenarioViews.isEmpty),
            .galleryURL: .optional(links.gallery),
            .feelURL: .optional(links.feel(nil)),
            .hasDecisions: .bool(!decisions.isEmpty),
            .decisions: .list(decisions),
            .csrf: .text(settings.csrf),
            .settings: .object(settingsForm(settings, ui: ui)),
            .ui: .object(ui),
        ])
        return page(title: project.name, hasErrors: false, content: .embed(templates.page("catalogue"), content),
                    settings: settings, ui: ui)
    }

    /// The catalogue's settings form: each choice the project offers, the current one selected.
    private func settingsForm(_ settings: PageSettings, ui: Words) -> KeyedView {
        func choice(_ value: String, _ label: String, _ selected: Bool) -> TemplateValue {
            .object(KeyedView([.value: .text(value), .label: .text(label), .selected: .bool(selected)]))
        }
        let languages = project.languages.map { choice($0, Words.languageName($0), $0 == settings.language) }
        // A built-in theme (its title still FlowStage's English one) is named in the page's words.
        let english = project.words.for("en")
        let themes = project.themes.values.sorted { $0.name < $1.name }.map { theme in
            let title = english.word("theme." + theme.name) == theme.title ? ui["theme." + theme.name] : theme.title
            return choice(theme.name, title, theme.name == settings.theme)
        }
        let appearances = ["auto", "light", "dark"].map { choice($0, ui["appearance." + $0], $0 == settings.appearance) }
        let devices = PageSettings.devices.map { choice($0, ui["device." + $0], $0 == settings.device) }
        let maps = [choice("on", ui["yes"], settings.showsMap), choice("off", ui["no"], !settings.showsMap)]
        return KeyedView([
            .maps: .list(maps),
            .url: .text(links.settings),
            .languages: .list(languages),
            .themes: .list(themes),
            .appearances: .list(appearances),
            .devices: .list(devices),
        ])
    }

    /// A clear error page (404, 403, 413…) in the project's look.
    public func error(heading: String, message: String, settings: PageSettings) -> [UInt8] {
        let ui = project.words.for(settings.language)
        let content = KeyedView([
            .heading: .text(heading), .message: .text(message), .homeURL: .text(links.home), .ui: .object(ui),
        ])
        return page(title: "\(heading) – \(project.name)", hasErrors: false,
                    content: .embed(templates.page("error"), content), settings: settings, ui: ui)
    }

    // MARK: - Pieces

    func page(title: String, hasErrors: Bool, content: TemplateValue, settings: PageSettings, ui: Words) -> [UInt8] {
        render(pageContext(title: title, hasErrors: hasErrors, content: content, settings: settings, ui: ui))
    }

    /// The page template's view: the chrome around `content`.
    func pageContext(title: String, hasErrors: Bool, content: TemplateValue, settings: PageSettings,
                     ui: Words) -> KeyedView {
        KeyedView([
            .lang: .text(settings.language),
            .rtl: .bool(Words.isRightToLeft(settings.language)),
            .appearance: .text(settings.appearance),
            .device: .text(settings.device),
            .hasErrors: .bool(hasErrors),
            .readOnly: .bool(settings.readOnly),
            .title: .text(title),
            .themeURL: .text(themeURL(settings)),
            .stylesheetURL: .text(links.stylesheet),
            .scriptURL: .text(links.script),
            .homeURL: .text(links.home),
            .galleryURL: links.gallery.map(TemplateValue.text) ?? .bool(false),
            .projectName: .text(project.name),
            .projectErrors: settings.projectErrors.isEmpty ? .bool(false)
                : .object(KeyedView([.items: .list(settings.projectErrors.map(TemplateValue.text))])),
            .projectWarnings: settings.projectWarnings.isEmpty ? .bool(false)
                : .object(KeyedView([.items: .list(settings.projectWarnings.map(TemplateValue.text))])),
            .generation: generation(settings),
            .content: content,
            .ui: .object(ui),
        ])
    }

    func render(_ page: KeyedView) -> [UInt8] {
        var buffer = HTMLBuffer()
        templates.page("page").render(page, into: &buffer)
        return buffer.bytes
    }

    /// The chosen theme's stylesheet; an unknown name falls back to the default theme.
    func themeURL(_ settings: PageSettings) -> String {
        themeURLs.byName[settings.theme] ?? themeURLs.fallback
    }

    /// The loaded project version for the live-reload script, when there is one.
    func generation(_ settings: PageSettings) -> TemplateValue {
        settings.generation.map { .text(String($0)) } ?? .bool(false)
    }

    private func stepperView(_ stepper: Stepper, state: ScreenState, ui: Words) -> KeyedView {
        let steps: [TemplateValue] = stepper.steps.enumerated().map { index, label in
            .object(KeyedView([
                .label: .text(text(label, state.language) ?? ""),
                .current: .bool(index == stepper.current),
                .done: .bool(index < stepper.current),
            ]))
        }
        var values: [(key: ViewKey, value: TemplateValue)] = [
            (.stepCount, .text(ui.format("stepOf", stepper.current + 1, stepper.steps.count))),
            (.currentTitle, .optional(text(stepper.steps[stepper.current], state.language))),
            (.steps, .list(steps)),
            (.ui, .object(ui)),
        ]
        if let substep = stepper.currentSubstep, !stepper.substeps.isEmpty {
            values.append((.substepCount, .text(ui.format("substepOf", substep + 1, stepper.substeps.count))))
            values.append((.substepTitle, .optional(text(stepper.substeps[substep], state.language))))
        }
        return KeyedView(values)
    }

    /// The screen's h1: the task title, else its step label, else the node id.
    public func screenTitle(_ state: ScreenState, language: String) -> String {
        text(state.task.title, language, data: state.data) ?? text(state.task.step, language, data: state.data) ?? state.nodeID
    }

    func text(_ text: Text?, _ language: String, data: JSONValue = .null) -> String? {
        guard let resolved = text?.resolve(project.tags, language: language, data: data), !resolved.isEmpty else { return nil }
        return resolved
    }
}

/// One of the session's instances, as the catalogue lists it.
public struct InstanceSummary: Sendable {
    public let id: String
    public let process: String
    public let status: String
    public let started: String
    /// Running (or a flow not stopped): it can be continued and stopped.
    public let running: Bool
    public init(id: String, process: String, status: String, started: String, running: Bool) {
        self.id = id
        self.process = process
        self.status = status
        self.started = started
        self.running = running
    }
}

/// The stylesheet link of each theme, and of the default theme an unknown name falls back to.
private struct ThemeURLs: Sendable {
    let byName: [String: String]
    let fallback: String

    init(themes: some Sequence<String>, links: any PageLinks) {
        byName = Dictionary(uniqueKeysWithValues: themes.map { ($0, links.theme($0)) })
        fallback = links.theme("default")
    }
}
