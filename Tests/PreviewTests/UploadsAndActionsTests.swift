import Expressions
import FlowStageRuntime
import Foundation
import HTTP
@testable import Preview
import Synchronization
import TestSupport
import Testing

/// A fixture project with a file upload, a link, two handlers and a startProcess action, served
/// on an ephemeral port with its uploads in a temporary folder (removed in `deinit`).
final class ActionsPreview: @unchecked Sendable {
    let server: HTTPServer
    let client: TestHTTPClient
    let folder: URL
    let uploads: FolderUploadStore
    let app: PreviewApp

    static let project: [String: String] = [
        "project.json": #"{ "name": "Actions", "languages": ["en", "ro"] }"#,
        "processes/docs.json": #"""
        { "name": "docs", "params": [ { "key": "client.email" } ], "nodes": [
          { "id": "start", "type": "start", "next": "ask" },
          { "id": "ask", "type": "userTask", "title": "Documents", "screen": [
              { "type": "input", "key": "note", "label": "Note" },
              { "type": "fileUpload", "key": "proof", "label": "Proof", "accept": ".pdf,.png", "maxSize": 1000,
                "action": "upload", "validators": [ { "type": "required" } ] },
              { "type": "fileUpload", "key": "extra", "label": "Extra", "multiple": true, "action": "uploadExtra" },
              { "type": "button", "label": "Help", "action": "help" },
              { "type": "button", "label": "Check", "action": "check" },
              { "type": "button", "label": "Refuse", "action": "refuse" },
              { "type": "button", "label": "Side", "action": "side" },
              { "type": "button", "label": "Send", "action": "send" } ],
            "actions": [ { "name": "upload", "type": "upload", "key": "proof" },
                         { "name": "uploadExtra", "type": "upload", "key": "extra" },
                         { "name": "help", "type": "link", "url": "https://example.org/help", "newTab": true },
                         { "name": "check", "type": "handler", "handler": "score", "validate": false,
                           "params": { "bonus": "10" }, "next": "done" },
                         { "name": "refuse", "type": "handler", "handler": "refuse", "validate": false },
                         { "name": "side", "type": "startProcess", "process": "side" },
                         { "name": "send", "type": "submit", "next": "done" } ] },
          { "id": "done", "type": "end", "outcome": "completed" } ] }
        """#,
        "processes/side.json": #"""
        { "name": "side", "nodes": [
          { "id": "start", "type": "start", "next": "s1" },
          { "id": "s1", "type": "userTask", "title": "Side", "screen": [ { "type": "button", "label": "Finish", "action": "finish" } ],
            "actions": [ { "name": "finish", "type": "submit", "next": "end" } ] },
          { "id": "end", "type": "end", "outcome": "completed" } ] }
        """#,
    ]

    /// `store`: what the engine keeps files in, made around the folder store (a failing one, say).
    init(maxUploadBytes: Int = 64 << 10, sessions: SessionStore = SessionStore(),
         store: (FolderUploadStore) -> any UploadStore = { $0 }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-uploads-test-\(UUID().uuidString)")
        uploads = try FolderUploadStore(folder: folder.appendingPathComponent("store"))
        var engine = ProcessEngine.Configuration()
        engine.uploads = store(uploads)
        engine.maxUploadBytes = maxUploadBytes
        engine.actionHandlers = [
            "score": { request in
                var data = request.data
                let bonus = request.params.objectValue?["bonus"]?.numberValue ?? 0
                try DataPath("score").set(.number(bonus + 1), in: &data)
                return data
            },
            "refuse": { _ in throw ServiceFailure("The scoring service is down; try again in a minute.") },
        ]
        app = try PreviewLoader.load(project: try RepositoryPaths.fixture(Self.project), resources: RepositoryPaths.root,
                                         sessions: sessions, engineConfiguration: engine)
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.maxUploadBytes = maxUploadBytes + (1 << 20)
        configuration.uploadDirectory = folder.appendingPathComponent("incoming")
        let app = self.app
        server = HTTPServer(configuration: configuration, handler: app.handle)
        try server.start()
        client = TestHTTPClient(port: server.port)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The stored data of the instance at `path`, as the browser's session owns it.
    func data(_ path: String, _ browser: Browser) throws -> JSONValue {
        let session = String(browser.cookie?.split(separator: "=").last ?? "")
        return try app.engine.instance(String(path.split(separator: "/").last ?? ""), session: session).data
    }

    /// Files kept in the store (bytes and metadata) and parts left in the incoming folder.
    var storedFiles: [String] { (try? FileManager.default.contentsOfDirectory(atPath: uploads.folder.path)) ?? [] }
    var incomingFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("incoming").path)) ?? []
    }
}

let pdfBytes = Array("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n".utf8)

extension Browser {
    init(client: TestHTTPClient) { self.client = client }

    /// Posts `multipart/form-data` with the CSRF token, `fields` and `files` (name, file name, bytes).
    mutating func postFiles(_ path: String, _ fields: [(String, String)], files: [(String, String, [UInt8])]) throws -> TestHTTPClient.Reply {
        let boundary = "----flowstage-test-\(UUID().uuidString)"
        var body: [UInt8] = []
        for (name, value) in [("_csrf", csrf ?? "")] + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (name, fileName, bytes) in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        let reply = try client.send(method: "POST", path: path,
                                    headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")] + (cookie.map { [("Cookie", $0)] } ?? []),
                                    body: body)
        if reply.header("Content-Type")?.hasPrefix("text/html") == true,
           let token = reply.html.all("input").first(where: { $0["name"] == "_csrf" })?["value"] {
            csrf = token
        }
        return reply
    }

    /// Starts `docs` from the catalogue; returns the instance path.
    mutating func startDocs() throws -> String {
        _ = try get("/")
        let reply = try post("/processes/docs/start", [])
        return try #require(reply.header("Location"))
    }
}

/// The folder store, whose reads fail while `failing` is set, as PostgreSQL's do while it restarts.
final class UploadsThatCannotBeRead: UploadStore {
    let inner: FolderUploadStore
    let failing = Mutex(false)

    init(_ inner: FolderUploadStore) { self.inner = inner }

    func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        try inner.put(file, contentType: contentType, session: session, instance: instance)
    }

    func upload(_ id: String, session: String) throws(StoreError) -> (upload: StoredUpload, bytes: [UInt8])? {
        if failing.withLock({ $0 }) { throw .failed("cannot read the uploaded file \(id) (postgresql://db:5432/previews): the server is restarting") }
        return inner.upload(id, session: session)
    }

    func delete(_ ids: [String]) { inner.delete(ids) }
    func deleteAll(instance: String) { inner.deleteAll(instance: instance) }
    func deleteAll(session: String) { inner.deleteAll(session: session) }
}

@Suite(.serialized) struct Uploads {
    /// A store that cannot be read is not a missing file: 503 with `Retry-After`, as for any
    /// page whose store failed, and the same link works again once the store is back.
    @Test func aDownloadWhoseStoreReadFailsAnswers503WithRetryAfter() throws {
        var flaky: UploadsThatCannotBeRead?
        let preview = try ActionsPreview { folder in
            let store = UploadsThatCannotBeRead(folder)
            flaky = store
            return store
        }
        let store = try #require(flaky)
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        #expect(try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "a.pdf", pdfBytes)]).status == 303)
        let id = try #require(preview.data(instance, browser).objectValue?["proof"]?.objectValue?["id"]?.stringValue)
        store.failing.withLock { $0 = true }
        let refused = try browser.get("/uploads/\(id)")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "5")
        #expect(refused.text.contains("the server is restarting"))
        store.failing.withLock { $0 = false }
        let served = try browser.get("/uploads/\(id)")
        #expect(served.status == 200)
        #expect(served.body == pdfBytes)
    }

    @Test func anUploadIsStoredListedAndServedToItsSession() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        var page = try browser.get(instance)
        let form = try #require(page.html.all("form").first { $0.hasClass("fs-form") })
        #expect(form["enctype"] == "multipart/form-data")

        page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask"), ("note", "kept")],
                                     files: [("proof", "payslip.pdf", pdfBytes)])
        #expect(page.status == 303)
        page = try browser.get(instance)
        let link = try #require(page.html.all("a").first { $0.text == "payslip.pdf" })
        let href = try #require(link["href"])
        #expect(href.hasPrefix("/uploads/"))
        #expect(page.html.element(id: "field-note")?["value"] == "kept")

        let file = try browser.get(href)
        #expect(file.status == 200)
        #expect(file.body == pdfBytes)
        #expect(file.header("Content-Type") == "application/pdf")
        #expect(file.header("Content-Disposition")?.hasPrefix("attachment;") == true)
        #expect(file.header("X-Content-Type-Options") == "nosniff")
        #expect(preview.incomingFiles.isEmpty)

        // The metadata is in the data at the component's key.
        let proof = try preview.data(instance, browser).objectValue?["proof"]?.objectValue
        #expect(proof?["name"] == .string("payslip.pdf"))
        #expect(proof?["contentType"] == .string("application/pdf"))
        #expect(proof?["size"] == .number(Double(pdfBytes.count)))
        #expect(href == "/uploads/" + (proof?["id"]?.stringValue ?? "?"))
    }

    @Test func anImageIsServedInlineAndTheNameIsNeverAPath() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let reply = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "../../ça va.png", png)])
        #expect(reply.status == 303)
        let proof = try preview.data(instance, browser).objectValue?["proof"]?.objectValue
        let id = try #require(proof?["id"]?.stringValue)
        #expect(proof?["name"] == .string("../../ça va.png"))
        #expect(preview.storedFiles.sorted() == [id, id + ".json"])
        let file = try browser.get("/uploads/\(id)")
        #expect(file.header("Content-Type") == "image/png")
        #expect(file.header("Content-Disposition") == #"inline; filename=".._..__a va.png"; filename*=UTF-8''..%2F..%2F%C3%A7a%20va.png"#)
    }

    @Test func anUploadOfAnotherSessionIsNotFound() throws {
        let preview = try ActionsPreview()
        var owner = Browser(client: preview.client)
        let instance = try owner.startDocs()
        _ = try owner.get(instance)
        _ = try owner.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "a.pdf", pdfBytes)])
        let id = try #require(preview.data(instance, owner).objectValue?["proof"]?.objectValue?["id"]?.stringValue)
        var stranger = Browser(client: preview.client)
        _ = try stranger.get("/")
        #expect(try stranger.get("/uploads/\(id)").status == 404)
        #expect(try stranger.get("/uploads/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(try owner.get("/uploads/\(id)").status == 200)
    }

    @Test func aFileOverTheComponentsMaxSizeIsAFieldErrorAndNothingIsStored() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let big = pdfBytes + [UInt8](repeating: 0x20, count: 2000)
        let page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "big.pdf", big)])
        #expect(page.status == 422)
        #expect(page.text.contains("The file big.pdf is larger than 1000 bytes"))
        let input = try #require(page.html.element(id: "field-proof"))
        #expect(input["aria-invalid"] == "true")
        #expect(input["aria-describedby"]?.contains("field-proof-error") == true)
        #expect(preview.storedFiles.isEmpty)
        #expect(preview.incomingFiles.isEmpty)
        #expect(try preview.data(instance, browser).objectValue?["proof"] == nil)
    }

    @Test func aBodyOverTheServersUploadLimitIs413AndNothingIsStored() throws {
        let preview = try ActionsPreview(maxUploadBytes: 1 << 10)
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let huge = pdfBytes + [UInt8](repeating: 0x20, count: (1 << 20) + 4096)
        let page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "huge.pdf", huge)])
        #expect(page.status == 413)
        #expect(preview.storedFiles.isEmpty)
        #expect(preview.incomingFiles.isEmpty)
    }

    @Test func aFileOfATypeAcceptDoesNotListIsRefusedByItsExtension() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "notes.txt", Array("hello".utf8))])
        #expect(page.status == 422)
        #expect(page.text.contains("The file notes.txt must be PDF or PNG"))
        #expect(preview.storedFiles.isEmpty)
    }

    @Test func aFileWhoseContentIsNotItsTypeIsRefusedBySniffing() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "scan.png", pdfBytes)])
        #expect(page.status == 422)
        #expect(page.text.contains("The contents of scan.png do not match its type"))
        #expect(preview.storedFiles.isEmpty)
    }

    @Test func anEmptyFileOrNoFileIsAFieldError() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        var page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "empty.pdf", [])])
        #expect(page.status == 422)
        #expect(page.text.contains("The file empty.pdf is empty"))
        page = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [])
        #expect(page.status == 422)
        #expect(page.text.contains("Proof: choose a file"))
        // A required file field with nothing stored stops a submit with the same words.
        page = try browser.post(instance + "/actions/send", [("_screen", "ask")])
        #expect(page.status == 422)
        #expect(page.html.all("div").first { $0.hasClass("fs-error-summary") }?.all("a").map(\.text) == ["Proof: choose a file"])
        #expect(preview.storedFiles.isEmpty)
    }

    @Test func malformedMultipartIs400AndTheServerStaysUp() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let reply = try preview.client.send(method: "POST", path: instance + "/actions/upload",
                                            headers: [("Content-Type", "multipart/form-data; boundary=xyz"), ("Cookie", browser.cookie ?? "")],
                                            body: Array("--xyz\r\nContent-Disposition: form-data; name=\"proof\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4 and no end".utf8))
        #expect(reply.status == 400)
        #expect(preview.incomingFiles.isEmpty)
        #expect(try preview.client.get("/healthz").status == 200)
    }

    @Test func removingAFileDeletesItAndMultipleUploadsAddUp() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        _ = try browser.postFiles(instance + "/actions/uploadExtra", [("_screen", "ask")], files: [("extra", "one.pdf", pdfBytes)])
        _ = try browser.postFiles(instance + "/actions/uploadExtra", [("_screen", "ask")], files: [("extra", "two.pdf", pdfBytes)])
        guard case .array(let files) = try preview.data(instance, browser).objectValue?["extra"] ?? .null else {
            Issue.record("extra is not a list"); return
        }
        #expect(files.compactMap { $0.objectValue?["name"]?.stringValue } == ["one.pdf", "two.pdf"])
        let first = try #require(files.first?.objectValue?["id"]?.stringValue)
        _ = try browser.get(instance)
        let reply = try browser.postFiles(instance + "/actions/uploadExtra", [("_screen", "ask"), ("_remove", first)], files: [])
        #expect(reply.status == 303)
        #expect(try browser.get("/uploads/\(first)").status == 404)
        #expect(preview.storedFiles.count == 2) // the second file and its metadata
    }

    @Test func endingTheSessionRemovesItsFiles() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        _ = try browser.postFiles(instance + "/actions/upload", [("_screen", "ask")], files: [("proof", "a.pdf", pdfBytes)])
        #expect(!preview.storedFiles.isEmpty)
        _ = try browser.get("/")
        #expect(try browser.post("/session/end", []).status == 303)
        #expect(preview.storedFiles.isEmpty)
    }
}

@Suite(.serialized) struct ProcessActionsOverHTTP {
    @Test func startProcessShowsTheChildAndComesBackWhenItEnds() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        var reply = try browser.post(instance + "/actions/side", [("_screen", "ask"), ("note", "before")])
        #expect(reply.status == 303)
        let child = try #require(reply.header("Location"))
        #expect(child != instance)
        let page = try browser.get(child)
        #expect(page.html.first("h1")?.text == "Side")
        reply = try browser.post(child + "/actions/finish", [("_screen", "s1")])
        #expect(reply.status == 303)
        #expect(reply.header("Location") == instance)
        #expect(try browser.get(instance).html.element(id: "field-note")?["value"] == "before")
    }

    @Test func aLinkActionIsALinkAndAPostRedirectsOnlyToItsSafeURL() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        let page = try browser.get(instance)
        let link = try #require(page.html.all("a").first { $0.text.hasPrefix("Help") })
        #expect(link["href"] == "https://example.org/help")
        #expect(link["target"] == "_blank")
        let reply = try browser.post(instance + "/actions/help", [("_screen", "ask")])
        #expect(reply.status == 303)
        #expect(reply.header("Location") == "https://example.org/help")
    }

    @Test func aHandlerChangesTheDataAndMovesOn() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let reply = try browser.post(instance + "/actions/check", [("_screen", "ask")])
        #expect(reply.status == 303)
        let (_, screen) = try browser.getJSON(instance)
        #expect(screen.objectValue?["status"] == .string("completed"))
        #expect(try preview.data(instance, browser).objectValue?["score"] == .number(11))
    }

    @Test func aHandlersErrorIsShownAsTheActionsErrorBannerAndNothingIsSaved() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        let instance = try browser.startDocs()
        _ = try browser.get(instance)
        let page = try browser.post(instance + "/actions/refuse", [("_screen", "ask"), ("note", "typed")])
        #expect(page.status == 422)
        let banner = try #require(page.html.element(id: "action-error"))
        #expect(banner["role"] == "alert")
        #expect(banner.text.contains("The scoring service is down; try again in a minute."))
        #expect(page.html.element(id: "field-note")?["value"] == "typed")
        #expect(try preview.data(instance, browser).objectValue?["note"] == nil)
    }

    @Test func aJSONBodyStartsAProcessWithItsParameters() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        _ = try browser.get("/")
        let reply = try preview.client.send(method: "POST", path: "/processes/docs/start",
                                            headers: [("Content-Type", "application/json"), ("X-CSRF-Token", browser.csrf ?? ""),
                                                      ("Cookie", browser.cookie ?? "")],
                                            body: Array(#"{ "client": { "email": "ana@example.org" } }"#.utf8))
        #expect(reply.status == 303)
        let instance = try #require(reply.header("Location"))
        #expect(try preview.data(instance, browser).objectValue?["client"]?.objectValue?["email"] == .string("ana@example.org"))
        let refused = try preview.client.send(method: "POST", path: "/processes/docs/start",
                                              headers: [("Content-Type", "application/json"), ("Cookie", browser.cookie ?? "")],
                                              body: Array("{}".utf8))
        #expect(refused.status == 403)
    }

    @Test func anActionPostedAsJSONIsRefusedAndChangesNothing() throws {
        let preview = try ActionsPreview()
        var browser = Browser(client: preview.client)
        _ = try browser.get("/")
        let instance = try #require(try browser.post("/processes/docs/start", []).header("Location"))
        let reply = try preview.client.send(method: "POST", path: instance + "/actions/refuse",
                                            headers: [("Content-Type", "application/json"), ("X-CSRF-Token", browser.csrf ?? ""),
                                                      ("Cookie", browser.cookie ?? "")],
                                            body: Array(#"{ "_screen": "ask", "note": "typed" }"#.utf8))
        #expect(reply.status == 415)
        #expect(try preview.data(instance, browser).objectValue?["note"] == nil)
    }
}
