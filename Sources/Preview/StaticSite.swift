import Definitions
import Foundation
import Rendering
import Runtime

/// `flowstage render`: the preview written to files — every screen of every scenario (or the
/// first screen of a process without one), in every language, light and dark, rendered by the
/// same templates as the server, with the CSS and an index. A demo or review pack that needs
/// no server: open `index.html`, and each button goes to the next screen of the walk.
public struct StaticSite {
    public let project: Project
    public let templates: TemplateSet
    /// `Public/`: the page CSS and the comfort script are copied from here.
    public let publicFolder: URL
    public let scenarios: [Scenario]
    public static let appearances = ["light", "dark"]

    public init(project: Project, templates: TemplateSet, publicFolder: URL, scenarios: [Scenario]) {
        self.project = project; self.templates = templates; self.publicFolder = publicFolder; self.scenarios = scenarios
    }

    /// One walk through a process: the screens in the order they were met.
    struct Walk {
        let name: String
        let title: String
        let screens: [ScreenState]
    }

    /// Writes the site into `out` (created if needed; other files there are left alone).
    /// `progress(done, total, path)` is called after each page. Returns the pages written.
    @discardableResult
    public func write(to out: URL, progress: (Int, Int, String) -> Void = { _, _, _ in }) throws -> [String] {
        let files = FileManager.default
        try files.createDirectory(at: out.appendingPathComponent("public"), withIntermediateDirectories: true)
        try files.createDirectory(at: out.appendingPathComponent("themes"), withIntermediateDirectories: true)
        for name in ["flowstage.css", "flowstage.js"] {
            try Data(contentsOf: publicFolder.appendingPathComponent(name)).write(to: out.appendingPathComponent("public/\(name)"))
        }
        let indexRenderer = Renderer(project: project, templates: templates,
                                     links: StaticSiteLinks(root: "", forward: "index.html", previous: "index.html"))
        for (name, css) in indexRenderer.themeCSS {
            try Data(css.utf8).write(to: out.appendingPathComponent("themes/\(name).css"))
        }

        let walksByLanguage = project.languages.map { ($0, walks(language: $0)) }
        let total = walksByLanguage.reduce(0) { $0 + $1.1.reduce(0) { $0 + $1.screens.count } } * Self.appearances.count
        var written: [String] = []
        var versions: [SiteIndexVersion] = []
        for (language, walks) in walksByLanguage {
            for appearance in Self.appearances {
                let folder = "\(Self.safe(language))-\(appearance)"
                var indexWalks: [SiteIndexWalk] = []
                for walk in walks {
                    let paths = walk.screens.enumerated().map { index, state in
                        "\(folder)/\(walk.name)/\(String(format: "%02d", index + 1))-\(Self.safe(state.nodeID))\(state.errors.isEmpty ? "" : "-errors").html"
                    }
                    var pages: [SiteIndexPage] = []
                    for (index, state) in walk.screens.enumerated() {
                        let links = StaticSiteLinks(root: "../../",
                                                    forward: index + 1 < paths.count ? (paths[index + 1] as NSString).lastPathComponent : "../../index.html",
                                                    previous: index > 0 ? (paths[index - 1] as NSString).lastPathComponent : "../../index.html")
                        let renderer = Renderer(project: project, templates: templates, links: links)
                        let settings = PageSettings(language: language, theme: project.theme, appearance: appearance, csrf: "")
                        let url = out.appendingPathComponent(paths[index])
                        try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try Data(renderer.screen(state, settings: settings)).write(to: url)
                        written.append(paths[index])
                        pages.append(SiteIndexPage(url: paths[index], title: renderer.screenTitle(state, language: language),
                                                   hasErrors: !state.errors.isEmpty))
                        progress(written.count, total, paths[index])
                    }
                    indexWalks.append(SiteIndexWalk(title: walk.title, pages: pages))
                }
                versions.append(SiteIndexVersion(language: language, appearance: appearance, walks: indexWalks))
            }
        }
        let settings = PageSettings(language: project.defaultLanguage, theme: project.theme,
                                    appearance: project.appearance.rawValue, csrf: "")
        try Data(indexRenderer.siteIndex(versions, settings: settings)).write(to: out.appendingPathComponent("index.html"))
        return written
    }

    /// Every scenario, then the first screen of each process no scenario walks.
    func walks(language: String) -> [Walk] {
        let runner = ScenarioRunner(project: project)
        var walks: [Walk] = scenarios.map { scenario in
            Walk(name: "scenario-" + Self.safe(scenario.name), title: "\(title(of: scenario.process, language)) — \(scenario.name)",
                 screens: runner.run(scenario, language: language).screens)
        }
        let walked = Set(scenarios.map(\.process))
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        for process in project.processes where !walked.contains(process.name) {
            guard let instance = try? engine.start(process: process.name, session: "render"),
                  let screen = engine.screen(instance, language: language) else { continue }
            walks.append(Walk(name: "process-" + Self.safe(process.name), title: title(of: process.name, language), screens: [screen]))
        }
        return walks.filter { !$0.screens.isEmpty }
    }

    private func title(of process: String, _ language: String) -> String {
        let title = project.process(named: process)?.title?.resolve(project.tags, language: language, data: .null) ?? ""
        return title.isEmpty ? process : title
    }

    /// A file-name-safe form of an id: letters, digits, `-` and `_`.
    static func safe(_ id: String) -> String {
        String(id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_" ? Character($0) : "-" })
    }
}
