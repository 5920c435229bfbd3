import Definitions
import FlowStageRuntime
import Foundation
import Rendering

/// `flowstage render`: the preview written to files — every screen of every scenario (or the
/// first screen of a process without one), in every language, light and dark, rendered by the
/// same templates as the server, with the CSS, the component gallery and an index. A demo or
/// review pack that needs no server: open `index.html`, and each button goes to the next
/// screen of the walk.
public struct StaticSite {
    public let project: Project
    public let templates: TemplateSet
    /// `Public/`: the page CSS, the comfort script and the gallery's sample image are copied from here.
    public let publicFolder: URL
    public let scenarios: [Scenario]
    /// Camunda Process Test files: each test case's screens are a walk, like a scenario's.
    public let camundaTests: [CamundaTestFile]
    /// The component gallery's examples; empty (the default) writes no gallery.
    public let gallery: ComponentGallery
    /// How far the explorer walks each process and flow (`Explorer`); nil shows only the
    /// scenarios, the first screen of each process none walks, and each flow state as entered.
    public let exploration: ExplorationBudget?
    public static let appearances = ["light", "dark"]

    public init(project: Project, templates: TemplateSet, publicFolder: URL, scenarios: [Scenario], camundaTests: [CamundaTestFile] = [],
                gallery: ComponentGallery = ComponentGallery(), exploration: ExplorationBudget? = ExplorationBudget()) {
        self.project = project; self.templates = templates; self.publicFolder = publicFolder; self.scenarios = scenarios
        self.camundaTests = camundaTests
        self.gallery = gallery
        self.exploration = exploration
    }

    /// Explores every process and flow (nil when `exploration` is nil): what `forEachPage` and
    /// `write` show besides the scenarios, with the coverage the reports print. Runs once; pass
    /// the result to both so the project is not explored twice.
    public func explore() -> Exploration? {
        exploration.map { Explorer(project: project, budget: $0).run() }
    }

    /// One walk: a scenario's pages in the order met, or an explored process's or flow's pages.
    struct Walk {
        enum Page {
            case screen(ScreenState)
            case end(ScenarioEnd)
            case close(instanceID: String, process: ProcessDefinition)
        }

        struct Item {
            let page: Page
            let place: PagePlace
        }

        let name: String
        let title: String
        var items: [Item]

        var pageCount: Int { items.count }
    }

