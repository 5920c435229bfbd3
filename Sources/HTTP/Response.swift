/// A complete response: the server hands `body` to libmicrohttpd in one
/// buffer (copied), so handlers render into bytes and never stream.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Plain UTF-8 text.
    public static func text(_ status: Int, _ text: String) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// An HTML page already rendered to bytes.
    public static func html(_ status: Int, _ body: [UInt8]) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: body)
    }

    public static func html(_ status: Int, _ body: String) -> Response {
        html(status, Array(body.utf8))
    }

    /// JSON already encoded to bytes.
    public static func json(_ status: Int, _ body: [UInt8]) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// 303 by default: after a POST the browser follows with a GET
    /// (POST-redirect-GET).
    public static func redirect(to location: String, status: Int = 303) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// 304 for a conditional GET whose validator still matches.
    public static func notModified(etag: String? = nil, cacheControl: String? = nil) -> Response {
        var headers = HTTPHeaders()
        if let etag { headers.add("ETag", etag) }
        if let cacheControl { headers.add("Cache-Control", cacheControl) }
        return Response(status: 304, headers: headers)
    }

    public static func notFound(_ message: String = "Not found.") -> Response {
        ErrorPage.standard(404, message)
    }

    /// Adds a `Set-Cookie` header built with `Cookies.setCookie`.
    public mutating func setCookie(_ cookie: String) {
        headers.add("Set-Cookie", cookie)
    }
}
