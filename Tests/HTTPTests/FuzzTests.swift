import Foundation
import Synchronization
import Testing
@testable import HTTP

/// SplitMix64: a fixed seed gives the same requests on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct FuzzTests {
    static func seeds() -> [[UInt8]] {
        var multipart = MultipartBuilder()
        multipart.field("a", "1")
        multipart.file("f", fileName: "x.bin", contentType: "application/octet-stream", Array(repeating: 0x2D, count: 300))
        return [
            Array("GET /a/b%20c?x=1&y=%C3%A9 HTTP/1.1\r\nHost: t\r\nCookie: a=1; b=2\r\n\r\n".utf8),
            post("/f", contentType: "application/x-www-form-urlencoded", body: Array("a=1&b=%E2%9C%93&a=+x".utf8)),
            post("/j", contentType: "application/json", body: Array("{\"a\":[1,2,{\"b\":null}]}".utf8)),
            post("/m", contentType: multipart.contentType, body: multipart.finished()),
            Array("POST /c HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\na=1&b\r\n0\r\n\r\n".utf8),
        ]
    }

    static func mutate(_ input: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        let interesting: [UInt8] = [0, 0x0D, 0x0A, 0x25, 0x26, 0x3D, 0x2D, 0x22, 0x3B, 0x3A, 0xFF, 0xC3, 0x80, 0x20, 0x2F, 0x2E, 0x5C]
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes[at] = interesting.randomElement(using: &rng)!
            case 2: bytes.insert(interesting.randomElement(using: &rng)!, at: at)
            case 3: bytes.remove(at: at)
            case 4: bytes = Array(bytes.prefix(at)) // truncate
            case 5: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 40)], at: at) // duplicate a run
            default: bytes.insert(contentsOf: [UInt8](repeating: interesting.randomElement(using: &rng)!, count: Int.random(in: 1...3000, using: &rng)), at: at)
            }
        }
        return bytes
    }

    @Test func theServerSurvivesRandomAndMutatedRequests() throws {
        var configuration = testConfiguration("fuzz")
        configuration.maxBodyBytes = 4096
        configuration.maxUploadBytes = 8192
        configuration.maxFields = 20
        configuration.maxFieldBytes = 512
        configuration.connectionTimeoutSeconds = 2
        // Hundreds of incomplete requests from 127.0.0.1 linger until that timeout; the
        // per-address limit would refuse most of them before the parsers see a byte.
        configuration.maxConnectionsPerAddress = nil
        try withServer(configuration) { server, _ throws in
            var rng = SeededGenerator(state: 20_261_123)
            let seeds = Self.seeds()
            let requests: [[UInt8]] = (0..<400).map { i in
                i % 10 == 9
                    ? (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                    : Self.mutate(seeds.randomElement(using: &rng)!, using: &rng)
            }
            // libmicrohttpd keeps a half-closed connection until its timeout, so an
            // incomplete request is only given up on by the client's short timeout;
            // eight clients at once keep the test short.
            let answered = Mutex(0)
            let port = server.port
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for index in stride(from: worker, to: requests.count, by: 8) {
                    guard let connection = try? TestConnection(port: port, timeoutMilliseconds: 250) else { continue }
                    connection.send(requests[index])
                    connection.finishSending()
                    if (try? connection.readReply()) != nil { answered.withLock { $0 += 1 } }
                }
            }
            #expect(answered.withLock { $0 } > 0)
            // Still alive and correct afterwards.
            for seed in seeds {
                #expect(try exchange(server.port, seed).status == 200)
            }
        }
    }
}
