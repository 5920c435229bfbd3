import Audit
import Definitions
import FlowStageRuntime
import Foundation

/// `flowstage audit --html DIR`: the site as `flowstage render` writes it (in `DIR/site/`),
/// audited as it is written, then one sign-off page per screen and language (`DIR/screens/`)
/// with its screenshots light and dark (`DIR/screenshots/`), and the index (`DIR/index.html`).
/// Every link is relative, so the folder opens from disk and can be zipped.
public struct SignOffFolder {
    public let site: StaticSite
    public let screenshots: Screenshots
    public let date: Date

    public init(site: StaticSite, screenshots: Screenshots, date: Date = Date()) {
        self.site = site; self.screenshots = screenshots; self.date = date
    }

    /// One screen in one language while the site is written: its pages by appearance, as
    /// (the audit entry that holds its findings, the page's own path).
    private struct Gathered {
        let language: String
        let walkPath: String
        let walk: String
        let title: String
        var appearances: [(name: String, entry: Int, path: String)] = []
        var outline: ScreenReaderOutline?
    }

    /// Writes the folder; `progress` hears each phase. Returns the report (its audit decides the exit status).
    public func write(to folder: URL, exploration: Exploration?, progress: (String) -> Void = { _ in }) throws -> SignOffReport {
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("screens"), withIntermediateDirectories: true)
        var audit = SiteAudit(project: site.project, templates: site.templates, coverage: exploration?.coverage)
        var gathered: [String: Gathered] = [:]
        var order: [String] = []
        progress("rendering and auditing the site into \(folder.appendingPathComponent("site").path)")
        try site.write(to: folder.appendingPathComponent("site"), exploration: exploration, visit: { page in
            let (entry, new) = audit.add(page)
            let key = page.language + "/" + page.walkPath
            if gathered[key] == nil {
                gathered[key] = Gathered(language: page.language, walkPath: page.walkPath, walk: page.walkTitle, title: page.title)
            }
            gathered[key]!.appearances.append((page.appearance, entry, page.path))
            // A screen whose every page repeats one already audited is listed with that one.
            if new && gathered[key]!.outline == nil {
                order.append(key)
                gathered[key]!.outline = ScreenReaderOutline(html: String(decoding: page.html, as: UTF8.self))
            }
        })
        audit.addThemes()
        let report = audit.report
        let screens = order.compactMap { gathered[$0] }

        var jobs: [Screenshots.Job] = []
        func id(_ screen: Gathered) -> String {
            StaticSite.safe(screen.language) + "-" + String(screen.walkPath.dropLast(".html".count)).replacingOccurrences(of: "/", with: "-")
        }
        if screenshots.chromium != nil {
            try files.createDirectory(at: folder.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
            for screen in screens {
                for appearance in screen.appearances {
                    jobs.append(.init(page: folder.appendingPathComponent("site").appendingPathComponent(appearance.path),
                                      png: folder.appendingPathComponent("screenshots/\(id(screen))-\(appearance.name).png")))
                }
            }
            progress("taking \(jobs.count) screenshots with \(screenshots.chromium!)")
        }
        let (taken, failures) = screenshots.take(jobs)
        for failure in failures { progress("screenshot not taken: " + failure) }

        let signOff = SignOffReport(
            report: report,
            screens: screens.map { screen in
                let first = report.entries[screen.appearances[0].entry]
                return SignOffReport.Screen(
                    file: "screens/\(id(screen)).html", title: screen.title, language: screen.language, walk: screen.walk, entry: first,
                    appearances: screen.appearances.map { appearance in
                        let png = "screenshots/\(id(screen))-\(appearance.name).png"
                        let entry = report.entries[appearance.entry]
                        return SignOffReport.Appearance(
                            name: appearance.name, page: "site/" + appearance.path,
                            screenshot: taken.contains(folder.appendingPathComponent(png)) ? png : nil,
                            violations: entry.violations,
                            samePages: ([entry.path] + entry.samePages).filter { $0 != appearance.path })
                    },
                    outline: screen.outline ?? ScreenReaderOutline(items: []))
            },
            date: Self.format(date), version: FlowStageVersion.current,
            screenshotNote: failures.isEmpty ? screenshots.note : screenshots.note + " \(failures.count) could not be taken; see the audit's messages.")
        try Data(SignOffReport.css.utf8).write(to: folder.appendingPathComponent(SignOffReport.stylesheet))
        for screen in signOff.screens {
            try Data(signOff.page(screen).utf8).write(to: folder.appendingPathComponent(screen.file))
        }
        try Data(signOff.index.utf8).write(to: folder.appendingPathComponent("index.html"))
        return signOff
    }

    /// `2026-11-26 08:50 UTC`.
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
