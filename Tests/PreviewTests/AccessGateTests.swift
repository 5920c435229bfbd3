import Foundation
import HTTP
import Testing
import TestSupport
@testable import Preview

/// http.md: optional access protection by a password or bearer token, checked on every request.
@Suite(.serialized) struct AccessProtection {
    let preview: RunningPreview
    init() throws { preview = try RunningPreview(configuration: .init(accessPassword: "open sesame")) }

    @Test func withoutThePasswordEveryPageIsTheAccessPage() throws {
        for path in ["/", "/instances/x", "/processes/loan_application/latest"] {
            let reply = try preview.client.get(path)
            #expect(reply.status == 401, "\(path)")
            #expect(reply.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(reply.html.first("h1")?.text == "This preview is protected")
            #expect(reply.html.all("input").contains { $0["name"] == "next" && $0["value"] == path })
        }
        #expect(try preview.client.post("/processes/loan_application/start", form: []).status == 401)
    }

    @Test func healthAndStylesStayOpen() throws {
        #expect(try preview.client.get("/healthz").status == 200)
        #expect(try preview.client.get("/public/flowstage.css").status == 200)
        #expect(try preview.client.get("/themes/default.css").status == 200)
    }

    @Test func theRightPasswordGivesACookieAndGoesOn() throws {
        let wrong = try preview.client.post("/access", form: [("password", "guess"), ("next", "/")])
        #expect(wrong.status == 401)
        #expect(wrong.html.first("title")?.text.hasPrefix("Error:") == true)
        #expect(wrong.html.element(id: "access-password")?["aria-invalid"] == "true")

        let right = try preview.client.post("/access", form: [("password", "open sesame"), ("next", "/processes/loan_application/latest")])
        #expect(right.status == 303)
        #expect(right.header("Location") == "/processes/loan_application/latest")
        let cookie = try #require(right.header("Set-Cookie")).split(separator: ";")[0]
        #expect(!cookie.contains("open sesame"), "the cookie is not the password")
        #expect(try preview.client.get("/", headers: [("Cookie", String(cookie))]).status == 200)
    }

    @Test func theAccessPageOnlyGoesOnToPathsOnThisServer() throws {
        for next in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
            let reply = try preview.client.post("/access", form: [("password", "open sesame"), ("next", next)])
            #expect(reply.header("Location") == "/", "\(next)")
        }
    }

    @Test func aBearerTokenOpensEveryRoute() throws {
        #expect(try preview.client.get("/", headers: [("Authorization", "Bearer open sesame")]).status == 200)
        #expect(try preview.client.get("/", headers: [("Authorization", "Bearer wrong")]).status == 401)
    }
}

/// Issue #6: wrong passwords from one address are limited — ten within 15 minutes, then 429
/// with `Retry-After` until 15 minutes have passed — and no other address is held up. The
/// clock is moved by hand; a second client connects from 127.0.0.2.
@Suite(.serialized) struct PasswordGuessing {
    let clock = ManualClock()
    let preview: RunningPreview
    var here: TestHTTPClient { preview.client }
    var elsewhere: TestHTTPClient { preview.client.from("127.0.0.2") }

    init() throws {
        let guesses = PasswordGuesses(policy: .init(maxFailures: 10, window: .minutes(15)), now: clock.now)
        preview = try RunningPreview(configuration: .init(accessPassword: "open sesame", passwordGuesses: guesses))
    }

    private func typed(_ password: String, on client: TestHTTPClient) throws -> TestHTTPClient.Reply {
        try client.post("/access", form: [("password", password), ("next", "/")])
    }

    /// The statuses of `count` wrong passwords typed into the access page.
    private func guessWrong(_ count: Int, on client: TestHTTPClient) throws -> [Int] {
        try (0..<count).map { try typed("guess \($0)", on: client).status }
    }

    @Test func theTenthWrongPasswordIsAnswered429WithRetryAfter() throws {
        #expect(try guessWrong(9, on: here) == Array(repeating: 401, count: 9))
        let refused = try typed("guess 10", on: here)
        #expect(refused.status == 429)
        #expect(refused.header("Retry-After") == "900")
        #expect(refused.header("Set-Cookie") == nil)
    }

