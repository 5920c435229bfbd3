import Foundation
import Testing
@testable import HTTP

@Suite struct StaticFilesTests {
    /// root/public/{app.css, js/app.js, index.html}, and root/secret.txt beside it.
    static func makeFolders() throws -> (root: URL, publicFolder: URL) {
        let root = temporaryFolder("static")
        let publicFolder = root.appendingPathComponent("public", isDirectory: true)
        try FileManager.default.createDirectory(at: publicFolder.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data("body { color: red }".utf8).write(to: publicFolder.appendingPathComponent("app.css"))
        try Data("console.log(1)".utf8).write(to: publicFolder.appendingPathComponent("js/app.js"))
        try Data("<h1>home</h1>".utf8).write(to: publicFolder.appendingPathComponent("index.html"))
        try Data("hidden".utf8).write(to: publicFolder.appendingPathComponent(".env"))
        try Data("top secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: publicFolder.appendingPathComponent("link.txt"),
                                                   withDestinationURL: root.appendingPathComponent("secret.txt"))
        return (root, publicFolder)
    }

    /// A server that serves `/public/…` from the folder.
    static func serve(_ files: StaticFiles) -> @Sendable (Request) -> Response {
        { request in
            guard request.path.hasPrefix("/public/") else { return .notFound() }
            return files.response(for: String(request.path.dropFirst("/public/".count)), request: request) ?? .notFound()
        }
    }

    @Test func aStaticFileHasAnETagAndAnswers304WhenItMatches() throws {
        let (root, publicFolder) = try Self.makeFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try StaticFiles(root: publicFolder)
        try withServer(handler: Self.serve(files)) { server, _ throws in
            let first = try exchange(server.port, "GET /public/app.css HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(first.status == 200)
            #expect(first.text == "body { color: red }")
            #expect(first.headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(first.headers["Cache-Control"] != nil)
            let etag = try #require(first.headers["ETag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            let again = try exchange(server.port, "GET /public/app.css HTTP/1.1\r\nHost: t\r\nIf-None-Match: \"other\", \(etag)\r\n\r\n")
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["ETag"] == etag)
            let stale = try exchange(server.port, "GET /public/app.css HTTP/1.1\r\nHost: t\r\nIf-None-Match: \"other\"\r\n\r\n")
            #expect(stale.status == 200)
            let nested = try exchange(server.port, "GET /public/js/app.js HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(nested.headers["Content-Type"] == "text/javascript; charset=utf-8")
        }
    }

    @Test func pathTraversalAttemptsAreNotFound() throws {
        let (root, publicFolder) = try Self.makeFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try StaticFiles(root: publicFolder)
        try withServer(handler: Self.serve(files)) { server, _ throws in
            let attempts = [
                "/public/../secret.txt", "/public/%2e%2e/secret.txt", "/public/%2E%2E%2Fsecret.txt",
                "/public/..%2fsecret.txt", "/public/%252e%252e/secret.txt", "/public/js/../../secret.txt",
                "/public/..\\secret.txt", "/public/%5c..%5csecret.txt", "/public/app.css%00.png",
                "/public/link.txt", "/public/.env", "/public//../secret.txt", "/public/./app.css",
            ]
            for path in attempts {
                let reply = try exchange(server.port, "GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(reply.status == 404 || reply.status == 400, "\(path)")
                #expect(!reply.text.contains("top secret"), "\(path)")
                #expect(!reply.text.contains("hidden"), "\(path)")
            }
        }
        for key in ["..", "../x", "a/../b", "a\\b", "a\0b", "%2e%2e/x", "./a", "a/%2E%2e", "a%2Fb", "a%5cb", "a%00", "x/."] {
            #expect(StaticFiles.key(for: key) == nil, "\(key)")
        }
    }

    @Test func aKeyDropsEmptySegmentsAndKeepsEveryOtherName() {
        #expect(StaticFiles.key(for: "/js//app.js") == "js/app.js")
        #expect(StaticFiles.key(for: "/") == "")
        #expect(StaticFiles.key(for: "a/.../b%20c.txt") == "a/.../b%20c.txt")
        #expect(StaticFiles.key(for: "café/ünï.css") == "café/ünï.css")
        #expect(StaticFiles.key(for: "100%") == "100%")
    }

    @Test func aFolderAnswersWithItsIndexAndOtherMethodsAreNotServed() throws {
        let (root, publicFolder) = try Self.makeFolders()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try StaticFiles(root: publicFolder)
        #expect(files.response(for: "", request: Request(method: "GET", path: "/"))?.body == Array("<h1>home</h1>".utf8))
        #expect(files.response(for: "/app.css", request: Request(method: "HEAD", path: "/"))?.status == 200)
        #expect(files.response(for: "app.css", request: Request(method: "POST", path: "/")) == nil)
        #expect(files.response(for: "missing.css", request: Request(method: "GET", path: "/")) == nil)
    }

    @Test func etagsChangeWithTheContent() {
        #expect(ETag.strong(for: Array("a".utf8)) != ETag.strong(for: Array("b".utf8)))
        #expect(ETag.strong(for: []) == ETag.strong(for: []))
        #expect(ETag.matches(ifNoneMatch: "W/\"x\"", etag: "\"x\""))
        #expect(ETag.matches(ifNoneMatch: "*", etag: "\"x\""))
        #expect(!ETag.matches(ifNoneMatch: nil, etag: "\"x\""))
    }
}

@Suite struct CookieTests {
    @Test func cookiesAreReadFromTheCookieHeaderTheFirstOfANameWinning() {
        let cookies = RequestCookies(headers: ["a=1; b=two;c=\"q\"; bad; =x; a=ignored"])
        #expect([cookies["a"], cookies["b"], cookies["c"], cookies["bad"], cookies[""], cookies["x"]] == ["1", "two", "q", nil, nil, nil])
        #expect(RequestCookies(headers: [])["a"] == nil)
    }

    @Test func cookiePiecesAreTrimmedOfSpacesAndTabsOnlyAndOnePairOfQuotesIsRemoved() {
        let cookies = RequestCookies(headers: [" \tname =\t\"a b\" ;;", "q=\"\"x\"\"; e=\"; u=ș=ț; n=; last=1", "name=second"])
        #expect(["name", "q", "e", "u", "n", "last"].map { cookies[$0] } == ["a b", "\"x\"", "\"", "ș=ț", "", "1"])
    }

    @Test func ipv4AddressesAreWrittenInDottedDecimal() {
        #expect(ipv4String(0x7F00_0001) == "127.0.0.1")
        #expect(ipv4String(0) == "0.0.0.0")
        #expect(ipv4String(0xFFFF_FFFF) == "255.255.255.255")
        #expect(ipv4String(0x0A00_6409) == "10.0.100.9")
    }

    @Test func setCookieHasSafeDefaults() {
        #expect(Cookies.setCookie(name: "session", value: "abc") == "session=abc; Path=/; HttpOnly; SameSite=Lax")
        #expect(Cookies.setCookie(name: "s", value: "v", maxAge: 3600, secure: true)
                == "s=v; Max-Age=3600; Path=/; Secure; HttpOnly; SameSite=Lax")
    }

    @Test func setCookieCannotInjectAttributes() {
        let value = Cookies.setCookie(name: "a b", value: "x; Domain=evil\r\nX: y")
        #expect(!value.contains(" b="))
        #expect(!value.contains("; Domain"))
        #expect(!value.contains("\r") && !value.contains("\n"))
    }
}
