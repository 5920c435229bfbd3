import ArgumentParser
import Audit
import FlowStageRuntime
import Foundation
import Preview
import Rendering

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every screen of a project as static HTML pages, with an index: a demo pack that needs no server.",
        discussion: """
            Walks every scenario (scenarios/*.json), and every process and app flow by itself
            (the explorer of `flowstage audit`: every user task, end page, flow state, close
            confirmation and error state it reaches), in every language of the project, light
            and dark. Pages use the same templates and CSS as `serve`; each button leads to the
            next page of its walk. Prints the coverage: what the explorer did not reach, and why.
            The component gallery (every component in every state) is written beside the walks
            of each language and appearance. Open SITE/index.html, or put SITE on any static
            web host.

            Example:
              flowstage render Examples --out demo-site
            """)

    @Argument(help: "The preview project folder.")
    var directory: String

    @ArgumentParser.Option(help: ArgumentHelp("The folder to write the site into (created if missing).", valueName: "SITE"))
    var out: String

    @Flag(inversion: .prefixedNo, help: "Explore every process and app flow by itself, besides the scenarios, and print the coverage.")
    var explore = true

    @ArgumentParser.Option(help: ArgumentHelp("Most actions the explorer posts over the whole project.", valueName: "N"))
    var budget = ExplorationBudget().totalActions

    func run() throws {
        let check = try ProjectCheck(directory)
        let site = try check.requireSite(gallery: true, exploration: explore ? ExplorationBudget(totalActions: budget) : nil).site
        let output = URL(fileURLWithPath: out).standardizedFileURL
        let bar = isatty(STDOUT_FILENO) == 1
        let pages: [String]
        let exploration = site.explore()
        do {
            pages = try site.write(to: output, exploration: exploration) { done, total, path in
                if bar {
                    let width = 30, filled = total == 0 ? width : done * width / total
                    print("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)",
                          terminator: done == total ? "\n" : "")
                    fflush(nil)
                } else {
                    print("wrote \(path)")
                }
            }
        } catch {
            Terminal.error("error: cannot write the site into \(output.path): \(error.localizedDescription); choose a folder you can write to")
            throw ExitCode.failure
        }
        if let coverage = exploration?.coverage {
            for line in AuditReport.coverageLines(coverage) { print(line) }
        }
        print("\(pages.count) pages in \(output.path); open \(output.appendingPathComponent("index.html").path)")
    }
}
