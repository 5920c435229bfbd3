import Foundation
import Testing
import TestSupport
@testable import Preview

/// The route table is the one list of what the server answers: docs/reference/http.md names
/// every route in it, and what a route needs is enforced by the router for all of them alike.
@Suite(.serialized) struct RouteTable {
    /// `GET /instances/{id}` → `GET /instances/{}`: parameter names are the docs' own words.
    static func normalized(_ method: String, _ path: String) -> String {
        let segments = path.split(separator: "/").map { $0.contains("{") ? "{}" : String($0) }
        return method + " /" + segments.joined(separator: "/")
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteIsAnswered() throws {
        let reference = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/reference/http.md"), encoding: .utf8)
        let documented = Set(reference.matches(of: /(?m)^\| `(GET|POST) (\/[^`? ]*)/).map {
            RouteTable.normalized(String($0.output.1), String($0.output.2))
        })
        let answered = Set(PreviewApp.routes.map { RouteTable.normalized($0.method.rawValue, $0.pattern) })
        #expect(answered.count >= 30)
        #expect(answered.subtracting(documented).isEmpty, "routes missing from http.md: add a row for each")
        #expect(documented.subtracting(answered).isEmpty, "http.md rows no route answers")
    }

    /// The index the router asks leaves out no line that could fit a path, and keeps table order.
    @Test func everyLineIsTriedForThePathsItFitsInTableOrder() {
        for (index, route) in PreviewApp.routes.enumerated() {
            let first: String? = switch route.parts.first { case .literal(let text): text; default: nil }
            let candidates = PreviewApp.routeIndex.candidates(route.method, first: first)
            #expect(candidates.contains(index), "\(route.pattern)")
            #expect(candidates == candidates.sorted(), "\(route.pattern)")
            #expect(candidates.allSatisfy { PreviewApp.routes[$0].method == route.method })
        }
        #expect(PreviewApp.routeIndex.candidates(.get, first: "no-such-page").isEmpty)
    }

    @Test func everyPostNeedsTheSessionsToken() {
        for route in PreviewApp.routes where route.method == .post {
            #expect(route.needs == .token || route.needs == .tokenAndForm, "\(route.pattern)")
        }
    }

    /// Whatever the handler: a post without the token is refused before it runs, and the
    /// session's instances are as they were.
    @Test func aPostWithoutTheTokenIsRefusedOnEveryRoute() throws {
        let preview = try RunningPreview()
        var browser = Browser(preview)
        let instance = try browser.startLoan()
        let id = String(instance.split(separator: "/").last!)
        for route in PreviewApp.routes where route.method == .post {
            var path = route.pattern.replacingOccurrences(of: "{id}", with: id)
            path = path.replacingOccurrences(of: "{name}", with: "loan_application")
            path = path.replacingOccurrences(of: "{action}", with: "continue").replacingOccurrences(of: "{event}", with: "next")
            let reply = try browser.post(path, [("_screen", "about")], csrf: false)
            #expect(reply.status == 403, "\(route.pattern)")
        }
        let screen = try browser.get(instance)
        #expect(screen.status == 200, "the instance was neither stopped nor moved")
    }

    @Test func aFileRouteSetsNoSessionCookie() throws {
        let preview = try RunningPreview()
        let reply = try preview.client.get("/public/flowstage.css")
        #expect(reply.status == 200)
        #expect(reply.header("Set-Cookie") == nil)
        #expect(try preview.client.get("/healthz").header("Set-Cookie") == nil)
    }

    @Test func anotherMethodIsAnswered405WithTheMethodsAllowed() throws {
        let preview = try RunningPreview()
        let reply = try preview.client.send(method: "DELETE", path: "/", headers: [], body: [])
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "GET, HEAD, POST")
    }
}
