import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking HTTP/1.1 client over a POSIX socket, for end-to-end tests against a
/// server on 127.0.0.1. It never follows redirects, so tests see every 303, and it can send
/// malformed bodies on purpose.
public struct TestHTTPClient: Sendable {
    public struct Reply: Sendable {
        public let status: Int
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        public func headers(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
        public var html: HTMLElement { HTMLDocument.parse(text) }
    }

    public let port: Int
    /// The loopback address the client connects from (the server sees it as the remote
    /// address): Linux routes all of 127.0.0.0/8 to loopback, so `127.0.0.2` is "another
    /// machine" for per-address rules.
    public let sourceAddress: String
    public init(port: Int, from sourceAddress: String = "127.0.0.1") {
        self.port = port
        self.sourceAddress = sourceAddress
    }

    /// The same server, reached from another loopback address.
    public func from(_ sourceAddress: String) -> TestHTTPClient { TestHTTPClient(port: port, from: sourceAddress) }

    public func get(_ path: String, headers: [(String, String)] = []) throws -> Reply {
        try send(method: "GET", path: path, headers: headers, body: [])
    }

    /// POSTs an urlencoded form built from `fields` (encoded properly).
    public func post(_ path: String, form fields: [(String, String)], headers: [(String, String)] = []) throws -> Reply {
        let body = fields.map { "\(TestHTTPClient.encode($0.0))=\(TestHTTPClient.encode($0.1))" }.joined(separator: "&")
        return try send(method: "POST", path: path,
                        headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Array(body.utf8))
    }

    public func send(method: String, path: String, headers: [(String, String)], body: [UInt8]) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try exchange(Array(head.utf8) + body)
    }

    /// Sends raw bytes and reads the reply until the server closes the connection.
    public func exchange(_ request: [UInt8]) throws -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError("socket failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var source = sockaddr_in()
        source.sin_family = sa_family_t(AF_INET)
        source.sin_addr.s_addr = inet_addr(sourceAddress)
        let bound = withUnsafePointer(to: &source) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ClientError("cannot send from \(sourceAddress): \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ClientError("connect to 127.0.0.1:\(port) failed") }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            sent += n
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            response += chunk[0..<n]
        }
        return try TestHTTPClient.parse(response)
    }

    static func parse(_ bytes: [UInt8]) throws -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let split = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw ClientError("no HTTP response (\(bytes.count) bytes)")
        }
        let head = String(decoding: bytes[0..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError("bad status line \(head[0])") }
        var headers: [(String, String)] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(bytes[(split + 4)...])
        if let length = headers.first(where: { $0.0.lowercased() == "content-length" }).flatMap({ Int($0.1) }), length < body.count {
            body = Array(body[0..<length])
        }
        return Reply(status: status, headers: headers, body: body)
    }

    public static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "): out += "+"
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

public struct ClientError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