    @Test func theTooManyPasswordsPageIsTheAccessPageWithTheWait() throws {
        _ = try guessWrong(10, on: here)
        let page = try here.get("/")
        #expect(page.status == 429)
        #expect(page.html.first("h1")?.text == "This preview is protected")
        #expect(page.html.first("title")?.text.hasPrefix("Error:") == true)
        #expect(Self.summary(of: page) == "Too many wrong passwords were tried from your network address. Wait 15 minutes, then try again")
        #expect(page.html.element(id: "access-password")?["aria-invalid"] == "true")
        #expect(page.html.all("link").contains { $0["rel"] == "stylesheet" && $0["href"]?.hasPrefix("/themes/default.css") == true },
                "in the project's theme")
    }

    @Test func theWaitCountsDown() throws {
        _ = try guessWrong(10, on: here)
        clock.advance(by: .minutes(10) + 30)
        var page = try here.get("/")
        #expect(page.header("Retry-After") == "270")
        #expect(Self.summary(of: page)?.contains("Wait 5 minutes") == true)
        clock.advance(by: .minutes(4))
        page = try here.get("/")
        #expect(page.header("Retry-After") == "30")
        #expect(Self.summary(of: page)?.contains("Wait a minute") == true)
    }

    private static func summary(of page: TestHTTPClient.Reply) -> String? {
        page.html.all("div").first { $0.hasClass("fs-error-summary") }?.first("a")?.text
    }

    @Test func whileAnAddressWaitsEvenTheRightPasswordIsNotChecked() throws {
        _ = try guessWrong(10, on: here)
        let early = try typed("open sesame", on: here)
        #expect(early.status == 429)
        #expect(early.header("Set-Cookie") == nil)
        clock.advance(by: .minutes(15))
        let later = try typed("open sesame", on: here)
        #expect(later.status == 303)
        #expect(later.header("Set-Cookie")?.hasPrefix("flowstage_access=") == true)
    }

    @Test func aRightPasswordFromAnotherAddressStillOpensThePreview() throws {
        _ = try guessWrong(10, on: here)
        #expect(try typed("open sesame", on: here).status == 429)
        #expect(try typed("open sesame", on: elsewhere).status == 303)
        #expect(try guessWrong(1, on: elsewhere) == [401], "the other address has tries of its own")
    }

    @Test func wrongBearerTokensAreCountedLikeWrongPasswords() throws {
        let statuses = try (0..<10).map { try here.get("/", headers: [("Authorization", "Bearer guess \($0)")]).status }
        #expect(statuses == Array(repeating: 401, count: 9) + [429])
        let right = [("Authorization", "Bearer open sesame")]
        #expect(try here.get("/", headers: right).status == 429)
        #expect(try here.get("/", headers: right).header("Retry-After") == "900")
        #expect(try elsewhere.get("/", headers: right).status == 200)
    }

    @Test func aBrowserWithTheAccessCookieIsNeverHeldUp() throws {
        let cookie = String(try #require(try typed("open sesame", on: here).header("Set-Cookie")).split(separator: ";")[0])
        _ = try guessWrong(10, on: here)
        #expect(try here.get("/", headers: [("Cookie", cookie)]).status == 200)
    }

    @Test func wrongPasswordsOlderThanTheWindowAreForgotten() throws {
        #expect(try guessWrong(9, on: here).allSatisfy { $0 == 401 })
        clock.advance(by: .minutes(15))
        #expect(try guessWrong(9, on: here).allSatisfy { $0 == 401 })
    }

    @Test func anEmptyPasswordIsNotAGuess() throws {
        #expect(try (0..<12).map { _ in try typed("", on: here).status }.allSatisfy { $0 == 401 })
    }
}

/// Issue #26: behind a reverse proxy given with `--trust-proxy`, wrong passwords count against
/// the client the proxy names in `X-Forwarded-For`; from any other peer that header, which
/// anyone can send, changes nothing.
@Suite(.serialized) struct PasswordGuessingBehindAProxy {
    private static func guessWrong(_ count: Int, on client: TestHTTPClient, forwardedFor: String? = nil) throws -> [Int] {
        let headers = forwardedFor.map { [("X-Forwarded-For", $0)] } ?? []
        return try (0..<count).map { try client.post("/access", form: [("password", "guess \($0)"), ("next", "/")], headers: headers).status }
    }

    @Test func fromAnUntrustedPeerXForwardedForIsIgnored() throws {
        let preview = try RunningPreview(configuration: .init(accessPassword: "open sesame"))
        let statuses = try (0..<10).flatMap { try Self.guessWrong(1, on: preview.client, forwardedFor: "203.0.113.\($0)") }
        #expect(statuses == Array(repeating: 401, count: 9) + [429], "a new X-Forwarded-For each time does not buy new tries")
        #expect(try Self.guessWrong(1, on: preview.client, forwardedFor: "198.51.100.1") == [429])
    }

    @Test func fromATrustedProxyTheClientItNamesIsCounted() throws {
        let preview = try RunningPreview(configuration: .init(accessPassword: "open sesame"),
                                         trustedProxies: TrustedProxies([AddressRange(IPAddress("127.0.0.1")!, prefixLength: 32)]))
        #expect(try Self.guessWrong(10, on: preview.client, forwardedFor: "203.0.113.7") == Array(repeating: 401, count: 9) + [429])
        #expect(try Self.guessWrong(1, on: preview.client, forwardedFor: "203.0.113.7") == [429])
        #expect(try Self.guessWrong(1, on: preview.client, forwardedFor: "203.0.113.8") == [401], "another visitor behind the proxy has its own tries")
        #expect(try Self.guessWrong(1, on: preview.client, forwardedFor: "203.0.113.8, 203.0.113.7") == [429],
                "the right-most untrusted hop is the client; what it wrote to its left is not believed")
    }
}

/// The table of wrong passwords on its own.
@Suite struct PasswordGuessTable {
    @Test func theTableNeverHoldsMoreAddressesThanItsCapacity() {
        let guesses = PasswordGuesses(policy: .init(maxFailures: 3, window: 900, capacity: 100), now: ManualClock().now)
        for index in 0..<1_000 { guesses.failed(from: "10.0.\(index / 256).\(index % 256)") }
        #expect(guesses.count <= 100)
        guesses.failed(from: "10.0.3.231")
        #expect(guesses.failed(from: "10.0.3.231") == 900, "the newest addresses are still counted")
    }

    @Test func ipv6ClientsAreCountedPerSlash64Network() {
        #expect(PasswordGuesses.key("2001:db8:1:2:aaaa::1") == PasswordGuesses.key("2001:db8:1:2:bbbb:cccc:dddd:2"))
        #expect(PasswordGuesses.key("2001:db8:1:2::1") != PasswordGuesses.key("2001:db8:1:3::1"))
        #expect(PasswordGuesses.key("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(PasswordGuesses.key("192.0.2.7") == "192.0.2.7")
        #expect(PasswordGuesses.key(nil) == "unknown")
    }
}
