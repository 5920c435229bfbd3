import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import TestSupport
import Testing

/// Live reload: a change that loads is served at once, one that does not keeps the last good
/// version with its errors on every page; sessions and instances outlive both.
final class LiveProject: @unchecked Sendable {
    let folder: URL
    let live: LivePreview
    let server: HTTPServer
    let client: TestHTTPClient

    init() throws {
        let folder = try RepositoryPaths.copyOfExamples()
        let sessions = SessionStore()
        let (instances, runs) = (MemoryStore<Instance>(), MemoryStore<FlowRun>())
        live = try LivePreview(folder: folder) { () throws(PreviewLoader.Failure) -> PreviewApp in
            try PreviewLoader.load(project: folder, resources: RepositoryPaths.root, store: instances, flowStore: runs, sessions: sessions)
        }
        self.folder = folder
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        server = HTTPServer(configuration: configuration, handler: live.handle)
        try server.start()
        client = TestHTTPClient(port: server.port)
    }

    deinit { server.stop() }

    /// Rewrites one project file with `change` applied to its text.
    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = folder.appendingPathComponent(path)
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }
}

@Suite(.serialized) struct LiveReload {
    @Test func nothingChangedMeansNothingReloaded() throws {
        let project = try LiveProject()
        #expect(project.live.reloadIfChanged() == .unchanged)
    }

    @Test func aChangeThatLoadsIsServedAtOnceAndTheSessionKeepsItsInstance() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        let instance = try browser.startLoan()
        #expect(try browser.get(instance).html.first("h1")?.text == "Tell us about yourself")
        try project.edit("tags/en.json") { $0.replacingOccurrences(of: "Tell us about yourself", with: "About you, briefly") }
        #expect(project.live.reloadIfChanged() == .reloaded)
        let page = try browser.get(instance)
        #expect(page.status == 200)
        #expect(page.header("Set-Cookie") == nil, "the same session")
        #expect(page.html.first("h1")?.text == "About you, briefly")
    }

    @Test func aChangeThatDoesNotLoadKeepsTheLastGoodVersionAndShowsItsErrorsOnEveryPage() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        let instance = try browser.startLoan()
        let original = try String(contentsOf: project.folder.appendingPathComponent("processes/loan_application.json"), encoding: .utf8)
        try project.edit("processes/loan_application.json") { $0.replacingOccurrences(of: "\"next\": \"personal\"", with: "\"next\": \"nowhere\"") }
        guard case .failed(let message) = project.live.reloadIfChanged() else { Issue.record("expected a failed reload"); return }
        #expect(message.contains("loan_application.json"))
        for path in ["/", instance] {
            let page = try browser.get(path)
            #expect(page.status == 200, "\(path) is still served")
            let banner = try #require(page.html.all("div").first { $0.hasClass("fs-project-errors") }, "\(path) shows the errors")
            #expect(banner.all("li").contains { $0.text.contains("loan_application.json") && $0.text.contains("nowhere") })
        }
        #expect(try browser.get(instance).html.first("h1")?.text == "Tell us about yourself", "the last good version")

        try project.edit("processes/loan_application.json") { _ in original + " " }
        #expect(project.live.reloadIfChanged() == .reloaded)
        #expect(try browser.get("/").html.all("div").allSatisfy { !$0.hasClass("fs-project-errors") })
    }

    @Test func anInstanceWhoseScreenVanishedSaysSoAndOffersARestart() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        let instance = try browser.startLoan()
        try project.edit("processes/loan_application.json") { $0.replacingOccurrences(of: "\"personal\"", with: "\"about\"") }
        try project.edit("scenarios/happy-path.json") { $0.replacingOccurrences(of: "\"personal\"", with: "\"about\"") }
        try project.edit("scenarios/adviser.json") { $0.replacingOccurrences(of: "\"personal\"", with: "\"about\"") }
        #expect(project.live.reloadIfChanged() == .reloaded)
        let page = try browser.get(instance)
        #expect(page.status == 409)
        #expect(page.text.contains("“personal” is no longer in the process"))
        #expect(page.html.all("form").contains { $0["action"] == "/processes/loan_application/start" })
    }

    @Test func pagesCarryTheProjectGenerationForTheComfortScript() throws {
        let project = try LiveProject()
        var browser = Browser(project)
        func generation() throws -> String? {
            try browser.get("/").html.all("meta").first { $0["name"] == "flowstage-generation" }?["content"]
        }
        let before = try generation()
        #expect(try project.client.get("/live-version").text == (before ?? "") + "\n")
        try project.edit("tags/en.json") { $0 + "\n" }
        project.live.reloadIfChanged()
        #expect(try generation() != before)
    }
}
