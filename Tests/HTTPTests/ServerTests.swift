import Foundation
import Glibc
import Testing
@testable import HTTP

@Suite struct ServerTests {
    @Test func getWithQueryAndCookiesReachesTheHandler() throws {
        try withServer { server, recorder throws in
            let reply = try exchange(server.port,
                "GET /instances/caf%C3%A9?tab=a%20b&x=1&x=2 HTTP/1.1\r\nHost: t\r\nCookie: session=abc123; theme=\"dark\"\r\nX-Custom: yes\r\n\r\n")
            #expect(reply.status == 200)
            let request = try #require(recorder.requests.first)
            #expect(request.method == "GET")
            #expect(request.path == "/instances/café")
            #expect(request.rawPath == "/instances/caf%C3%A9")
            #expect(request.query.map(\.name) == ["tab", "x", "x"])
            #expect(request.query.map(\.value) == ["a b", "1", "2"])
            #expect(request.cookies["session"] == "abc123" && request.cookies["theme"] == "dark")
            #expect(request.headers["x-custom"] == "yes")
            #expect(request.remoteAddress == "127.0.0.1")
        }
    }

    /// A body above `LargeBody.threshold` (a download) is read by libmicrohttpd from the
    /// handler's array rather than copied: it must still arrive whole, with its length, and
    /// leave the connection usable; HEAD gets the length and no body.
    @Test func aLargeBodyArrivesWholeWithItsLength() throws {
        let large = (0..<(3 << 20) + 7).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) }
        try withServer(handler: { request in
            request.path == "/large" ? Response(status: 200, headers: ["Content-Type": "application/octet-stream"], body: large)
                : .text(200, "small")
        }) { server, _ throws in
            let connection = try TestConnection(port: server.port)
            connection.send("GET /large HTTP/1.1\r\nHost: t\r\n\r\n")
            let reply = try connection.readReply()
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Length"] == String(large.count))
            #expect(reply.body == large)
            connection.send("HEAD /large HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try connection.readReply(head: true)
            #expect(head.headers["Content-Length"] == String(large.count))
            connection.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().text == "small")
        }
    }

    @Test func aPathWithoutEscapesIsItsOwnRawPath() throws {
        try withServer { server, recorder throws in
            #expect(try exchange(server.port, "GET /instances/ab-12?tab=x HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
            let request = try #require(recorder.requests.first)
            #expect(request.path == "/instances/ab-12")
            #expect(request.rawPath == "/instances/ab-12")
            #expect(request.cookies["session"] == nil)
        }
    }

    @Test func keepAliveAnswersTwoRequestsOnOneConnection() throws {
        try withServer { server, recorder throws in
            let connection = try TestConnection(port: server.port)
            connection.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try connection.readReply()
            // The keep-alive trap: answering on the first access-handler call makes libmicrohttpd close.
            #expect(first.headers["Connection"]?.lowercased() != "close")
            connection.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
            let second = try connection.readReply()
            #expect(first.text == "ok GET /one")
            #expect(second.text == "ok GET /two")
            #expect(recorder.count == 2)
        }
    }

    @Test func pipelinedRequestsWithBodiesAreAllAnswered() throws {
        try withServer { server, _ throws in
            let connection = try TestConnection(port: server.port)
            let one = post("/a", contentType: "application/json", body: Array("{\"a\":1}".utf8))
            let two = post("/b", contentType: "application/x-www-form-urlencoded", body: Array("b=2".utf8))
            connection.send(one + two + Array("GET /c HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
            #expect(try connection.readReply().text == "ok POST /a")
            #expect(try connection.readReply().text == "ok POST /b")
            #expect(try connection.readReply().text == "ok GET /c")
        }
    }

    @Test func headAnswersHeadersWithoutBody() throws {
        try withServer { server, _ throws in
            let connection = try TestConnection(port: server.port)
            connection.send("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n")
            let reply = try connection.readReply(head: true)
            #expect(reply.status == 200)
            #expect(reply.body.isEmpty)
            connection.send("GET /y HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().text == "ok GET /y") // no stray body bytes in between
        }
    }

    @Test func everyResponseHeaderIsSent() throws {
        try withServer(handler: { _ in
            var response = Response.redirect(to: "/next")
            response.setCookie(Cookies.setCookie(name: "s", value: "1"))
            response.setCookie(Cookies.setCookie(name: "t", value: "2"))
            response.headers.add("X-Bad", "a\r\nInjected: yes")
            return response
        }) { server, _ throws in
            let reply = try exchange(server.port, "POST /go HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
            #expect(reply.status == 303)
            #expect(reply.headers["Location"] == "/next")
            #expect(reply.headers.values(for: "Set-Cookie").count == 2)
            #expect(reply.headers["Injected"] == nil)
        }
    }

    @Test func maxRequestsPerConnectionClosesTheConnection() throws {
        var configuration = testConfiguration()
        configuration.maxRequestsPerConnection = 2
        try withServer(configuration) { server, _ throws in
            let connection = try TestConnection(port: server.port)
            connection.send("GET /1 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().headers["Connection"]?.lowercased() != "close")
            connection.send("GET /2 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().headers["Connection"]?.lowercased() == "close")
            #expect(connection.isClosedByPeer())
        }
    }

    @Test func stopFreesThePortAndIsIdempotent() throws {
        let first = testConfiguration()
        defer { removeUploadFolder(of: first) }
        let server = HTTPServer(configuration: first) { _ in .text(200, "ok") }
        try server.start()
        let port = server.port
        #expect(port > 0)
        #expect(try exchange(port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
        server.stop()
        server.stop()
        var again = testConfiguration()
        again.port = port
        defer { removeUploadFolder(of: again) }
        let second = HTTPServer(configuration: again) { _ in .text(200, "again") }
        try second.start()
        defer { second.stop() }
        #expect(try exchange(port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n").text == "again")
    }

    @Test func portInUseIsAnErrorThatSaysWhatToDo() throws {
        try withServer { server, _ throws in
            var configuration = testConfiguration()
            configuration.port = server.port
            defer { removeUploadFolder(of: configuration) }
            let other = HTTPServer(configuration: configuration) { _ in .text(200, "") }
            #expect(throws: HTTPServerError.self) { try other.start() }
            do { try other.start() } catch let error as HTTPServerError {
                #expect(error.kind == .portInUse)
                #expect(error.message.contains("port \(server.port)"))
                #expect(error.message.contains("--port"))
            } catch { Issue.record("unexpected \(error)") }
        }
    }

    @Test func aTakenPortMovesOnToAFreeOneWhenAllowed() throws {
        try withServer { server, _ throws in
            var configuration = testConfiguration()
            configuration.port = server.port
            configuration.nextFreePorts = 20
            defer { removeUploadFolder(of: configuration) }
            let other = HTTPServer(configuration: configuration) { _ in .text(200, "second") }
            try other.start()
            defer { other.stop() }
            #expect(other.port != server.port)
            #expect(try exchange(other.port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n").text == "second")
        }
    }

    @Test func localhostIsResolved() throws {
        var configuration = testConfiguration()
        configuration.host = "localhost"
        try withServer(configuration) { server, _ throws in
            #expect(try exchange(server.port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
        }
    }

    @Test func unknownHostIsAnErrorThatSaysWhatToDo() throws {
        var configuration = testConfiguration()
        configuration.host = "no-such-host.invalid"
        defer { removeUploadFolder(of: configuration) }
        let server = HTTPServer(configuration: configuration) { _ in .text(200, "") }
        do {
            try server.start()
            Issue.record("start should fail")
        } catch {
            #expect(error.kind == .hostNotFound)
            #expect(error.message.contains("--host"))
        }
    }

    @Test func statusOutsideTheValidRangeBecomes500() throws {
        try withServer(handler: { _ in Response(status: 7) }) { server, _ throws in
            #expect(try exchange(server.port, "GET / HTTP/1.1\r\nHost: t\r\n\r\n").status == 500)
        }
    }
}
