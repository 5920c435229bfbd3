import Definitions
import Foundation
import Preview
import Rendering
import Testing
import TestSupport
@testable import Audit

/// `flowstage audit --html DIR` (cli.md): the sign-off report, one folder that opens from disk.
/// A two-screen project with a scenario (so the explorer meets its screens again) and a tag
/// missing on the first screen (so there is a finding to sign off).
@Suite struct SignOffReportRules {
    static func project() throws -> URL {
        try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Sign-off fixture", "languages": ["en"] }"#,
            "tags/en.json": #"{ "title": "Apply" }"#,
            "processes/apply.json": """
                { "name": "apply", "title": "@@title", "nodes": [
                  { "id": "start", "type": "start", "next": "name" },
                  { "id": "name", "type": "userTask", "title": "Your name", "screen": [
                      { "type": "input", "key": "name", "label": "@@fullName", "hint": "As on your passport", "validators": [ { "type": "required" } ] } ],
                    "actions": [ { "name": "continue", "type": "submit", "next": "agree" } ] },
                  { "id": "agree", "type": "userTask", "title": "Agree", "screen": [
                      { "type": "checkbox", "key": "agree", "label": "I agree" } ],
                    "actions": [ { "name": "send", "type": "submit", "next": "end" } ] },
                  { "id": "end", "type": "end" } ] }
                """,
            "scenarios/walk.json": """
                { "process": "apply", "steps": [
                  { "expect": "name", "action": "continue", "values": { "name": "Ada" } },
                  { "expect": "agree", "action": "send" }, { "expect": "end:completed" } ] }
                """,
        ])
    }

    /// The report of the fixture, written with `chromium` (nil: as if it were not installed).
    static func write(chromium: String?) throws -> (URL, SignOffReport) {
        let folder = try project()
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let scenarios = try ScenarioLoader.load(folder, project: project).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: folder)
        let site = StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: scenarios)
        let out = try RepositoryPaths.fixture([:]).appendingPathComponent("report")
        let report = try SignOffFolder(site: site, screenshots: Screenshots(chromium: chromium)).write(to: out, exploration: site.explore())
        return (out, report)
    }

    static func parse(_ file: URL) throws -> HTMLElement {
        HTMLDocument.parse(try String(contentsOf: file, encoding: .utf8))
    }

    /// The `<dd>` after the `<dt>` with `term` in a page's summary list.
    static func definition(_ term: String, in page: HTMLElement) -> String? {
        let list = page.all("dl").flatMap(\.children)
        return list.firstIndex { $0.tag == "dt" && $0.text == term }.flatMap { list.indices.contains($0 + 1) ? list[$0 + 1].text : nil }
    }

    @Test func everyScreenPageOfTheReportHasItsOutlineAndFindingsWithWCAGNumbers() throws {
        let (out, report) = try Self.write(chromium: nil)
        #expect(report.screens.count >= 3, "both screens, the name screen's error state and the end page")
        for screen in report.screens {
            let page = try Self.parse(out.appendingPathComponent(screen.file))
            let outline = try #require(page.all("table").first { $0.first("caption")?.text == "What a screen reader announces, in reading order" }, "\(screen.file)")
            #expect(!outline.all("tbody").flatMap { $0.all("tr") }.isEmpty, "\(screen.file)")
            #expect(page.all("h2").map(\.text).contains("Findings"), "\(screen.file)")
        }
        let name = try #require(report.screens.first { $0.entry.node == "name" && $0.entry.state == "initial" })
        let page = try Self.parse(out.appendingPathComponent(name.file))
        let rows = page.all("table").first { $0.first("caption")?.text.hasPrefix("What the audit found") == true }?.all("tr") ?? []
        let cells = rows.map { $0.all("td").map(\.text) }.filter { !$0.isEmpty }
        #expect(cells.contains { $0.contains("missing-tag") && $0.contains { $0.hasPrefix("3.3.2 Labels or Instructions (A)") } })
        let textbox = try #require(name.outline.items.first { $0.role == "textbox" })
        #expect(textbox.description == "As on your passport")
        let outlineRows = page.all("table").first { $0.first("caption")?.text == "What a screen reader announces, in reading order" }?
            .all("tr").map { $0.all("td").map(\.text) } ?? []
        #expect(outlineRows.contains { $0.count == 7 && $0[1] == "textbox" && $0[4] == "As on your passport" && $0[6] == "main" })
    }

    @Test func theIndexLinksEveryScreenPageAndEveryLinkOfTheReportResolvesToAFileInTheFolder() throws {
        let (out, report) = try Self.write(chromium: nil)
        let index = try Self.parse(out.appendingPathComponent("index.html"))
        let links = Set(index.all("a").compactMap { $0["href"] })
        #expect(links.isSuperset(of: report.screens.map(\.file)))
        var checked = 0
        for file in ["index.html"] + report.screens.map(\.file) {
            let page = try Self.parse(out.appendingPathComponent(file))
            let base = out.appendingPathComponent(file).deletingLastPathComponent()
            let targets = page.all("a").compactMap { $0["href"] } + page.all("img").compactMap { $0["src"] } + page.all("link").compactMap { $0["href"] }
            for target in targets where !target.hasPrefix("#") {
                #expect(!target.contains(":") && !target.hasPrefix("/"), "\(file): \(target) is not relative")
                #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent(target).standardizedFileURL.path), "\(file): \(target)")
                checked += 1
            }
        }
        #expect(checked > report.screens.count * 2)
    }

    @Test func withoutChromiumTheReportSaysSoOnTheIndexAndEveryPage() throws {
        let (out, report) = try Self.write(chromium: nil)
        let index = try Self.parse(out.appendingPathComponent("index.html"))
        #expect(Self.definition("Screenshots", in: index)?.hasPrefix("Not taken: headless Chromium was not found") == true)
        for screen in report.screens {
            let page = try Self.parse(out.appendingPathComponent(screen.file))
            #expect(page.all("img").isEmpty)
            #expect(page.all("p").contains { $0.text.hasPrefix("Not taken: headless Chromium was not found") }, "\(screen.file)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("screenshots").path))
    }

    /// Needs Chromium (`make browser-deps`); skipped where it is not installed.
    @Test(.enabled(if: Screenshots.findChromium() != nil, "headless Chromium is not installed"))
    func withChromiumEveryScreenHasALightAndADarkScreenshot() throws {
        let (out, report) = try Self.write(chromium: Screenshots.findChromium())
        for screen in report.screens {
            let page = try Self.parse(out.appendingPathComponent(screen.file))
            let images = page.all("img").compactMap { $0["src"] }
            #expect(images.count == 2, "\(screen.file)")
            #expect(images.contains { $0.hasSuffix("-light.png") } && images.contains { $0.hasSuffix("-dark.png") })
            for image in images {
                let bytes = try Data(contentsOf: out.appendingPathComponent("screens").appendingPathComponent(image).standardizedFileURL)
                #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(image) is a PNG")
            }
        }
    }

    @Test func theReportsOwnPagesPassTheAudit() throws {
        let (out, report) = try Self.write(chromium: nil)
        for file in ["index.html"] + report.screens.map(\.file) {
            let html = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(PageAudit.check(html: html).isEmpty, "\(file): \(PageAudit.check(html: html))")
            let page = HTMLDocument.parse(html)
            #expect(page.all("main").count == 1 && page.all("header").count == 1, "\(file) has its landmarks")
            #expect(page.all("table").allSatisfy { $0.first("caption") != nil && !$0.all("th").isEmpty }, "\(file)")
        }
    }

    @Test func aPageTwoWalksMeetIsOneScreenListingBothPlaces() throws {
        let (_, report) = try Self.write(chromium: nil)
        let agree = report.screens.filter { $0.entry.node == "agree" && $0.entry.state == "initial" }
        #expect(agree.count == 1)
        let places = agree.first.map { [$0.appearances[0].page] + $0.appearances[0].samePages } ?? []
        #expect(places.contains { $0.contains("scenario-walk/") } && places.contains { $0.contains("process-apply/") }, "\(places)")
    }

    @Test func chromiumIsFoundOnThePathAsChromiumOrChromiumBrowser() throws {
        let bin = try RepositoryPaths.fixture(["chromium-browser": "#!/bin/sh\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("chromium-browser").path)
        let empty = try RepositoryPaths.fixture([:])
        #expect(Screenshots.findChromium(path: empty.path + ":" + bin.path) == bin.appendingPathComponent("chromium-browser").path)
        #expect(Screenshots.findChromium(path: empty.path) == nil)
        #expect(Screenshots(chromium: nil).note.hasPrefix("Not taken"))
    }
}
