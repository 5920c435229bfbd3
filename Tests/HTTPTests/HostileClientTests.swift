import Foundation
import Glibc
import Testing
@testable import HTTP

/// Issue #26: one address cannot starve the others. Each test is bounded in connections and
/// time; socket timeouts only guard against a hang (reaching one fails the test), nothing here
/// asserts on how fast something happened.
@Suite(.serialized) struct OneAddressCannotStarveTheOthers {
    private static let healthz = "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"

    /// More stalled connections from 127.0.0.2 than the whole server holds: without the
    /// per-address limit they fill it, and 127.0.0.1 waits in the listen queue (this test then
    /// fails at its 10-second guard).
    @Test func stalledConnectionsFromOneAddressLeaveAnotherAddressServed() throws {
        var configuration = testConfiguration("stalled")
        configuration.maxConnections = 64
        configuration.maxConnectionsPerAddress = 8
        try withServer(configuration) { server, recorder throws in
            var stalled: [TestConnection] = []
            for _ in 0..<100 {
                let connection = try TestConnection(port: server.port, from: "127.0.0.2")
                connection.send("GET /never-fin") // half a request line, then nothing
                stalled.append(connection)
            }
            let reply = try exchange(server.port, Self.healthz)
            #expect(reply.status == 200)
            #expect(recorder.requests.map(\.path) == ["/healthz"])
            #expect(stalled.last?.isClosedByPeer() == true, "a connection over the address's limit is closed at once")
        }
    }

    @Test func aConnectionOverItsAddresssLimitIsClosedWhileTheOthersStayOpen() throws {
        var configuration = testConfiguration("over-limit")
        configuration.maxConnectionsPerAddress = 2
        try withServer(configuration) { server, _ throws in
            let first = try TestConnection(port: server.port, from: "127.0.0.2")
            let second = try TestConnection(port: server.port, from: "127.0.0.2")
            first.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
            second.send("GET /b HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readReply().text == "ok GET /a")
            #expect(try second.readReply().text == "ok GET /b")
            let third = try TestConnection(port: server.port, from: "127.0.0.2")
            #expect(third.isClosedByPeer())
            // Both keep-alive connections are still served; so is another address.
            first.send("GET /a2 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readReply().text == "ok GET /a2")
            #expect(try exchange(server.port, Self.healthz).status == 200)
        }
    }

    @Test func aConnectionIsAdmittedAgainOnceItsAddressClosesOne() throws {
        var configuration = testConfiguration("admitted-again")
        configuration.maxConnectionsPerAddress = 1
        try withServer(configuration) { server, _ throws in
            var first: TestConnection? = try TestConnection(port: server.port, from: "127.0.0.2")
            first?.send("GET /a HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(try first?.readReply().status == 200)
            #expect(first?.isClosedByPeer() == true)
            first = nil
            // The server counts the first one closed once it has seen the close; a new
            // connection from the address is served from then on (bounded retries).
            var served = false
            for _ in 0..<100 where !served {
                let again = try TestConnection(port: server.port, from: "127.0.0.2")
                again.send("GET /b HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                served = (try? again.readReply().status) == 200
                if !served { usleep(20_000) }
            }
            #expect(served)
        }
    }

    /// A deadline, not an idle timeout: a byte every 50 ms keeps the connection busy, which a
    /// 30-second idle timeout would never close.
    @Test func headersThatTrickleAreCutAtTheHeaderDeadline() throws {
        var configuration = testConfiguration("header-deadline")
        configuration.headerTimeoutSeconds = 0.3
        configuration.connectionTimeoutSeconds = 30
        try withServer(configuration) { server, recorder throws in
            let connection = try TestConnection(port: server.port, from: "127.0.0.2")
            connection.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            var answered = false
            for _ in 0..<200 where !answered { // at most about 10 s: the hang guard
                guard connection.send("a") else { break }
                answered = connection.waitForData(milliseconds: 50)
            }
            #expect(connection.isClosedByPeer())
            #expect(recorder.count == 0)
            #expect(try exchange(server.port, Self.healthz).status == 200)
        }
    }

    @Test func aKeepAliveConnectionMayIdleBetweenRequestsPastTheHeaderDeadline() throws {
        var configuration = testConfiguration("keep-alive")
        configuration.headerTimeoutSeconds = 0.2
        configuration.connectionTimeoutSeconds = 30
        try withServer(configuration) { server, _ throws in
            let connection = try TestConnection(port: server.port)
            connection.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().status == 200)
            usleep(600_000) // several header deadlines, well inside the idle timeout
            connection.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readReply().text == "ok GET /two")
        }
    }

    /// The floor and its grace are made small so the test is quick; the default is 1 KiB/s
    /// after 10 s.
    @Test func aBodyTricklingBelowTheFloorIsCutWith408AndTheWorkerIsFreeAgain() throws {
        var configuration = testConfiguration("trickle")
        configuration.minBodyBytesPerSecond = 1_000
        configuration.bodyRateGraceSeconds = 0.2
        configuration.threads = 1 // one worker: the next request proves it is free
        try withServer(configuration) { server, recorder throws in
            let connection = try TestConnection(port: server.port, from: "127.0.0.3")
            connection.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n")
            var answered = false
            for _ in 0..<200 where !answered { // at most about 10 s: the hang guard
                guard connection.send("x") else { break }
                answered = connection.waitForData(milliseconds: 50)
            }
            let reply = try connection.readReply()
            #expect(reply.status == 408)
            #expect(reply.headers["Connection"]?.lowercased() == "close")
            #expect(reply.text.contains("arrived too slowly"))
            #expect(connection.isClosedByPeer())
            #expect(recorder.count == 0, "the handler never saw the request")
            #expect(try exchange(server.port, Self.healthz).status == 200)
        }
    }

    @Test func aBodyAboveTheFloorIsServedThoughItTakesLongerThanTheGrace() throws {
        var configuration = testConfiguration("steady")
        configuration.minBodyBytesPerSecond = 1_000
        configuration.bodyRateGraceSeconds = 0.1
        try withServer(configuration) { server, _ throws in
            let connection = try TestConnection(port: server.port, from: "127.0.0.3")
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4_000)
            connection.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/octet-stream\r\nContent-Length: \(chunk.count * 4)\r\n\r\n")
            for _ in 0..<4 { // 4 KB each 100 ms: 40 KB/s, far above the floor
                connection.send(chunk)
                usleep(100_000)
            }
            #expect(try connection.readReply().text == "ok POST /upload")
        }
    }
}

/// `--trust-proxy`: X-Forwarded-For names the client only on a connection from a trusted proxy.
@Suite struct ForwardedClients {
    @Test func xForwardedForFromAnUntrustedPeerIsIgnored() throws {
        try withServer { server, recorder throws in
            let reply = try exchange(server.port, "GET / HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n")
            #expect(reply.status == 200)
            #expect(recorder.requests.first?.remoteAddress == "127.0.0.1")
        }
    }