    /// Writes the site into `out` (created if needed; other files there are left alone).
    /// `progress(done, total, path)` is called after each page (the screens, then the component
    /// gallery). `visit(page)` sees each screen page once it is saved (the sign-off report
    /// audits it there, so the site is rendered once). Returns the pages written.
    @discardableResult
    public func write(to out: URL, exploration: Exploration? = nil,
                      progress: (Int, Int, String) -> Void = { _, _, _ in },
                      visit: (SitePage) throws -> Void = { _ in }) throws -> [String] {
        let exploration = exploration ?? explore()
        let files = FileManager.default
        try files.createDirectory(at: out.appendingPathComponent("themes"), withIntermediateDirectories: true)
        try copyPublic(to: out)
        let indexRenderer = Renderer(project: project, templates: templates,
                                     links: StaticSiteLinks(root: "", forward: "index.html", previous: "index.html"))
        for (name, css) in indexRenderer.themeCSS {
            try Data(css.utf8).write(to: out.appendingPathComponent("themes/\(name).css"))
        }

        try copyMedia(to: out)

        var walksByVersion: [String: [SiteIndexWalk]] = [:]
        var written: [String] = []
        func save(_ path: String, _ html: [UInt8]) throws {
            let url = out.appendingPathComponent(path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(html).write(to: url)
            written.append(path)
        }
        var total = galleryPageCount
        try forEachPage(flows: true, exploration: exploration) { page, screens in
            total = screens + galleryPageCount
            try save(page.path, page.html)
            let entry = SiteIndexPage(url: page.path, title: page.title, hasErrors: !(page.state?.errors.isEmpty ?? true))
            var walks = walksByVersion[page.version, default: []]
            if page.index == 0 {
                walks.append(SiteIndexWalk(title: page.walkTitle, pages: [entry]))
            } else if let last = walks.popLast() {
                walks.append(SiteIndexWalk(title: last.title, pages: last.pages + [entry]))
            }
            walksByVersion[page.version] = walks
            try visit(page)
            progress(written.count, total, page.path)
        }
        try forEachGalleryPage { page in
            try save(page.path, page.html)
            progress(written.count, total, page.path)
        }
        let versions = project.languages.flatMap { language in
            Self.appearances.map { appearance in
                let version = Self.version(language, appearance)
                return SiteIndexVersion(language: language, appearance: appearance, walks: walksByVersion[version] ?? [],
                                        gallery: galleryIndexPath(version: version))
            }
        }
        let settings = PageSettings(language: project.defaultLanguage, theme: project.theme,
                                    appearance: project.appearance.rawValue, csrf: "")
        try Data(indexRenderer.siteIndex(versions, settings: settings)).write(to: out.appendingPathComponent("index.html"))
        return written
    }

    /// Every page of the site in order (language, appearance, walk, screen), rendered with the
    /// links of its place in the walk: what `write` writes and what `flowstage audit` checks.
    /// `visit(page, total)` gets each page as it is rendered, so a big site is never all in
    /// memory. `flows` adds each app flow's states. `exploration` (from `explore()`, run when
    /// nil and `self.exploration` is set) adds every page the explorer reached.
    public func forEachPage(flows: Bool = false, exploration: Exploration? = nil,
                            _ visit: (SitePage, Int) throws -> Void) rethrows {
        let exploration = exploration ?? explore()
        let walksByLanguage = project.languages.map { ($0, walks(language: $0, flows: flows, exploration: exploration)) }
        let total = walksByLanguage.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.pageCount } } * Self.appearances.count
        // A renderer specializes the project's components for its links, so making one costs far
        // more than a page; a walk's page has the same links in every language and appearance.
        var renderers: [String: Renderer] = [:]
        for (language, walks) in walksByLanguage {
            for appearance in Self.appearances {
                let version = Self.version(language, appearance)
                for walk in walks {
                    let paths = walk.items.enumerated().map { index, item -> String in
                        let number = String(format: "%02d", index + 1)
                        switch item.page {
                        case .screen(let state):
                            let suffix = item.place.state == "initial" ? (state.errors.isEmpty ? "" : "-errors") : "-" + item.place.state
                            return "\(version)/\(walk.name)/\(number)-\(Self.safe(state.nodeID))\(suffix).html"
                        case .end(let end):
                            return "\(version)/\(walk.name)/\(number)-end\(end.endNode.map { "-" + Self.safe($0) } ?? "-" + Self.safe(item.place.node)).html"
                        case .close:
                            return "\(version)/\(walk.name)/\(number)-\(Self.safe(item.place.node))-close.html"
                        }
                    }
                    func links(_ index: Int) -> StaticSiteLinks {
                        StaticSiteLinks(root: "../../",
                                        forward: index + 1 < paths.count ? (paths[index + 1] as NSString).lastPathComponent : "../../index.html",
                                        previous: index > 0 ? (paths[index - 1] as NSString).lastPathComponent : "../../index.html")
                    }
                    let settings = PageSettings(language: language, theme: project.theme, appearance: appearance, csrf: "")
                    let ui = project.words.for(language)
                    for (index, item) in walk.items.enumerated() {
                        let pageLinks = links(index)
                        let linksKey = pageLinks.forward + "\n" + pageLinks.previous
                        let renderer = renderers[linksKey] ?? Renderer(project: project, templates: templates, links: pageLinks)
                        renderers[linksKey] = renderer
                        let title: String, html: [UInt8], state: ScreenState?
                        switch item.page {
                        case .screen(let screen):
                            state = screen
                            title = renderer.screenTitle(screen, language: language)
                            html = renderer.screen(screen, settings: settings)
                        case .end(let end):
                            // The end page, as the preview shows a finished instance: its outcome and the end node's message.
                            state = nil
                            title = ui["outcome." + end.outcome]
                            html = renderer.end(process: end.process, endNode: end.endNode, outcome: end.outcome,
                                                incident: end.incident, data: end.data, settings: settings)
                        case .close(let instanceID, let process):
                            state = nil
                            title = ui.named("closeTitle", self.title(of: process.name, language))
                            html = renderer.closeConfirmation(instanceID: instanceID, process: process, settings: settings)
                        }
                        try visit(SitePage(path: paths[index], version: version, language: language, appearance: appearance,
                                           walkTitle: walk.title, index: index, state: state, title: title, html: html,
                                           place: item.place, walkLinks: [pageLinks.forward, pageLinks.previous]), total)
                    }
                }
            }
        }
    }

    /// The folder of one language and appearance, e.g. `en-dark`.
    static func version(_ language: String, _ appearance: String) -> String { "\(safe(language))-\(appearance)" }

    /// Every scenario, then each process's and (with `flows`) each flow's explored pages; without
    /// an exploration, the first screen of each process no scenario walks and each flow state
    /// as entered with the flow's data.
    func walks(language: String, flows: Bool = false, exploration: Exploration? = nil) -> [Walk] {
        let runner = ScenarioRunner(project: project)
        var walks: [Walk] = scenarios.map { scenario in
            let report = runner.run(scenario, language: language)
            var items = report.screens.map { screen in
                Walk.Item(page: .screen(screen), place: PagePlace(screen: screen, state: screen.errors.isEmpty ? "initial" : "errors",
                                                                 source: "scenario " + scenario.name))
            }
            if let end = report.end {
                items.append(Walk.Item(page: .end(end), place: PagePlace(owner: .process(end.process.name),
                                                                          node: end.endNode ?? "", state: "end",
                                                                          source: "scenario " + scenario.name)))
            }
            return Walk(name: "scenario-" + Self.safe(scenario.name), title: "\(title(of: scenario.process, language)) — \(scenario.name)",
                        items: items)
        }
        let camunda = CamundaTestCaseRunner(project: project, language: language)
        for file in camundaTests {
            for testCase in file.cases where testCase.problem == nil {
                let report = camunda.run(testCase, file: file.file)
                let items = report.screens.map { screen in
                    Walk.Item(page: .screen(screen), place: PagePlace(screen: screen, state: "initial", source: "test case " + testCase.name))
                }
                walks.append(Walk(name: "test-case-" + Self.safe(file.file + "-" + testCase.name), title: testCase.name, items: items))
            }
        }
        if let exploration {
            walks += exploredWalks(exploration, language: language, flows: flows)
            return walks.filter { $0.pageCount > 0 }
        }
        let walked = Set(scenarios.map(\.process))
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        for process in project.processes where !walked.contains(process.name) {
            guard let instance = try? engine.start(process: process.name, session: "render"),
                  let screen = engine.screen(instance, language: language) else { continue }
            walks.append(Walk(name: "process-" + Self.safe(process.name), title: title(of: process.name, language),
                              items: [Walk.Item(page: .screen(screen), place: PagePlace(screen: screen, state: "initial", source: "first screen"))]))
        }
        if flows { walks += flowWalks(language: language) }
        return walks.filter { $0.pageCount > 0 }
    }

    /// One walk per process and (with `flows`) per flow, with the pages the explorer met there.
    private func exploredWalks(_ exploration: Exploration, language: String, flows: Bool) -> [Walk] {
        var walks: [Walk] = []
        var index: [Coverage.Owner: Int] = [:]
        for page in exploration.pages {
            if case .flow = page.owner, !flows { continue }
            let item: Walk.Page?
            switch page.state {
            case .end: item = exploration.end(page).map { .end($0) }
            case .close: item = exploration.closing(page).map { .close(instanceID: $0.instanceID, process: $0.process) }
            case .initial, .variant, .errors: item = exploration.screen(page, language: language).map { .screen($0) }
            }
            guard let item else { continue }
            let place = PagePlace(owner: page.owner, node: page.node, state: page.state.rawValue, forced: page.forced,
                                  source: "explored", trail: page.trail)
            if let at = index[page.owner] {
                walks[at].items.append(Walk.Item(page: item, place: place))
            } else {
                index[page.owner] = walks.count
                let title: String = switch page.owner {
                case .process(let name): self.title(of: name, language)
                case .flow(let name): flowTitle(name, language)
                }
                walks.append(Walk(name: "\(page.owner.word)-" + Self.safe(page.owner.name), title: title,
                                  items: [Walk.Item(page: item, place: place)]))
            }
        }
        return walks
    }

    /// Each flow's screen states in definition order, each shown as if just entered with the
    /// flow's own data: how the audit saw flows before the explorer (`exploration` nil).
    private func flowWalks(language: String) -> [Walk] {
        let engine = FlowEngine(processes: ProcessEngine(project: project, store: MemoryStore<Instance>()), store: MemoryStore<FlowRun>())
        return project.flows.map { flow in
            let items = flow.states.compactMap { state -> Walk.Item? in
                var run = FlowRun(id: "flow-\(flow.name)", flow: flow.name, session: "render", data: flow.data, now: Date())
                run.backStack = [state.id]
                return engine.screen(run, language: language).map {
                    Walk.Item(page: .screen($0), place: PagePlace(owner: .flow(flow.name), node: state.id, state: "initial", source: "flow state"))
                }
            }
            return Walk(name: "flow-" + Self.safe(flow.name), title: flowTitle(flow.name, language), items: items)
        }
    }

    private func flowTitle(_ name: String, _ language: String) -> String {
        let title = project.flow(named: name)?.title?.resolve(project.tags, language: language, data: .null) ?? ""
        return title.isEmpty ? name : title
    }

    private func title(of process: String, _ language: String) -> String {
        let title = project.process(named: process)?.title?.resolve(project.tags, language: language, data: .null) ?? ""
        return title.isEmpty ? process : title
    }

    /// Copies the media files the screens show into `media/` (same relative names as in the
    /// project). An image reading its key from data could show any of them, so then all are copied.
    func copyMedia(to out: URL) throws {
        var screens: [[Component]] = []
        for process in project.processes {
            for node in process.nodes { if let task = node.userTask { screens.append(task.screen) } }
        }
        for flow in project.flows {
            for state in flow.states { screens.append(state.screen) }
        }
        let images: [Component] = screens.flatMap { $0.flatMap(\.flattened) }.filter { $0.type == .image }
        let keys: [String] = images.contains { $0.imageSource != nil }
            ? Array(project.media.keys) : images.compactMap { $0.mediaKey }
        for key in Set(keys).sorted() {
            guard let item = project.media[key], item.type.isImage else { continue }
            let url = out.appendingPathComponent("media").appendingPathComponent(item.file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(item.bytes).write(to: url)
        }
    }

    /// Copies every file of `Public/` (not folders, not hidden files) into `public/`: the CSS and
    /// the script every page links, and whatever a `/public/…` address may show (`sitePath`).
    func copyPublic(to out: URL) throws {
        let files = FileManager.default
        let target = out.appendingPathComponent("public")
        try files.createDirectory(at: target, withIntermediateDirectories: true)
        let entries = try files.contentsOfDirectory(at: publicFolder, includingPropertiesForKeys: [.isRegularFileKey],
                                                    options: [.skipsHiddenFiles])
        for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
        where (try? entry.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            try Data(contentsOf: entry).write(to: target.appendingPathComponent(entry.lastPathComponent))
        }
    }

    /// A file-name-safe form of an id: letters, digits, `-` and `_`.
    static func safe(_ id: String) -> String {
        String(id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_" ? Character($0) : "-" })
    }
}

/// One rendered page of the static site, with what it shows.
public struct SitePage: Sendable {
    /// Where `render` writes it, relative to the site: `en-dark/scenario-happy-path/01-personal.html`.
    public let path: String
    /// Its language-and-appearance folder, e.g. `en-dark`.
    public let version: String
    public let language: String
    public let appearance: String
    public let walkTitle: String
    /// Its place in the walk, from 0.
    public let index: Int
    /// The screen shown; nil for a walk's end page.
    public let state: ScreenState?
    /// The screen's h1.
    public let title: String
    public let html: [UInt8]
    /// Which process node or flow state it shows, and in what state.
    public let place: PagePlace
    /// Where its walk's forward and Back links lead (`02-contact.html`): the only part of the
    /// page that differs when two walks show the same screen.
    public let walkLinks: [String]

    /// The walk's folder and the page's file, without the version: `scenario-happy-path/01-personal.html`.
    /// The same screen in each language and appearance has the same one.
    public var walkPath: String { String(path.dropFirst(version.count + 1)) }
}

/// Where a page of the site stands: the process and node (or flow and state) it shows, its
/// state (`initial`, `variant`, `errors`, `end`, `close`), and what led to it.
public struct PagePlace: Sendable {
    public let owner: Coverage.Owner
    /// The node id in the process that defines it (a called process's node under that
    /// process), or the flow state id; for an end page of a failed instance, where it failed.
    public let node: String
    /// `initial`, `variant`, `errors`, `end` or `close` (`ExploredPage.State`).
    public let state: String
    /// Reached only by forcing a branch no explored data took.
    public let forced: Bool
    /// `scenario <name>`, `explored`, or `first screen` / `flow state` without exploration.
    public let source: String
    /// For an explored page, the actions that led to it.
    public let trail: [String]

    public init(owner: Coverage.Owner, node: String, state: String, forced: Bool = false, source: String, trail: [String] = []) {
        self.owner = owner; self.node = node; self.state = state; self.forced = forced; self.source = source; self.trail = trail
    }

    /// A screen met on a scenario's walk (or the first screen), by the process that defines it.
    init(screen: ScreenState, state: String, source: String) {
        let node = screen.nodeID.split(separator: "/").last.map(String.init) ?? screen.nodeID
        self.init(owner: .process(screen.process.name), node: node, state: state, source: source)
    }
}
