import ArgumentParser
import Audit
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
            Renders every screen `flowstage render` writes (each scenario, the first
            screen of each process no scenario walks, refused posts with their error
            summary) and every app-flow state, in every language, light and dark.
            Each page is checked for: labels for every control, unique ids, targets of
            aria-describedby, aria-labelledby, label for and #links, heading order,
            one h1, <html lang>, the page title, image alt, fieldset and legend for
            groups, link and button names, missing tags, unsupported components.
            Every theme's palettes are checked for colour contrast (themes.md).

            Prints one line per violation: page, [rule], element, message. The last
            line counts screens and violations. Exits 1 on any violation.

            Example:
              flowstage audit Examples
              flowstage audit my-project --json > audit.json
              flowstage audit my-project --html audit-report
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    @ArgumentParser.Option(help: ArgumentHelp("Also write the report as an accessible HTML page, DIR/index.html.", valueName: "DIR"))
    var html: String?

    func run() throws {
        let check: ProjectCheck
        do { check = try ProjectCheck(directory) } catch let error as ValidationError {
            Terminal.error("error: \(error.message)")
            throw ExitCode.validationFailure
        }
        let (project, templates, site) = try check.requireSite()
        var report = AuditReport(project: project.name)
        site.forEachPage(flows: true) { page, _ in
            let violations = PageAudit.check(html: String(decoding: page.html, as: UTF8.self))
                + (page.state.map { ScreenRules.missingTags($0, tags: project.tags) } ?? [])
                + (page.state.map { ScreenRules.unsupportedComponents($0, supported: templates.renders) } ?? [])
            report.append(.init(kind: .screen, path: page.path, title: page.title, violations: violations))
        }
        for theme in project.themes.values.sorted(by: { $0.name < $1.name }) {
            report.append(.init(kind: .theme, path: "theme \(theme.name)", title: theme.title, violations: ThemeContrast.check(theme)))
        }
        if let html {
            let folder = URL(fileURLWithPath: html).standardizedFileURL
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(report.html.utf8).write(to: folder.appendingPathComponent("index.html"))
            } catch {
                Terminal.error("error: cannot write the HTML report into \(folder.path): \(error.localizedDescription); choose a folder you can write to")
                throw ExitCode.failure
            }
        }
        print(json ? report.json.serialized(pretty: true) : report.text)
        if !report.passed { throw ExitCode.failure }
    }
}
