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

    /// The router tries only the lines of a path's first segment (`RouteIndex`): a path reaches
    /// the line the table lists first for it, as if every line were tried in order. Every
    /// pattern, its parameters filled in, with one more or one fewer segment, and paths no line names.
    @Test func aPathReachesTheFirstLineThatFitsIt() {
        let index = RouteIndex(PreviewApp.routes)
        var paths = PreviewApp.routes.map { route in
            route.parts.map { if case .literal(let text) = $0 { text } else { "x" } }
        }
        paths += paths.map { $0 + ["more"] } + paths.map { Array($0.dropLast()) } + [["nowhere"], ["nowhere", "x"], []]
        for method in [Route.Method.get, .post] {
            for segments in paths {
                let inOrder = PreviewApp.routes.indices.first {
                    PreviewApp.routes[$0].method == method && Route.parameters(of: segments, parts: PreviewApp.routes[$0].parts) != nil
                }
                let indexed = index.candidates(method, segments).first { Route.parameters(of: segments, parts: PreviewApp.routes[$0].parts) != nil }
                #expect(indexed == inOrder, "\(method) /\(segments.joined(separator: "/"))")
            }
        }
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
