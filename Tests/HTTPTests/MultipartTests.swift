import Foundation
import Testing
@testable import HTTP

@Suite struct MultipartTests {
    /// Deterministic pseudo-random bytes (contains CR, LF and dashes).
    static func megabyte(seed: UInt64 = 42) -> [UInt8] {
        var state = seed
        return (0..<(1 << 20)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func textFieldAndOneMegabyteFileArriveByteExact() throws {
        let file = Self.megabyte()
        try withServer { server, recorder throws in
            var multipart = MultipartBuilder()
            multipart.field("title", "Zoë's report ✓")
            multipart.file("attachment", fileName: "../../etc/passwd", contentType: "application/pdf", file)
            let connection = try TestConnection(port: server.port)
            connection.send(post("/u", contentType: multipart.contentType, body: multipart.finished()))
            #expect(try connection.readReply().status == 200)

            let form = try #require(recorder.requests.first?.form)
            #expect(form.first("title") == "Zoë's report ✓")
            let upload = try #require(form.files.first)
            #expect(upload.fieldName == "attachment")
            #expect(upload.fileName == "../../etc/passwd")
            #expect(upload.contentType == "application/pdf")
            #expect(upload.size == file.count)
            #expect(recorder.bytes(ofFile: "attachment") == file)
            // Stored under a generated name inside the upload folder, never the client's name.
            #expect(upload.temporaryURL.deletingLastPathComponent().standardizedFileURL.path
                    == server.uploadDirectoryForTests.standardizedFileURL.path)
            #expect(!upload.temporaryURL.lastPathComponent.contains("passwd"))

            // The request completed before the next one on this connection starts: the file is gone.
            connection.send("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().status == 200)
            #expect(!FileManager.default.fileExists(atPath: upload.temporaryURL.path))
        }
    }

    @Test func aFileTheHandlerMovesAwayIsKept() throws {
        let keep = temporaryFolder("keep")
        try FileManager.default.createDirectory(at: keep, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: keep) }
        let destination = keep.appendingPathComponent("kept.bin")
        try withServer(handler: { request in
            if let file = request.form?.files.first {
                try? FileManager.default.moveItem(at: file.temporaryURL, to: destination)
            }
            return .text(200, "kept")
        }) { server, _ throws in
            var multipart = MultipartBuilder()
            multipart.file("doc", fileName: "a.txt", contentType: "text/plain", Array("hello".utf8))
            let connection = try TestConnection(port: server.port)
            connection.send(post("/u", contentType: multipart.contentType, body: multipart.finished()))
            #expect(try connection.readReply().status == 200)
            connection.send("GET /next HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try connection.readReply()
            #expect(try Data(contentsOf: destination) == Data("hello".utf8))
        }
    }

    @Test func anEmptyFileInputIsNotAFile() throws {
        try withServer { server, recorder throws in
            var multipart = MultipartBuilder()
            multipart.file("doc", fileName: "", contentType: "application/octet-stream", [])
            multipart.field("a", "1")
            #expect(try exchange(server.port, post("/u", contentType: multipart.contentType, body: multipart.finished())).status == 200)
            let form = try #require(recorder.requests.first?.form)
            #expect(form.files.isEmpty)
            #expect(form.first("a") == "1")
        }
    }

    @Test func uploadOverTheLimitIs413AndLeavesNoFiles() throws {
        var configuration = testConfiguration("limit")
        configuration.maxUploadBytes = 100_000
        try withServer(configuration) { server, recorder throws in
            var multipart = MultipartBuilder()
            multipart.file("doc", fileName: "big.bin", contentType: "application/octet-stream", [UInt8](repeating: 7, count: 200_000))
            let body = multipart.finished()
            // Announced length: rejected before reading.
            let announced = try exchange(server.port, post("/u", contentType: multipart.contentType, body: body))
            #expect(announced.status == 413)
            #expect(announced.text.contains("The upload was larger than"))
            // Chunked: rejected while streaming, after part of the file was written.
            let connection = try TestConnection(port: server.port)
            var raw = Array("POST /u HTTP/1.1\r\nHost: t\r\nContent-Type: \(multipart.contentType)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            var offset = 0
            while offset < body.count {
                let piece = body[offset..<min(offset + 16_384, body.count)]
                raw += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + [13, 10]
                offset += piece.count
            }
            raw += Array("0\r\n\r\n".utf8)
            connection.send(raw)
            #expect(try connection.readReply().status == 413)
            #expect(recorder.count == 0)
            #expect(filesIn(configuration.uploadDirectory).isEmpty)
        }
    }

    @Test func tooManyPartsIs413() throws {
        var configuration = testConfiguration()
        configuration.maxFields = 3
        try withServer(configuration) { server, recorder throws in
            var multipart = MultipartBuilder()
            for i in 0..<4 { multipart.field("f\(i)", "v") }
            let reply = try exchange(server.port, post("/u", contentType: multipart.contentType, body: multipart.finished()))
            #expect(reply.status == 413)
            #expect(reply.text.contains("more than 3 fields"))
            #expect(recorder.count == 0)
        }
    }

    @Test func aTextPartLongerThanTheFieldLimitIs413() throws {
        var configuration = testConfiguration()
        configuration.maxFieldBytes = 1000
        try withServer(configuration) { server, recorder throws in
            var multipart = MultipartBuilder()
            multipart.field("long", String(repeating: "x", count: 1001))
            let reply = try exchange(server.port, post("/u", contentType: multipart.contentType, body: multipart.finished()))
            #expect(reply.status == 413)
            #expect(recorder.count == 0)
        }
    }

    @Test func malformedMultipartIs400AndTheServerStillAnswers() throws {
        var configuration = testConfiguration("malformed")
        configuration.maxUploadBytes = 1 << 20
        try withServer(configuration) { server, recorder throws in
            var good = MultipartBuilder()
            good.file("doc", fileName: "a.bin", contentType: "application/octet-stream", [UInt8](repeating: 1, count: 50_000))
            let complete = good.finished()
            let cases: [(String, String, [UInt8])] = [
                ("no boundary", "multipart/form-data", complete),
                ("empty boundary", "multipart/form-data; boundary=", complete),
                ("garbage body", good.contentType, Array("this is not multipart at all".utf8)),
                ("truncated", good.contentType, Array(complete.prefix(30_000))),
                ("no closing delimiter", good.contentType, good.body),
                ("garbage after boundary", good.contentType, Array("--\(good.boundary)XX\r\n\r\n".utf8)),
                ("no disposition", good.contentType, Array("--\(good.boundary)\r\nContent-Type: text/plain\r\n\r\nx\r\n--\(good.boundary)--\r\n".utf8)),
                ("headers never end", good.contentType, Array("--\(good.boundary)\r\nContent-Disposition: form-data; name=\"a\"".utf8)),
            ]
            for (label, contentType, body) in cases {
                let reply = try exchange(server.port, post("/u", contentType: contentType, body: body))
                #expect(reply.status == 400, "\(label)")
                #expect(reply.text.contains("multipart") || reply.text.contains("upload"), "\(label)")
            }
            #expect(recorder.count == 0)
            #expect(try exchange(server.port, "GET /after HTTP/1.1\r\nHost: t\r\n\r\n").status == 200)
            #expect(filesIn(configuration.uploadDirectory).isEmpty)
        }
    }

    // MARK: the streaming parser on its own

    struct CollectingSink: MultipartSink {
        var parts: [(headers: [(name: String, value: String)], body: [UInt8])] = []
        mutating func beginPart(headers: [(name: String, value: String)]) throws(RequestRejection) { parts.append((headers, [])) }
        mutating func partData(_ bytes: UnsafeRawBufferPointer) throws(RequestRejection) { parts[parts.count - 1].body += bytes }
        mutating func endPart() throws(RequestRejection) {}
    }

    @Test func theParserGivesTheSamePartsForEveryChunkSize() throws {
        var builder = MultipartBuilder()
        builder.field("a", "1\r\n--almost")
        builder.file("f", fileName: "x", contentType: "text/plain", Array("\r\n--\(builder.boundary.dropLast())\r\n".utf8))
        builder.field("empty", "")
        let body = Array("preamble\r\n".utf8) + builder.finished() + Array("epilogue".utf8)
        for chunkSize in [1, 2, 3, 7, 64, 1000, body.count] {
            var parser = try #require(MultipartParser(boundary: builder.boundary))
            var sink = CollectingSink()
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunkSize, body.count)
                try body[offset..<end].withUnsafeBytes { try parser.feed($0, into: &sink) }
                offset = end
            }
            try parser.finish()
            #expect(sink.parts.count == 3, "chunk \(chunkSize)")
            #expect(sink.parts.map { String(decoding: $0.body, as: UTF8.self) }
                    == ["1\r\n--almost", "\r\n--\(builder.boundary.dropLast())\r\n", ""], "chunk \(chunkSize)")
        }
    }
}
