/// One HTTP request, complete: headers parsed, body read and, for forms,
/// decoded and checked against the limits before the handler sees it.
public struct Request: Sendable {
    /// As sent, e.g. "GET", "POST", "HEAD".
    public var method: String
    /// Percent-decoded path without the query, e.g. "/instances/42".
    public var path: String
    /// The path exactly as sent (still percent-encoded), without the query.
    public var rawPath: String
    /// Decoded query pairs; order and repeated names kept.
    public var query: [(name: String, value: String)]
    public var headers: HTTPHeaders
    /// The raw body when it is not a form (e.g. JSON); empty for forms.
    public var body: [UInt8]
    /// The decoded form for `application/x-www-form-urlencoded` and
    /// `multipart/form-data` bodies; nil otherwise.
    public var form: FormData?
    /// The client's IP address, if known.
    public var remoteAddress: String?

    public init(method: String, path: String, rawPath: String? = nil,
                query: [(name: String, value: String)] = [], headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], form: FormData? = nil,
                remoteAddress: String? = nil) {
        self.method = method
        self.path = path
        self.rawPath = rawPath ?? path
        self.query = query
        self.headers = headers
        self.body = body
        self.form = form
        self.remoteAddress = remoteAddress
    }

    /// From the `Cookie` headers, read when asked: most requests ask for one cookie, a
    /// static file's for none.
    public var cookies: RequestCookies { RequestCookies(headers: headers.values(for: "Cookie")) }

    /// The first query value for `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
