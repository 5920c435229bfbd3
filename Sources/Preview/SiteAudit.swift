import Audit
import Definitions
import FlowStageRuntime
import Rendering

/// `flowstage audit`'s checks over the pages of a static site: the page rules, missing tags and
/// unsupported components of each screen, then each theme's contrast. Two walks often meet the
/// same screen (a scenario and the explorer): a page that differs from one already audited only
/// in where its walk's Continue and Back lead is not audited again, but listed with it.
public struct SiteAudit {
    public let project: Project
    public let templates: TemplateSet
    public private(set) var report: AuditReport
    /// The page without its walk links → its entry in `report`.
    private var audited: [String: Int] = [:]

    public init(project: Project, templates: TemplateSet, coverage: Coverage? = nil) {
        self.project = project; self.templates = templates
        report = AuditReport(project: project.name)
        report.coverage = coverage
    }

    /// Audits the site's pages (`StaticSite.forEachPage`, with flows and the exploration) and its themes.
    public static func run(_ site: StaticSite, exploration: Exploration?) -> AuditReport {
        var audit = SiteAudit(project: site.project, templates: site.templates, coverage: exploration?.coverage)
        site.forEachPage(flows: true, exploration: exploration) { page, _ in audit.add(page) }
        audit.addThemes()
        return audit.report
    }

    /// Audits `page`, or lists it with the page it repeats. Returns its entry's index and
    /// whether it was audited now (false: it repeats one).
    @discardableResult
    public mutating func add(_ page: SitePage) -> (entry: Int, new: Bool) {
        let html = String(decoding: page.html, as: UTF8.self)
        let key = page.walkLinks.reduce(html) { $0.replacingOccurrences(of: "\"\($1)\"", with: "\"\"") }
        if let index = audited[key] {
            report.addSamePage(page.path, to: index)
            return (index, false)
        }
        let index = PageIndex(html: html)
        let violations = PageAudit.check(index) + LanguageRules.fallbackWords(index, words: project.words)
            + (page.state.map { ScreenRules.missingTags($0, tags: project.tags) } ?? [])
            + (page.state.map { ScreenRules.unsupportedComponents($0, supported: templates.renders) } ?? [])
        report.append(.init(kind: .screen, path: page.path, title: page.title, violations: violations,
                            owner: page.place.owner, node: page.place.node, state: page.place.state, forced: page.place.forced))
        audited[key] = report.entries.count - 1
        return (report.entries.count - 1, true)
    }

    /// Every theme's palettes, by name.
    public mutating func addThemes() {
        for theme in project.themes.values.sorted(by: { $0.name < $1.name }) {
            report.append(.init(kind: .theme, path: "theme \(theme.name)", title: theme.title, violations: ThemeContrast.check(theme)))
        }
    }
}
