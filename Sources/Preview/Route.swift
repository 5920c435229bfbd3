import FlowStageRuntime
import HTTP

/// One line of the route table (`PreviewApp.routes`): a method, a path pattern, what must hold
/// before the handler runs, and the handler.
///
/// What a route needs is declared, not written into each handler, so the router applies it in
/// one place: a POST that changes something checks the session's CSRF token (403 without it)
/// and keeps the session; an action or event refuses a body that is not a form (415); a file
/// route answers without a session.
struct Route: Sendable {
    enum Method: String, Sendable {
        /// HEAD is answered by the GET route, without the body (the HTTP layer drops it).
        case get = "GET"
        case post = "POST"
    }

    /// What the router checks before the handler runs.
    enum Needs: Sendable {
        /// A file or a probe: no session is looked up or made, no cookie set.
        case nothing
        /// A page: the session (a new one is made and its cookie set).
        case session
        /// A change: the session and its CSRF token in the posted form (or JSON `_csrf`).
        case token
        /// A change that reads the posted fields: the token, and a form body (not JSON).
        case tokenAndForm
    }

    /// A path segment of the pattern.
    enum Part: Sendable, Equatable {
        case literal(String)
        /// `{name}`: one segment, handed to the handler.
        case parameter
        /// `{name…}` at the end: the rest of the path, one segment or more, handed over joined by `/`.
        case rest
    }

    /// What a handler gets: the request, its session (a placeholder for `.nothing` routes) and
    /// the path's parameters in order.
    struct Call {
        let request: Request
        let session: Session
        let parameters: [String]

        subscript(_ index: Int) -> String { parameters[index] }
    }

    let method: Method
    let pattern: String
    let parts: [Part]
    let needs: Needs
    /// A further condition on the request (`Accept: application/json`); the next line is tried when false.
    let when: (@Sendable (Request) -> Bool)?
    let handler: @Sendable (PreviewApp, Call) -> Response

    /// `pattern` is written as in docs/reference/http.md: `/instances/{id}/actions/{action}`.
    init(_ method: Method, _ pattern: String, needs: Needs? = nil, when: (@Sendable (Request) -> Bool)? = nil,
         _ handler: @escaping @Sendable (PreviewApp, Call) -> Response) {
        self.method = method
        self.pattern = pattern
        self.parts = PathSegments.of(pattern).map { segment in
            guard segment.hasPrefix("{") else { return .literal(segment) }
            return segment.hasSuffix("…}") ? .rest : .parameter
        }
        precondition(!parts.dropLast().contains(.rest), "\(pattern): only the last segment may take the rest of the path")
        self.needs = needs ?? (method == .post ? .token : .session)
        self.when = when
        self.handler = handler
    }

    /// The path's parameters when `segments` fits the pattern `parts`; nil when it does not.
    /// Over the parts alone, not a method of the line: calling one copied the whole line (its
    /// strings and closures retained, then released) for each line tried.
    static func parameters(of segments: [String], parts: [Part]) -> [String]? {
        if parts.last == .rest {
            guard segments.count >= parts.count else { return nil }
        } else {
            guard segments.count == parts.count else { return nil }
        }
        var parameters: [String] = []
        for (index, part) in parts.enumerated() {
            switch part {
            case .literal(let text):
                guard segments[index] == text else { return nil }
            case .parameter:
                parameters.append(segments[index])
            case .rest:
                parameters.append(segments[index...].joined(separator: "/"))
            }
        }
        return parameters
    }
}

/// The lines of a route table that can fit a path, by method and first segment, in table order:
/// a page view tries the one or two lines that may fit, not the dozen before them.
struct RouteIndex: Sendable {
    /// One first segment the table names (nil for `/`) with the lines of one method that start
    /// with it, the lines that start with a parameter among them.
    private struct Start: Sendable {
        let first: String?
        var indices: [Int]
    }
    /// Searched in order: a dozen short strings compared cost less than hashing the segment.
    private let get: [Start]
    private let post: [Start]
    private let openGet: [Int]
    private let openPost: [Int]

    init(_ routes: [Route]) {
        func starts(_ method: Route.Method) -> (starts: [Start], open: [Int]) {
            var starts: [Start] = []
            var open: [Int] = []
            for (index, route) in routes.enumerated() where route.method == method {
                let first: String?
                switch route.parts.first {
                case .literal(let text): first = text
                case nil: first = nil
                case .parameter, .rest:
                    open.append(index)
                    continue
                }
                if let known = starts.firstIndex(where: { $0.first == first }) { starts[known].indices.append(index) }
                else { starts.append(Start(first: first, indices: [index])) }
            }
            return (starts.map { Start(first: $0.first, indices: ($0.indices + open).sorted()) }, open)
        }
        (get, openGet) = starts(.get)
        (post, openPost) = starts(.post)
    }

    /// The indices of the lines that may fit a path starting with `first`, in table order.
    func candidates(_ method: Route.Method, first: String?) -> [Int] {
        for start in method == .get ? get : post where start.first == first { return start.indices }
        return method == .get ? openGet : openPost
    }
}
