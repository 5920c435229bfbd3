import Expressions
import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import TestSupport
import Testing

/// A real server on an ephemeral loopback port serving the example project.
final class RunningPreview: @unchecked Sendable {
    let server: HTTPServer
    let app: PreviewApp
    private let uploads = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-test-\(UUID().uuidString)")
    let client: TestHTTPClient

    /// A server over the example project; with `database`, every store is that SQLite file,
    /// so a second server on the same file stands for a restart. `sessions` replaces the
    /// session store (e.g. one with a manual clock); give it `database.sessions` with a database.
    /// `trustedProxies` is the server's `--trust-proxy`.
    init(project: URL = RepositoryPaths.examples, database: SQLiteStore? = nil, sessions: SessionStore? = nil,
         configuration: PreviewApp.Configuration = .init(), trustedProxies: TrustedProxies = TrustedProxies()) throws {
        let app = if let database {
            try PreviewLoader.load(project: project, resources: RepositoryPaths.root, store: database.instances,
                                   flowStore: database.flowRuns, sessions: sessions ?? SessionStore(records: database.sessions),
                                   configuration: configuration)
        } else {
            try PreviewLoader.load(project: project, resources: RepositoryPaths.root, sessions: sessions ?? SessionStore(),
                                   configuration: configuration)
        }
        self.app = app
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.uploadDirectory = uploads
        configuration.trustedProxies = trustedProxies
        configuration.errorPage = { app.serverErrorPage($0) }   // as `flowstage serve` sets it
        server = HTTPServer(configuration: configuration, handler: app.handle)
        try server.start()
        client = TestHTTPClient(port: server.port)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: uploads)
    }
}

/// One browser: keeps the session cookie and reads the CSRF token from the last page.
struct Browser {
    let client: TestHTTPClient
    var cookie: String?
    var csrf: String?

    init(_ preview: RunningPreview) { client = preview.client }
    init(_ project: LiveProject) { client = project.client }

    mutating func get(_ path: String) throws -> TestHTTPClient.Reply {
        let reply = try client.get(path, headers: cookie.map { [("Cookie", $0)] } ?? [])
        remember(reply)
        return reply
    }

    /// The JSON screen API: the same address asked for `application/json`.
    func getJSON(_ path: String) throws -> (status: Int, value: JSONValue) {
        let reply = try client.get(path, headers: [("Accept", "application/json")] + (cookie.map { [("Cookie", $0)] } ?? []))
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        return (reply.status, try JSONParser.parse(reply.body))
    }

    mutating func post(_ path: String, _ fields: [(String, String)], csrf includeToken: Bool = true) throws -> TestHTTPClient.Reply {
        let token = includeToken ? [("_csrf", csrf ?? "")] : []
        let reply = try client.post(path, form: token + fields, headers: cookie.map { [("Cookie", $0)] } ?? [])
        remember(reply)
        return reply
    }

    private mutating func remember(_ reply: TestHTTPClient.Reply) {
        if let setCookie = reply.header("Set-Cookie") {
            cookie = String(setCookie.split(separator: ";")[0])
        }
        if reply.header("Content-Type")?.hasPrefix("text/html") == true,
           let token = reply.html.all("input").first(where: { $0["name"] == "_csrf" })?["value"] {
            csrf = token
        }
    }

    /// Starts the loan process from the catalogue; returns the instance path.
    mutating func startLoan() throws -> String {
        _ = try get("/")
        let reply = try post("/processes/loan_application/start", [])
        #expect(reply.status == 303)
        return try #require(reply.header("Location"))
    }
}

let personal = [("client.firstName", "Ana"), ("client.lastName", "Pop"), ("client.email", "ana@example.org")]

@Suite(.serialized) struct WalkingTheExample {
    @Test func theCatalogueListsTheProcessAndSetsASessionCookie() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let reply = try browser.get("/")
        #expect(reply.status == 200)
        let cookie = try #require(reply.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Lax"))
        let listed = reply.html.all("h3").map(\.text)
        #expect(listed.contains("Loan application") && listed.contains("Welcome to Acme Bank"))
        #expect(listed.contains("Preferences"))
        #expect(reply.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func theWholeExampleCanBeWalkedToItsEnd() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(instance.hasPrefix("/instances/"))

