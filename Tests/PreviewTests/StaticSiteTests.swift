import Definitions
import FlowStageRuntime
import Foundation
@testable import Preview
import Rendering
import TestSupport
import Testing

/// `flowstage render` (cli.md): one page per visited screen, per language and appearance,
/// with an index and relative links that all lead somewhere.
/// The example site, rendered once for every test of the suite (none changes it).
private let renderedExamples = Result { try StaticSiteRendering.render() }

@Suite struct StaticSiteRendering {
    func renderExamples() throws -> (URL, [String], Project, [Scenario]) {
        try renderedExamples.get()
    }

    static func render() throws -> (URL, [String], Project, [Scenario]) {
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(RepositoryPaths.examples).get()
        let scenarios = try ScenarioLoader.load(RepositoryPaths.examples, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: RepositoryPaths.examples)
        let out = try RepositoryPaths.fixture([:])
        let pages = try StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder,
                                   scenarios: scenarios).write(to: out)
        return (out, pages, project, scenarios)
    }

    @Test func everyVisitedScreenIsOnePagePerLanguageAndAppearance() throws {
        let (out, pages, project, scenarios) = try renderExamples()
        let runner = ScenarioRunner(project: project)
        let screensPerLanguage = scenarios.reduce(0) { $0 + runner.run($1).screens.count + (runner.run($1).end == nil ? 0 : 1) }
        #expect(pages.filter { $0.contains("/scenario-") }.count == screensPerLanguage * project.languages.count * 2)
        #expect(pages.contains("en-light/scenario-happy-path/01-personal.html"))
        #expect(pages.contains("ro-dark/scenario-happy-path/01-personal.html"))
        for page in pages { #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(page).path), "\(page)") }
        let romanian = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent("ro-dark/scenario-happy-path/01-personal.html"), encoding: .utf8))
        #expect(romanian.first("html")?["lang"] == "ro")
        #expect(romanian.first("html")?["data-appearance"] == "dark")
    }

    @Test func theExplorerAddsEveryProcesssAndFlowsScreensEndsAndErrorStates() throws {
        let (out, pages, project, _) = try renderExamples()
        for process in project.processes {
            #expect(pages.contains { $0.hasPrefix("en-dark/process-\(StaticSite.safe(process.name))/01-") }, "\(process.name)")
        }
        #expect(pages.contains { $0.hasPrefix("ro-light/process-loan_application/") && $0.hasSuffix("-end-review.html") })
        #expect(pages.contains { $0.hasPrefix("en-light/flow-onboarding/") && $0.hasSuffix("-browse.html") }, "flows are rendered too")
        let errors = try #require(pages.first { $0.hasPrefix("en-light/process-loan_application/") && $0.hasSuffix("-personal-errors.html") })
        let page = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent(errors), encoding: .utf8))
        #expect(page.first("title")?.text.hasPrefix("Error") == true, "\(page.first("title")?.text ?? "")")
        #expect(page.all("a").contains { $0["href"] == "#field-client-firstName" }, "the error summary links each field")
    }

    @Test func aProjectWithoutScenariosRendersItsErrorStatesEndsAndCloseConfirmationAndTheyPassTheAudit() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en"] }"#,
            "processes/p.json": """
            { "name": "p", "title": "Ask", "modal": true, "nodes": [ { "id": "s", "type": "start", "next": "ask" },
              { "id": "ask", "type": "userTask", "title": "Your name", "screen": [
                  { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] },
                  { "type": "button", "label": "Send", "action": "send" } ],
                "actions": [ { "name": "send", "type": "submit", "next": "done" }, { "name": "close", "type": "dismiss" } ] },
              { "id": "done", "type": "end", "message": "Thank you, ${name}." } ] }
            """,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: folder)
        let out = try RepositoryPaths.fixture([:])
        let pages = try StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: [])
            .write(to: out)
        #expect(pages.filter { $0.hasPrefix("en-light/") } == [
            "en-light/process-p/01-ask.html", "en-light/process-p/02-ask-close.html",
            "en-light/process-p/03-ask-errors.html", "en-light/process-p/04-end-done.html",
        ])
        for page in pages {
            let html = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
            #expect(PageAudit.check(html: html).isEmpty, "\(page): \(PageAudit.check(html: html))")
        }
        let end = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent("en-light/process-p/04-end-done.html"), encoding: .utf8))
        #expect(end.first("main")?.text.contains("Thank you, Sample.") == true, "the end message with the explorer's data")
    }

    @Test func everyRelativeLinkOfEveryPageLeadsToAFile() throws {
        let (out, pages, _, _) = try renderExamples()
        for page in ["index.html"] + pages {
            let url = out.appendingPathComponent(page)
            let html = HTMLDocument.parse(try String(contentsOf: url, encoding: .utf8))
            let targets = html.all("a").compactMap { $0["href"] } + html.all("link").compactMap { $0["href"] }
                + html.all("script").compactMap { $0["src"] } + html.all("form").compactMap { $0["action"] }
                + html.all("button").compactMap { $0["formaction"] }
            for target in targets where !target.hasPrefix("#") && !target.contains("://") {
                let file = url.deletingLastPathComponent().appendingPathComponent(String(target.split(separator: "#")[0])).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: file.path), "\(page) links to \(target)")
            }
        }
    }

    @Test func theIndexListsEachWalkInOrderAndButtonsGoToTheNextPage() throws {
        let (out, _, _, _) = try renderExamples()
        let index = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8))
        let firstWalk = try #require(index.all("ol").first).all("a").compactMap { $0["href"] }
        #expect(firstWalk.first?.hasSuffix("01-personal.html") == true)
        let first = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent(firstWalk[0]), encoding: .utf8))
        let form = try #require(first.all("form").first { $0.hasClass("fs-form") })
        #expect(form["method"] == "get", "a static host answers GET")
        #expect(form["action"] == (firstWalk[1] as NSString).lastPathComponent)
    }

    @Test func aScenarioThatEndsTheProcessEndsOnItsRenderedEndPage() throws {
        let (out, pages, _, _) = try renderExamples()
        let walk = pages.filter { $0.hasPrefix("en-light/scenario-happy-path/") }.sorted()
        let last = try #require(walk.last)
        #expect(last.hasSuffix("-end-done.html"), "\(walk)")
        let end = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent(last), encoding: .utf8))
        #expect(end.first("h1")?.text.isEmpty == false)
        #expect(end.first("html")?["lang"] == "en")
        #expect(end.first("main")?.text.contains("Thank you, Ana. We will email your contract to ana@example.org") == true, "the end node's message")
        // The screen before it leads to it.
        let before = HTMLDocument.parse(try String(contentsOf: out.appendingPathComponent(walk[walk.count - 2]), encoding: .utf8))
        let targets = before.all("form").compactMap { $0["action"] } + before.all("button").compactMap { $0["formaction"] }
        #expect(targets.contains((last as NSString).lastPathComponent))
    }
}
