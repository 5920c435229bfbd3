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