    @Test func xForwardedForFromATrustedProxyNamesTheClient() throws {
        var configuration = testConfiguration("trusted")
        configuration.trustedProxies = try TrustedProxies(parsing: ["127.0.0.1"])
        try withServer(configuration) { server, recorder throws in
            _ = try exchange(server.port, "GET / HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.9, 203.0.113.7\r\n\r\n")
            let other = try TestConnection(port: server.port, from: "127.0.0.2")
            other.send("GET / HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n")
            _ = try other.readReply()
            #expect(recorder.requests.map(\.remoteAddress) == ["203.0.113.7", "127.0.0.2"])
        }
    }

    /// Behind a proxy every visitor arrives from one address: the proxy's connections are not
    /// limited per address, the requests they carry are, by the client each names.
    @Test func aTrustedProxysRequestsAreLimitedPerForwardedClient() throws {
        var configuration = testConfiguration("proxied-limit")
        configuration.maxConnectionsPerAddress = 1
        configuration.trustedProxies = try TrustedProxies(parsing: ["127.0.0.0/30"])
        try withServer(configuration) { server, _ throws in
            // A request in progress (its body not sent yet) for 198.51.100.1.
            let held = try TestConnection(port: server.port)
            held.send("POST /held HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
            #expect(try held.readReply().status == 100, "the headers are in: the request counts")

            let sameClient = try exchange(server.port, "GET /a HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.1\r\n\r\n")
            #expect(sameClient.status == 503)
            #expect(sameClient.headers["Retry-After"] == "1")
            let otherClient = try exchange(server.port, "GET /b HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.2\r\n\r\n")
            #expect(otherClient.status == 200, "the proxy's second and third connections are not refused")

            held.send("ok")
            #expect(try held.readReply().text == "ok POST /held")
            // The count ends when libmicrohttpd reports the request complete, just after the
            // answer went out; from then on the client is served again (bounded retries).
            var statuses: [Int] = []
            while statuses.last != 200, statuses.count < 100 {
                if !statuses.isEmpty { usleep(20_000) }
                statuses.append(try exchange(server.port, "GET /c HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 198.51.100.1\r\n\r\n").status)
            }
            #expect(statuses.last == 200)
            #expect(statuses.allSatisfy { $0 == 503 || $0 == 200 })
        }
    }
}
