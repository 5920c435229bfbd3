import Definitions
import Foundation
import Rendering
import Runtime

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
    /// The component gallery's examples; empty (the default) writes no gallery.
    public let gallery: ComponentGallery
    public static let appearances = ["light", "dark"]

    public init(project: Project, templates: TemplateSet, publicFolder: URL, scenarios: [Scenario],
                gallery: ComponentGallery = ComponentGallery()) {
        self.project = project; self.templates = templates; self.publicFolder = publicFolder; self.scenarios = scenarios
        self.gallery = gallery
    }

    /// One walk through a process: the screens in the order they were met, and the end page
    /// when the walk ends the instance.
    struct Walk {
        let name: String
        let title: String
        let screens: [ScreenState]
        var end: ScenarioEnd? = nil

        var pageCount: Int { screens.count + (end == nil ? 0 : 1) }
    }

    /// Writes the site into `out` (created if needed; other files there are left alone).
    /// `progress(done, total, path)` is called after each page (the screens, then the component
    /// gallery). Returns the pages written.
    @discardableResult
    public func write(to out: URL, progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> [String] {
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
        try forEachPage { page, screens in
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
    /// memory. `flows` adds each app flow's states (with the flow's data) as one walk.
    public func forEachPage(flows: Bool = false, _ visit: (SitePage, Int) throws -> Void) rethrows {
        let walksByLanguage = project.languages.map { ($0, walks(language: $0, flows: flows)) }
        let total = walksByLanguage.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.pageCount } } * Self.appearances.count
        for (language, walks) in walksByLanguage {
            for appearance in Self.appearances {
                let version = Self.version(language, appearance)
                for walk in walks {
                    var paths = walk.screens.enumerated().map { index, state in
                        "\(version)/\(walk.name)/\(String(format: "%02d", index + 1))-\(Self.safe(state.nodeID))\(state.errors.isEmpty ? "" : "-errors").html"
                    }
                    if let end = walk.end {
                        paths.append("\(version)/\(walk.name)/\(String(format: "%02d", paths.count + 1))-end\(end.endNode.map { "-" + Self.safe($0) } ?? "").html")
                    }
                    func links(_ index: Int) -> StaticSiteLinks {
                        StaticSiteLinks(root: "../../",
                                        forward: index + 1 < paths.count ? (paths[index + 1] as NSString).lastPathComponent : "../../index.html",
                                        previous: index > 0 ? (paths[index - 1] as NSString).lastPathComponent : "../../index.html")
                    }
                    let settings = PageSettings(language: language, theme: project.theme, appearance: appearance, csrf: "")
                    for (index, state) in walk.screens.enumerated() {
                        let renderer = Renderer(project: project, templates: templates, links: links(index))
                        try visit(SitePage(path: paths[index], version: version, language: language, appearance: appearance,
                                           walkTitle: walk.title, index: index, state: state,
                                           title: renderer.screenTitle(state, language: language),
                                           html: renderer.screen(state, settings: settings)), total)
                    }
                    if let end = walk.end {
                        // The end page, as the preview shows a finished instance: its outcome and the end node's message.
                        let index = walk.screens.count
                        let renderer = Renderer(project: project, templates: templates, links: links(index))
                        let ui = project.words.for(language)
                        try visit(SitePage(path: paths[index], version: version, language: language, appearance: appearance,
                                           walkTitle: walk.title, index: index, state: nil, title: ui["outcome." + end.outcome],
                                           html: renderer.end(process: end.process, endNode: end.endNode, outcome: end.outcome,
                                                              incident: end.incident, data: end.data, settings: settings)), total)
                    }
                }
            }
        }
    }

    /// The folder of one language and appearance, e.g. `en-dark`.
    static func version(_ language: String, _ appearance: String) -> String { "\(safe(language))-\(appearance)" }

    /// Every scenario, then the first screen of each process no scenario walks; with `flows`,
    /// then every screen state of each app flow.
    func walks(language: String, flows: Bool = false) -> [Walk] {
        let runner = ScenarioRunner(project: project)
        var walks: [Walk] = scenarios.map { scenario in
            let report = runner.run(scenario, language: language)
            return Walk(name: "scenario-" + Self.safe(scenario.name), title: "\(title(of: scenario.process, language)) — \(scenario.name)",
                        screens: report.screens, end: report.end)
        }
        let walked = Set(scenarios.map(\.process))
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        for process in project.processes where !walked.contains(process.name) {
            guard let instance = try? engine.start(process: process.name, session: "render"),
                  let screen = engine.screen(instance, language: language) else { continue }
            walks.append(Walk(name: "process-" + Self.safe(process.name), title: title(of: process.name, language), screens: [screen]))
        }
        if flows { walks += flowWalks(language: language) }
        return walks.filter { $0.pageCount > 0 }
    }

    /// Each flow's screen states in definition order, each shown as if just entered with the
    /// flow's own data: flows have no scenarios yet, so this is how the audit sees them.
    private func flowWalks(language: String) -> [Walk] {
        let engine = FlowEngine(processes: ProcessEngine(project: project, store: MemoryStore<Instance>()), store: MemoryStore<FlowRun>())
        return project.flows.map { flow in
            let screens = flow.states.compactMap { state -> ScreenState? in
                var run = FlowRun(id: "flow-\(flow.name)", flow: flow.name, session: "render", data: flow.data, now: Date())
                run.backStack = [state.id]
                return engine.screen(run, language: language)
            }
            let title = flow.title?.resolve(project.tags, language: language, data: .null) ?? ""
            return Walk(name: "flow-" + Self.safe(flow.name), title: title.isEmpty ? flow.name : title, screens: screens)
        }
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
}
