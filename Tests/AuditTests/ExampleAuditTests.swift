import Definitions
import Foundation
import Preview
import Rendering
import Testing
import TestSupport
@testable import Audit

/// The example project is the renderer's showcase: every page `flowstage audit Examples`
/// checks must pass, and so must the audit's own HTML report.
@Suite struct ExampleAudit {
    func auditExamples() throws -> AuditReport {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
        let site = StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: scenarios)
        var report = AuditReport(project: project.name)
        site.forEachPage(flows: true) { page, _ in
            report.append(.init(kind: .screen, path: page.path, title: page.title,
                                violations: PageAudit.check(html: String(decoding: page.html, as: UTF8.self))
                                    + (page.state.map { ScreenRules.missingTags($0, tags: project.tags) } ?? [])
                                    + (page.state.map { ScreenRules.unsupportedComponents($0, supported: templates.renders) } ?? [])))
        }
        for theme in project.themes.values.sorted(by: { $0.name < $1.name }) {
            report.append(.init(kind: .theme, path: "theme \(theme.name)", title: theme.title, violations: ThemeContrast.check(theme)))
        }
        return report
    }

    @Test func theExampleProjectHasNoViolations() throws {
        let report = try auditExamples()
        #expect(report.violationCount == 0, "\(report.text)")
        #expect(report.themeCount == 3)
        let paths = report.entries.map(\.path)
        #expect(paths.contains("ro-dark/scenario-happy-path/01-personal.html"))
        #expect(paths.contains { $0.hasPrefix("en-light/flow-onboarding/") }, "app-flow screens are audited too")
        #expect(paths.contains { $0.hasSuffix("-errors.html") }, "refused posts with their error summary are audited")
    }

    @Test func theTextReportHasOneLinePerViolationAndEndsWithTheCounts() {
        var report = AuditReport(project: "Fixture")
        report.append(.init(kind: .screen, path: "en-light/w/01-a.html", title: "A",
                            violations: [Violation(.oneH1, "body", "the page has no h1")]))
        report.append(.init(kind: .theme, path: "theme default", title: "Default", violations: []))
        let lines = report.text.split(separator: "\n")
        #expect(lines == ["en-light/w/01-a.html: [one-h1] body: the page has no h1", "1 screen and 1 theme audited: 1 violation"])
        #expect(report.json["violations"] == .number(1))
        #expect(report.json["reports"]?[0]?["violations"]?[0]?["rule"] == .string("one-h1"))
    }

    @Test func theHTMLReportPassesItsOwnAudit() throws {
        var failing = AuditReport(project: "Fixture <&>")
        failing.append(.init(kind: .screen, path: "en-light/w/01-a.html", title: "A",
                             violations: [Violation(.controlLabel, "input#a", "input has no label; add <label for=\"a\">")]))
        failing.append(.init(kind: .theme, path: "theme pale", title: "Pale",
                             violations: [Violation(.colourContrast, "pale light: text on background", "too pale")]))
        failing.append(.init(kind: .screen, path: "en-light/w/02-b.html", title: "B", violations: []))
        for report in [failing, try auditExamples()] {
            #expect(PageAudit.check(html: report.html).isEmpty, "\(PageAudit.check(html: report.html))")
        }
        let page = HTMLDocument.parse(failing.html)
        #expect(page.first("title")?.text == "Violations: Accessibility audit – Fixture <&>")
        #expect(page.all("table").count == 2)
        #expect(page.first("td")?.text == "control-label")
        #expect(page.all("th").allSatisfy { $0["scope"] == "col" })
    }
}
