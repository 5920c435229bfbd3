import Definitions

/// The sign-off report of `flowstage audit --html DIR`: an index and one page per screen, in
/// a folder that opens from disk (relative links only, its own CSS, no script) and can be
/// zipped and sent. The reviewer reads it with the same needs as the pages it reports on, so
/// it keeps the audit's rules: a language, a title, one h1, landmarks, tables with captions
/// and column headers. Written for the reviewer, in English.
public struct SignOffReport: Sendable {
    /// One screen in one language: its light and dark pages, what a screen reader announces
    /// there, and what the audit found.
    public struct Screen: Sendable {
        /// The screen's page, relative to the report folder: `screens/en-scenario-happy-path-01-personal.html`.
        public let file: String
        public let title: String
        public let language: String
        /// The walk it belongs to: a scenario, or an explored process or flow.
        public let walk: String
        /// The audit's entry of its first page (light): where, which state, forced.
        public let entry: AuditReport.Entry
        public let appearances: [Appearance]
        /// Computed from the light page.
        public let outline: ScreenReaderOutline

        public init(file: String, title: String, language: String, walk: String, entry: AuditReport.Entry,
                    appearances: [Appearance], outline: ScreenReaderOutline) {
            self.file = file; self.title = title; self.language = language; self.walk = walk; self.entry = entry
            self.appearances = appearances; self.outline = outline
        }

        public var findings: Int { appearances.reduce(0) { $0 + $1.violations.count } }
    }

    /// The screen in one appearance (light or dark).
    public struct Appearance: Sendable {
        public let name: String
        /// The rendered page, relative to the report folder: `site/en-light/…/01-personal.html`.
        public let page: String
        /// The PNG relative to the report folder, when one was taken.
        public let screenshot: String?
        public let violations: [Violation]
        /// The other pages of the site that show the same page.
        public let samePages: [String]

        public init(name: String, page: String, screenshot: String?, violations: [Violation], samePages: [String]) {
            self.name = name; self.page = page; self.screenshot = screenshot; self.violations = violations; self.samePages = samePages
        }
    }

    public let report: AuditReport
    public let screens: [Screen]
    /// The day it was written, `2026-11-26 08:50 UTC`.
    public let date: String
    public let version: String
    /// Said on the index and every screen page: how the screenshots were taken, or why not.
    public let screenshotNote: String
    /// The index of the rendered site, relative to the report folder.
    public let siteIndex: String

    public init(report: AuditReport, screens: [Screen], date: String, version: String, screenshotNote: String,
                siteIndex: String = "site/index.html") {
        self.report = report; self.screens = screens; self.date = date; self.version = version
        self.screenshotNote = screenshotNote; self.siteIndex = siteIndex
    }

    public static let stylesheet = "report.css"

    /// The report's own CSS: black on white, visible focus, readable tables.
    public static let css = """
        body { font: 1rem/1.5 system-ui, sans-serif; color: #1b1f23; background: #fff; margin: 0 auto; padding: 1rem; max-width: 80rem; }
        a { color: #0b5cad; } a:focus { outline: 3px solid #b3470b; outline-offset: 2px; }
        table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
        caption { text-align: left; font-weight: bold; padding: .25rem 0; }
        th, td { border: 1px solid #6b7785; padding: .25rem .5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
        th { overflow-wrap: normal; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; } dt { font-weight: bold; } dd { margin: 0; }
        code { font-size: .9em; }
        .shots { display: flex; flex-wrap: wrap; gap: 1rem; } figure { margin: 0; max-width: 38rem; }
        figure img { max-width: 100%; border: 1px solid #6b7785; }
        .skip { position: absolute; left: -999rem; } .skip:focus { position: static; }

        """

    // MARK: - The index

