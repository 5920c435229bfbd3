import ArgumentParser
import Audit
import FlowStageRuntime
import Foundation
import Preview
import Rendering

/// `flowstage audit`: the pages `render` would write (plus each app flow's screens), checked
/// by the `Audit` rules, and every theme's palettes checked for contrast.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check every screen of a project for accessibility without a browser; exit 1 on any violation.",
        discussion: """
            Renders every screen `flowstage render` writes, in every language, light and
            dark: each scenario's walk, and every screen the explorer reaches by itself.
            The explorer runs each process and app flow with the real engine: it fills
            each screen with valid values, takes every action and every gateway branch
            (forcing a branch no filled-in data takes), and so reaches every user task,
            end page, flow state, close confirmation and error state (the empty post of
            a screen with required fields) that the graph allows, within a budget of
            actions. The coverage lists what it did not reach and why.

            Each page is checked for: labels for every control, unique ids, targets of
            aria-describedby, aria-labelledby, label for and #links, heading order,
            one h1, <html lang>, the page title, image alt, fieldset and legend for
            groups, link and button names, missing tags, unsupported components.
            Every theme's palettes are checked for colour contrast (themes.md).

            Prints one line per violation: page, [rule], element, message, and the WCAG
            2.2 success criteria it fails; a page two walks meet is audited once. Then one line
            per screen not reached (unreached:), reached only by forcing a branch
            (forced:) or reached but not passed (not passed:), and the coverage. The last
            line counts screens and violations. Exits 1 on any violation (coverage alone
            never fails the audit).

            --html DIR writes a sign-off report that opens from disk: DIR/index.html
            (project, date, version, every screen with its state and findings), a page
            per screen and language in DIR/screens/ (screenshots light and dark taken
            with headless Chromium when chromium or chromium-browser is on PATH, the
            screen-reader outline, the findings with their WCAG criteria) and the
            rendered site in DIR/site/.

            Example:
              flowstage audit Examples
              flowstage audit my-project --json > audit.json
              flowstage audit my-project --html audit-report
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    @ArgumentParser.Option(help: ArgumentHelp("Also write the sign-off report into DIR: index.html, a page per screen (screenshots, screen-reader outline, findings) and the rendered site.", valueName: "DIR"))
    var html: String?

    @Flag(inversion: .prefixedNo, help: "With --html, take screenshots light and dark with headless Chromium when it is on PATH.")
    var screenshots = true

    @Flag(inversion: .prefixedNo, help: "Explore every process and app flow by itself, besides the scenarios, and report coverage.")
    var explore = true

    @ArgumentParser.Option(help: ArgumentHelp("Most actions the explorer posts over the whole project.", valueName: "N"))
    var budget = ExplorationBudget().totalActions

    func run() throws {
        let check: ProjectCheck
        do { check = try ProjectCheck(directory) } catch let error as ValidationError {
            Terminal.error("error: \(error.message)")
            throw ExitCode.validationFailure
        }
        let (_, _, site) = try check.requireSite(exploration: explore ? ExplorationBudget(totalActions: budget) : nil)
        let exploration = site.explore()
        let report: AuditReport
        if let html {
            let folder = URL(fileURLWithPath: html).standardizedFileURL
            let screenshots = self.screenshots ? Screenshots(chromium: Screenshots.findChromium())
                : Screenshots(chromium: nil, missing: "--no-screenshots was given.")
            do {
                report = try SignOffFolder(site: site, screenshots: screenshots)
                    .write(to: folder, exploration: exploration) { Terminal.error("audit: " + $0) }.report
            } catch {
                Terminal.error("error: cannot write the HTML report into \(folder.path): \(error.localizedDescription); choose a folder you can write to")
                throw ExitCode.failure
            }
            Terminal.error("audit: sign-off report written to \(folder.appendingPathComponent("index.html").path)")
        } else {
            report = SiteAudit.run(site, exploration: exploration)
        }
        print(json ? report.json.serialized(pretty: true) : report.text)
        if !report.passed { throw ExitCode.failure }
    }
}
