import Foundation
import Glibc
@testable import HTTP

/// A tiny blocking HTTP/1.1 client over a POSIX socket: it sends exactly the
/// bytes it is given (malformed requests included) and parses what comes back.
final class TestConnection {
    struct Failure: Error, CustomStringConvertible { let description: String }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects from `sourceAddress`: Linux routes all of 127.0.0.0/8 to loopback, so
    /// `127.0.0.2` is another client for per-address rules. The timeout only guards against
    /// a hang: a test that reaches it fails.
    init(port: Int, from sourceAddress: String = "127.0.0.1", timeoutMilliseconds: Int = 10_000) throws {
        signal(SIGPIPE, SIG_IGN)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if sourceAddress != "127.0.0.1" {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                Glibc.close(fd)
                throw Failure(description: "cannot connect from \(sourceAddress): \(String(cString: strerror(errno)))")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw Failure(description: "connect failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit { Glibc.close(fd) }

    /// Sends everything; returns false if the peer closed early (allowed for rejected bodies).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "connection closed" : "recv failed: \(String(cString: strerror(errno)))") }
        buffer += chunk[0..<n]
    }

    /// Reads one response. `head` is true for a HEAD request (no body follows).
    func readReply(head: Bool = false) throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end: Int?
        while end == nil {
            if let range = buffer.firstRange(of: separator) { end = range.lowerBound } else { try fill() }
        }
        let headText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        if !head, status != 304, status != 204 {
            if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
                throw Failure(description: "chunked responses are not expected")
            }
            let length = Int(headers["Content-Length"] ?? "0") ?? 0
            while buffer.count < length { try fill() }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return Reply(status: status, headers: headers, body: body)
    }

    /// Half-closes: the server sees the end of the request stream.
    func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    /// True when the server has closed the connection: read returns 0, or the connection
    /// was reset (a server that closes with unread bytes from us resets it).
    func isClosedByPeer() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }

    /// Whether the server has sent something (or closed) within `milliseconds`.
    func waitForData(milliseconds: Int32) -> Bool {
        guard buffer.isEmpty else { return true }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}

/// One request on a fresh connection.
func exchange(_ port: Int, _ raw: [UInt8], head: Bool = false) throws -> TestConnection.Reply {
    let connection = try TestConnection(port: port)
    connection.send(raw)
    return try connection.readReply(head: head)
}

func exchange(_ port: Int, _ raw: String, head: Bool = false) throws -> TestConnection.Reply {
    try exchange(port, Array(raw.utf8), head: head)
}

/// A POST with the given content type and body.
func post(_ path: String, contentType: String, body: [UInt8], extraHeaders: String = "") -> [UInt8] {
    Array("POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\(extraHeaders)\r\n".utf8) + body
}

/// Builds a multipart body from text fields and files.
struct MultipartBuilder {
    let boundary = "----FlowStageTestBoundary7MA4YWxkTrZu0gW"
    var body: [UInt8] = []

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        field(name, Array(value.utf8))
    }

    mutating func field(_ name: String, _ value: [UInt8]) {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + value + [13, 10]
    }

    mutating func file(_ name: String, fileName: String, contentType: String, _ bytes: [UInt8]) {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8)
        body += bytes + [13, 10]
    }

    func finished() -> [UInt8] { body + Array("--\(boundary)--\r\n".utf8) }
}
