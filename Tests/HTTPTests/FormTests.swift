import Foundation
import Testing
@testable import HTTP

@Suite struct FormTests {
    let urlencoded = "application/x-www-form-urlencoded"

    @Test func urlencodedFormKeepsOrderRepeatedNamesAndUTF8() throws {
        try withServer { server, recorder throws in
            let body = Array("colour=red&client.name=J%C3%BCrgen+M%C3%BCller&colour=blue&empty=&flag&&note=%E2%9C%93".utf8)
            let reply = try exchange(server.port, post("/f", contentType: urlencoded + "; charset=UTF-8", body: body))
            #expect(reply.status == 200)
            let form = try #require(recorder.requests.first?.form)
            #expect(form.values("colour") == ["red", "blue"])
            #expect(form.first("client.name") == "Jürgen Müller")
            #expect(form.first("empty") == "")
            #expect(form.first("flag") == "")
            #expect(form.first("note") == "✓")
            #expect(form.fields.map(\.name) == ["colour", "client.name", "colour", "empty", "flag", "note"])
            #expect(recorder.requests.first?.body.isEmpty == true)
        }
    }

    @Test func otherBodiesArriveRaw() throws {
        try withServer { server, recorder throws in
            let json = Array("{\"name\":\"Ada\",\"n\":[1,2]}".utf8)
            #expect(try exchange(server.port, post("/j", contentType: "application/json", body: json)).status == 200)
            let request = try #require(recorder.requests.first)
            #expect(request.body == json)
            #expect(request.form == nil)
        }
    }

    @Test func bodyOverTheLimitIs413AndTheHandlerIsNotCalled() throws {
        var configuration = testConfiguration()
        configuration.maxBodyBytes = 1000
        try withServer(configuration) { server, recorder throws in
            let body = Array("a=".utf8) + [UInt8](repeating: 0x61, count: 2000)
            let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: body))
            #expect(reply.status == 413)
            #expect(reply.text.contains("The form was larger than 1000 bytes."))
            let json = try exchange(server.port, post("/j", contentType: "application/json", body: body))
            #expect(json.status == 413)
            #expect(recorder.count == 0)
        }
    }

    @Test func theServersOwnErrorPagesCarryTheSecurityHeaders() throws {
        var configuration = testConfiguration()
        configuration.maxBodyBytes = 10
        try withServer(configuration) { server, _ throws in
            let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: Array("a=0123456789abcdef".utf8)))
            #expect(reply.status == 413)
            #expect(reply.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
            #expect(reply.headers["X-Content-Type-Options"] == "nosniff")
            #expect(reply.headers["X-Frame-Options"] == "DENY")
        }
    }

    @Test func chunkedBodyOverTheLimitIs413AndTheHandlerIsNotCalled() throws {
        var configuration = testConfiguration()
        configuration.maxBodyBytes = 1000
        try withServer(configuration) { server, recorder throws in
            let connection = try TestConnection(port: server.port)
            var raw = "POST /c HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<4 { raw += "200\r\n" + String(repeating: "x", count: 512) + "\r\n" }
            raw += "0\r\n\r\n"
            connection.send(raw)
            let reply = try connection.readReply()
            #expect(reply.status == 413)
            #expect(reply.text.contains("The request body was larger than 1000 bytes."))
            #expect(recorder.count == 0)
            #expect(try exchange(server.port, "GET /after HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
        }
    }

    @Test func tooManyFieldsIs413() throws {
        var configuration = testConfiguration()
        configuration.maxFields = 10
        try withServer(configuration) { server, recorder throws in
            let body = Array((0..<11).map { "f\($0)=1" }.joined(separator: "&").utf8)
            let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: body))
            #expect(reply.status == 413)
            #expect(reply.text.contains("more than 10 fields"))
            let exact = Array((0..<10).map { "f\($0)=1" }.joined(separator: "&").utf8)
            #expect(try exchange(server.port, post("/f", contentType: urlencoded, body: exact)).status == 200)
            #expect(recorder.count == 1)
        }
    }

    @Test func aFieldLongerThanTheLimitIs413() throws {
        var configuration = testConfiguration()
        configuration.maxFieldBytes = 100
        try withServer(configuration) { server, recorder throws in
            let body = Array(("a=" + String(repeating: "z", count: 101)).utf8)
            let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: body))
            #expect(reply.status == 413)
            #expect(reply.text.contains("longer than 100 bytes"))
            #expect(recorder.count == 0)
        }
    }

    @Test func invalidPercentEncodingIs400() throws {
        try withServer { server, recorder throws in
            for body in ["a=%zz", "a=%4", "a=%", "%G1=x"] {
                let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: Array(body.utf8)))
                #expect(reply.status == 400, "\(body)")
                #expect(reply.text.contains("percent-encoding"))
            }
            #expect(try exchange(server.port, "GET /q?a=%zz HTTP/1.1\r\nHost: t\r\n\r\n").status == 400)
            #expect(try exchange(server.port, "GET /bad%zzpath HTTP/1.1\r\nHost: t\r\n\r\n").status == 400)
            #expect(recorder.count == 0)
        }
    }

    @Test func invalidUTF8Is400() throws {
        try withServer { server, recorder throws in
            let encoded = try exchange(server.port, post("/f", contentType: urlencoded, body: Array("a=%FF%FE".utf8)))
            #expect(encoded.status == 400)
            #expect(encoded.text.contains("UTF-8"))
            let rawBytes = Array("a=".utf8) + [0xC3, 0x28]
            #expect(try exchange(server.port, post("/f", contentType: urlencoded, body: rawBytes)).status == 400)
            // A path with no escapes is checked as strictly as one with them.
            let rawPath = Array("GET /a".utf8) + [0xC3, 0x28] + Array(" HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
            #expect(try exchange(server.port, rawPath).status == 400)
            var multipart = MultipartBuilder()
            multipart.field("name", [0x66, 0xFF, 0x6F])
            let reply = try exchange(server.port, post("/m", contentType: multipart.contentType, body: multipart.finished()))
            #expect(reply.status == 400)
            #expect(reply.text.contains("UTF-8"))
            #expect(try exchange(server.port, "GET /q?n=%C3 HTTP/1.1\r\nHost: t\r\n\r\n").status == 400)
            #expect(recorder.count == 0)
        }
    }

    @Test func customErrorPageIsGivenTheReasonAndItsLimit() throws {
        var configuration = testConfiguration()
        configuration.maxBodyBytes = 10
        configuration.errorPage = { error in .text(error.status, "custom: \(error.reason) \(error.limit ?? -1): \(error.message)") }
        try withServer(configuration) { server, _ throws in
            let reply = try exchange(server.port, post("/f", contentType: urlencoded, body: Array("a=0123456789".utf8)))
            #expect(reply.status == 413)
            #expect(reply.text == "custom: formTooLarge 10: The form was larger than 10 bytes.")
        }
    }

    @Test func urlencodedParserRejectsEachRule() throws {
        let limits = FormLimits(maxFields: 3, maxFieldBytes: 5)
        #expect(throws: RequestRejection.self) { try URLEncoding.parseForm(Array("a=1&b=2&c=3&d=4".utf8), limits: limits) }
        #expect(throws: RequestRejection.self) { try URLEncoding.parseForm(Array("a=123456".utf8), limits: limits) }
        #expect(throws: RequestRejection.self) { try URLEncoding.parseForm(Array("a=%2".utf8), limits: limits) }
        let ok = try URLEncoding.parseForm(Array("a=1+2&a=%2B".utf8), limits: limits)
        #expect(ok.map(\.value) == ["1 2", "+"])
    }
}
