import Foundation

/// Everything the server needs to bind and to bound its inputs. Every limit
/// is answered with a clear error page before the handler runs.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal, or a name such as "localhost" (IPv4 preferred).
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; read the bound one from `HTTPServer.port`.
    public var port: Int = 8080
    /// Size of libmicrohttpd's worker pool (epoll, one listening thread each).
    public var threads: Int = 2
    /// Limit for bodies that are not multipart: urlencoded forms, JSON, anything else.
    public var maxBodyBytes: Int = 1 << 20
    /// Limit for a whole `multipart/form-data` body (all files and fields).
    public var maxUploadBytes: Int = 10 << 20
    /// Most fields (including file parts) in one form or query string.
    public var maxFields: Int = 1000
    /// Longest single field value (decoded), and longest field name.
    public var maxFieldBytes: Int = 64 << 10
    /// Where multipart file parts are streamed, under generated names.
    /// Created by `start()` if missing.
    public var uploadDirectory: URL = FileManager.default.temporaryDirectory
        .appendingPathComponent("flowstage-uploads", isDirectory: true)
    /// Idle connections are closed after this many seconds (0 = never).
    public var connectionTimeoutSeconds: Int = 30
    /// After this many requests a connection is told `Connection: close`
    /// (libmicrohttpd has no such option; the server counts per connection).
    /// nil = unlimited.
    public var maxRequestsPerConnection: Int? = nil
    /// Memory libmicrohttpd may use per connection for the request line,
    /// headers and read buffer; larger headers get 431/414 from the library.
    public var maxHeaderBytes: Int = 32 << 10
    /// Builds the page for the server's own errors (413, 400, ...) from the
    /// status and a sentence for the user. nil = `ErrorPage.standard`.
    public var errorPage: (@Sendable (Int, String) -> Response)? = nil

    public init() {}

    public init(host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2) {
        self.host = host
        self.port = port
        self.threads = threads
    }
}
