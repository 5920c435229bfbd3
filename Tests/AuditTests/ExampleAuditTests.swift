import Definitions
import Foundation
import Preview
import Rendering
import Testing
import TestSupport
@testable import Audit

/// The example project is the renderer's showcase: every page `flowstage audit Examples`
/// checks must pass, and so must the audit's own HTML report.
/// The example project's audit, run once for every test of the suite.
private let auditedExamples = Result { try ExampleAudit.audit() }

@Suite struct ExampleAudit {
    func auditExamples() throws -> AuditReport {
        try auditedExamples.get()
    }

    static func audit() throws -> AuditReport {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
        let site = StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: scenarios)
        return SiteAudit.run(site, exploration: site.explore())
    }

    @Test func theExampleProjectHasNoViolations() throws {
        let report = try auditExamples()
        #expect(report.violationCount == 0, "\(report.text)")
        #expect(report.themeCount == 3)
        let paths = report.entries.flatMap { [$0.path] + $0.samePages }
        #expect(paths.contains("ro-dark/scenario-happy-path/01-personal.html"))
        #expect(paths.contains { $0.hasPrefix("en-light/flow-onboarding/") }, "app-flow screens are audited too")
        #expect(paths.contains { $0.hasSuffix("-errors.html") }, "refused posts with their error summary are audited")
    }

    @Test func everyPageOfTheJSONReportNamesItsProcessAndNodeOrFlowAndState() throws {
        let report = try auditExamples()
        let json = report.json
        guard case .array(let reports)? = json["reports"] else { Issue.record("no reports"); return }
        for entry in reports where entry["kind"] == .string("screen") {
            let place = (entry["process"] != nil && entry["node"] != nil) || (entry["flow"] != nil && entry["flowState"] != nil)
            #expect(place, "\(entry["path"]?.displayString ?? "")")
            #expect(["initial", "variant", "errors", "end", "close"].contains(entry["state"]?.stringValue ?? ""), "\(entry)")
        }
        #expect(reports.contains { $0["state"] == .string("end") && $0["node"] == .string("review") && $0["process"] == .string("loan_application") })
        let coverage = try #require(json["coverage"])
        #expect(coverage["unreached"] == .array([]))
        #expect(coverage["total"]?.numberValue == Double(report.coverage?.items.count ?? -1))
        guard case .array(let reached)? = coverage["reached"] else { Issue.record("no reached list"); return }
        #expect(reached.contains { $0["flow"] == .string("onboarding") && $0["flowState"] == .string("apply") })
    }

    @Test func theTextReportListsUnreachedAndForcedScreensWithWhyBeforeTheCounts() {
        var report = AuditReport(project: "Fixture")
        report.append(.init(kind: .screen, path: "en-light/w/01-a.html", title: "A", violations: [], owner: .process("p"), node: "a", state: "initial"))
        report.coverage = Coverage(items: [
            .init(owner: .process("p"), node: "a", kind: .userTask, status: .reached),
            .init(owner: .process("p"), node: "b", kind: .userTask, status: .unreached, reason: "no path from the start node leads here"),
            .init(owner: .flow("f"), node: "s", kind: .flowState, status: .forced, reason: "forced event “next”"),
        ], notes: ["process “p”: stopped at the budget of 5 actions"], actions: 5, states: 2)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            "unreached: process “p” node “b”: no path from the start node leads here",
            "forced: flow “f” state “s”: forced event “next”",
            "note: process “p”: stopped at the budget of 5 actions",
            "coverage: 2 of 3 screens, ends and flow states reached (1 only by forcing a branch); 5 actions explored",
            "1 screen and 0 themes audited: 0 violations",
        ])
        #expect(report.json["reports"]?[0]?["process"] == .string("p"))
        #expect(report.json["reports"]?[0]?["state"] == .string("initial"))
        #expect(report.json["coverage"]?["unreached"]?[0]?["reason"] == .string("no path from the start node leads here"))
        let index = SignOffReport(report: report, screens: [], date: "2026-11-26 09:00 UTC", version: "0.9.0", screenshotNote: "Not taken.").index
        let html = HTMLDocument.parse(index)
        #expect(html.all("h2").contains { $0.text == "Coverage" })
        #expect(html.all("td").contains { $0.text == "no path from the start node leads here" })
        #expect(PageAudit.check(html: index).isEmpty, "\(PageAudit.check(html: index))")
    }

    @Test func theTextReportHasOneLinePerViolationWithItsWCAGCriteriaAndEndsWithTheCounts() {
        var report = AuditReport(project: "Fixture")
        report.append(.init(kind: .screen, path: "en-light/w/01-a.html", title: "A",
                            violations: [Violation(.oneH1, "body", "the page has no h1")]))
        report.append(.init(kind: .theme, path: "theme default", title: "Default", violations: []))
        let lines = report.text.split(separator: "\n")
        #expect(lines == ["en-light/w/01-a.html: [one-h1] body: the page has no h1 — WCAG 1.3.1 Info and Relationships (A); 2.4.6 Headings and Labels (AA)",
                          "1 screen and 1 theme audited: 1 violation"])
        #expect(report.json["violations"] == .number(1))
        #expect(report.json["reports"]?[0]?["violations"]?[0]?["rule"] == .string("one-h1"))
        #expect(report.json["reports"]?[0]?["violations"]?[0]?["wcag"]?[0]?["number"] == .string("1.3.1"))
        #expect(report.json["reports"]?[0]?["violations"]?[0]?["wcag"]?[0]?["level"] == .string("A"))
    }

    @Test func everyRuleNamesTheWCAGSuccessCriteriaItsViolationsFail() {
        for rule in AuditRule.allCases {
            #expect(!rule.criteria.isEmpty, "\(rule)")
            for criterion in rule.criteria {
                #expect(criterion.number.split(separator: ".").count == 3, "\(rule): \(criterion.number)")
                #expect(["A", "AA"].contains(criterion.level), "\(rule): \(criterion.level)")
                #expect(criterion.number != "4.1.1", "4.1.1 Parsing is not in WCAG 2.2")
            }
        }
        #expect(AuditRule.imageAlt.criteria.first?.description == "1.1.1 Non-text Content (A)")
        #expect(AuditRule.colourContrast.criteria.first?.description == "1.4.3 Contrast (Minimum) (AA)")
        let entry = AuditReport.Entry(kind: .screen, path: "en-light/w/01-a.html", title: "A",
                                      violations: [Violation(.pageTitle, "title", "the page has no title")])
        var report = AuditReport(project: "Fixture")
        report.append(entry)
        let screen = SignOffReport.Screen(file: "screens/en-w-01-a.html", title: "A", language: "en", walk: "W", entry: entry,
                                          appearances: [.init(name: "light", page: "site/en-light/w/01-a.html", screenshot: nil,
                                                              violations: entry.violations, samePages: [])],
                                          outline: ScreenReaderOutline(items: []))
        let signOff = SignOffReport(report: report, screens: [screen], date: "2026-11-26 09:00 UTC", version: "0.9.0", screenshotNote: "Not taken.")
        #expect(HTMLDocument.parse(signOff.page(screen)).all("td").contains { $0.text == "2.4.2 Page Titled (A)" })
    }

    @Test func theIndexOfTheHTMLReportPassesItsOwnAudit() throws {
        var failing = AuditReport(project: "Fixture <&>")
        failing.append(.init(kind: .screen, path: "en-light/w/01-a.html", title: "A",
                             violations: [Violation(.controlLabel, "input#a", "input has no label; add <label for=\"a\">")]))
        failing.append(.init(kind: .theme, path: "theme pale", title: "Pale",
                             violations: [Violation(.colourContrast, "pale light: text on background", "too pale")]))
        failing.append(.init(kind: .screen, path: "en-light/w/02-b.html", title: "B", violations: []))
        for report in [failing, try auditExamples()] {
            let index = SignOffReport(report: report, screens: [], date: "2026-11-26 09:00 UTC", version: "0.9.0", screenshotNote: "Not taken.").index
            #expect(PageAudit.check(html: index).isEmpty, "\(PageAudit.check(html: index))")
        }
        let page = HTMLDocument.parse(SignOffReport(report: failing, screens: [], date: "d", version: "v", screenshotNote: "n").index)
        #expect(page.first("title")?.text == "Violations: Accessibility sign-off – Fixture <&>")
        #expect(page.all("th").allSatisfy { $0["scope"] == "col" })
        #expect(page.all("td").contains { $0.text == "1.4.3 Contrast (Minimum) (AA) 1.4.11 Non-text Contrast (AA)" }, "theme findings name their criteria")
    }

    @Test func aPageThatRepeatsOneAlreadyAuditedIsListedWithItNotAuditedAgain() throws {
        let report = try auditExamples()
        let paths = report.entries.map(\.path)
        #expect(report.samePageCount > 0)
        #expect(Set(paths).count == paths.count)
        for entry in report.entries { #expect(Set(entry.samePages).isDisjoint(with: paths), "\(entry.path)") }
        #expect(report.summary.contains("identical to one of them"))
    }
}
