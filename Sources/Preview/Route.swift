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