    /// The project, date and version, the summary, how screenshots were taken, every screen
    /// with its state, findings and link, the themes with contrast findings, the coverage.
    public var index: String {
        var out = head(title: "\(report.passed ? "" : "Violations: ")Accessibility sign-off – \(report.project)", root: "")
        out += "<h1>Accessibility sign-off: \(escape(report.project))</h1>\n"
        out += "<dl>\n<dt>Project</dt><dd>\(escape(report.project))</dd>\n<dt>Date</dt><dd>\(escape(date))</dd>\n"
        out += "<dt>FlowStage</dt><dd>\(escape(version))</dd>\n<dt>Result</dt><dd>\(escape(report.summary))</dd>\n"
        out += "<dt>Screenshots</dt><dd>\(escape(screenshotNote))</dd>\n"
        out += "<dt>Rendered site</dt><dd><a href=\"\(escape(siteIndex))\">Every page as rendered</a></dd>\n</dl>\n"
        out += "<h2>Screens</h2>\n<table>\n<caption>Every screen audited, in each language: \(screens.count)</caption>\n"
        out += "<thead><tr><th scope=\"col\">Screen</th><th scope=\"col\">Language</th><th scope=\"col\">Walk</th>"
        out += "<th scope=\"col\">Where</th><th scope=\"col\">State</th><th scope=\"col\">Findings</th></tr></thead>\n<tbody>\n"
        for screen in screens {
            out += "<tr><td><a href=\"\(escape(screen.file))\">\(escape(screen.title))</a></td><td>\(escape(screen.language))</td>"
            out += "<td>\(escape(screen.walk))</td><td>\(escape(place(screen.entry)))</td><td>\(escape(state(screen.entry)))</td>"
            out += "<td>\(screen.findings)</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"
        let themes = report.entries.filter { $0.kind == .theme }
        if !themes.isEmpty {
            out += "<h2>Themes</h2>\n"
            out += findingsTable(themes.flatMap { theme in theme.violations.map { (theme.title.isEmpty ? theme.path : theme.title, $0) } },
                                 caption: "Colour contrast of every theme", firstColumn: "Theme", root: "")
        }
        if let coverage = report.coverage { out += report.coverageHTML(coverage) }
        return out + foot
    }

    // MARK: - A screen's page

    /// Where it is, its pages, screenshots light and dark, the screen-reader outline and the
    /// findings with their WCAG 2.2 success criteria.
    public func page(_ screen: Screen) -> String {
        let root = "../"
        var out = head(title: "\(screen.findings == 0 ? "" : "Violations: ")\(screen.title) – Accessibility sign-off – \(report.project)", root: root)
        out += "<p><a href=\"\(root)index.html\">All screens of \(escape(report.project))</a></p>\n"
        out += "<h1>\(escape(screen.title))</h1>\n<dl>\n"
        out += "<dt>Language</dt><dd>\(escape(screen.language))</dd>\n<dt>Walk</dt><dd>\(escape(screen.walk))</dd>\n"
        out += "<dt>Where</dt><dd>\(escape(place(screen.entry)))</dd>\n<dt>State</dt><dd>\(escape(state(screen.entry)))</dd>\n"
        for appearance in screen.appearances {
            out += "<dt>Page, \(escape(appearance.name))</dt><dd><a href=\"\(root)\(escape(appearance.page))\">\(escape(appearance.page))</a>"
            if !appearance.samePages.isEmpty {
                out += "<br>Also met as: " + appearance.samePages.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
            }
            out += "</dd>\n"
        }
        out += "</dl>\n<h2>Screenshots</h2>\n"
        let shots = screen.appearances.filter { $0.screenshot != nil }
        if shots.isEmpty {
            out += "<p>\(escape(screenshotNote))</p>\n"
        } else {
            out += "<div class=\"shots\">\n"
            for appearance in shots {
                out += "<figure><img src=\"\(root)\(escape(appearance.screenshot!))\" alt=\"The screen “\(escape(screen.title))” in the \(escape(appearance.name)) appearance\">"
                out += "<figcaption>\(escape(appearance.name.prefix(1).uppercased() + appearance.name.dropFirst()))</figcaption></figure>\n"
            }
            out += "</div>\n"
        }
        out += "<h2>Screen-reader outline</h2>\n" + outlineTable(screen.outline)
        out += "<h2>Findings</h2>\n"
        let findings = screen.appearances.flatMap { appearance in appearance.violations.map { (appearance, $0) } }
        if findings.isEmpty {
            out += "<p>No findings: the screen passes every rule of the audit, light and dark.</p>\n"
        } else {
            out += "<table>\n<caption>What the audit found, with the WCAG 2.2 success criteria it fails</caption>\n"
            out += "<thead><tr><th scope=\"col\">Page</th><th scope=\"col\">Rule</th><th scope=\"col\">WCAG 2.2</th>"
            out += "<th scope=\"col\">Where</th><th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n"
            for (appearance, violation) in findings {
                out += "<tr><td><a href=\"\(root)\(escape(appearance.page))\">\(escape(appearance.name)) page</a></td>"
                out += "<td>\(violation.rule.rawValue)</td><td>\(criteria(violation.rule))</td>"
                out += "<td><code>\(escape(violation.location))</code></td><td>\(escape(violation.message))</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        }
        return out + foot
    }

    /// The outline as a table in reading order: one row per landmark, heading, group and
    /// control, with what is announced for it.
    func outlineTable(_ outline: ScreenReaderOutline) -> String {
        guard !outline.items.isEmpty else { return "<p>A screen reader finds nothing to announce on this page.</p>\n" }
        var out = "<table class=\"outline\">\n<caption>What a screen reader announces, in reading order</caption>\n"
        out += "<thead><tr><th scope=\"col\">Order</th><th scope=\"col\">Role</th><th scope=\"col\">Name</th><th scope=\"col\">State</th>"
        out += "<th scope=\"col\">Description</th><th scope=\"col\">Error</th><th scope=\"col\">In</th></tr></thead>\n<tbody>\n"
        for (number, item) in outline.items.enumerated() {
            let role = item.kind == .heading ? "heading, level \(item.level ?? 2)" : item.kind == .landmark ? "\(item.role) landmark" : item.role
            let name = item.value.isEmpty ? escape(item.name) : "\(escape(item.name))<br>Value: \(escape(item.value))"
            out += "<tr><td>\(number + 1)</td><td>\(escape(role))</td><td>\(name)</td><td>\(escape(item.states.joined(separator: ", ")))</td>"
            out += "<td>\(escape(item.description))</td><td>\(escape(item.error))</td><td>\(escape(item.landmarks.joined(separator: " › ")))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private func findingsTable(_ rows: [(String, Violation)], caption: String, firstColumn: String, root: String) -> String {
        guard !rows.isEmpty else { return "<p>No findings.</p>\n" }
        var out = "<table>\n<caption>\(escape(caption))</caption>\n<thead><tr><th scope=\"col\">\(firstColumn)</th>"
        out += "<th scope=\"col\">Rule</th><th scope=\"col\">WCAG 2.2</th><th scope=\"col\">Where</th><th scope=\"col\">Problem</th></tr></thead>\n<tbody>\n"
        for (owner, violation) in rows {
            out += "<tr><td>\(escape(owner))</td><td>\(violation.rule.rawValue)</td><td>\(criteria(violation.rule))</td>"
            out += "<td><code>\(escape(violation.location))</code></td><td>\(escape(violation.message))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private func criteria(_ rule: AuditRule) -> String { rule.criteria.map { escape($0.description) }.joined(separator: "<br>") }

    private func place(_ entry: AuditReport.Entry) -> String {
        guard let owner = entry.owner else { return "" }
        let node = entry.node.map { owner.word == "flow" ? " state “\($0)”" : " node “\($0)”" } ?? ""
        return "\(owner.word) “\(owner.name)”\(node)"
    }

    private func state(_ entry: AuditReport.Entry) -> String {
        (entry.state ?? "") + (entry.forced ? " (forced)" : "")
    }

    private func head(title: String, root: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <link rel="stylesheet" href="\(root)\(Self.stylesheet)">
        </head>
        <body>
        <a class="skip" href="#main">Skip to the report</a>
        <header><p>Accessibility sign-off · \(escape(report.project)) · \(escape(date)) · FlowStage \(escape(version))</p></header>
        <main id="main" tabindex="-1">

        """
    }

    private var foot: String { "</main>\n</body>\n</html>\n" }

    private func escape(_ text: String) -> String { AuditReport.escape(text) }
}