        var page = try browser.get(instance)
        #expect(page.status == 200)
        #expect(page.html.first("h1")?.text == "Tell us about yourself")

        // An invalid post: 422, the same screen, an error summary linking to the fields.
        page = try browser.post(instance + "/actions/continue", [("_screen", "personal"), ("client.firstName", "Ana")])
        #expect(page.status == 422)
        let summary = try #require(page.html.all("div").first { $0.hasClass("fs-error-summary") })
        #expect(summary.all("a").map { $0["href"] } == ["#field-client-lastName", "#field-client-email"])
        #expect(page.html.element(id: "field-client-lastName") != nil)
        #expect(page.html.element(id: "field-client-firstName")?["value"] == "Ana")

        // A valid post: 303 back to the instance, which shows the next screen.
        page = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)
        #expect(page.status == 303)
        #expect(page.header("Location") == instance)
        page = try browser.get(instance)
        #expect(page.html.first("h1")?.text == "How much would you like to borrow?")

        // Back keeps the data.
        page = try browser.post(instance + "/back", [])
        #expect(page.status == 303)
        page = try browser.get(instance)
        #expect(page.html.element(id: "field-client-lastName")?["value"] == "Pop")
        page = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal)

        page = try browser.post(instance + "/actions/continue",
                                [("_screen", "loan"), ("loan.amount", "5000"), ("loan.purpose", "car"), ("loan.term", "24")])
        #expect(page.status == 303)
        page = try browser.get(instance)
        #expect(page.html.first("h1")?.text == "Your offer")
        #expect(page.html.first("main")?.text.contains("€225") == true)

        page = try browser.post(instance + "/actions/accept", [("_screen", "offer"), ("offer.accepted", "true")])
        #expect(page.status == 303)
        page = try browser.get(instance)
        #expect(page.status == 200)
        #expect(page.html.first("h1")?.text == "Completed")
        #expect(page.html.first("main")?.text.contains("Thank you, Ana") == true)
    }

    @Test func aPostWithoutTheCSRFTokenIsForbiddenAndChangesNothing() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let reply = try browser.post(instance + "/actions/continue", [("_screen", "personal")] + personal, csrf: false)
        #expect(reply.status == 403)
        let page = try browser.get(instance)
        #expect(page.html.first("h1")?.text == "Tell us about yourself")
        #expect(page.html.element(id: "field-client-firstName")?["value"] == "")
    }

    @Test func anotherSessionGetsNotFoundForTheInstance() throws {
        let preview = try RunningPreview()
        var owner = Browser(preview)
        let instance = try owner.startLoan()
        var stranger = Browser(preview)
        _ = try stranger.get("/")
        #expect(try stranger.get(instance).status == 404)
        #expect(try stranger.post(instance + "/actions/continue", personal).status == 404)
        #expect(try stranger.get("/instances/does-not-exist").status == 404)
    }

    @Test func anUnknownActionIsNotFound() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        #expect(try browser.post(instance + "/actions/fly", []).status == 404)
    }

    @Test func aMalformedMultipartBodyIsABadRequestAndTheServerStaysUp() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let body = Array("--nope\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\ntruncated".utf8)
        let reply = try preview.client.send(method: "POST", path: instance + "/actions/continue",
                                            headers: [("Cookie", browser.cookie ?? ""),
                                                      ("Content-Type", "multipart/form-data; boundary=XYZ")],
                                            body: body)
        #expect(reply.status == 400)
        #expect(try preview.client.get("/healthz").status == 200)
    }

    @Test func staticFilesAndThemeCSSCarryETags() throws {
        let preview = try RunningPreview()
        let css = try preview.client.get("/public/flowstage.css")
        #expect(css.status == 200)
        let etag = try #require(css.header("ETag"))
        #expect(try preview.client.get("/public/flowstage.css", headers: [("If-None-Match", etag)]).status == 304)
        let theme = try preview.client.get("/themes/default.css")
        #expect(theme.status == 200)
        #expect(theme.text.contains("--fs-primary"))
        #expect(try preview.client.get("/public/../Package.swift").status == 404)
    }
}
