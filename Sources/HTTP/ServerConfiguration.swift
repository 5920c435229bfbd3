import Foundation

/// Everything the server needs to bind and to bound its inputs. Every limit
/// is answered with a clear error page before the handler runs.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal, or a name such as "localhost" (IPv4 preferred).
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; read the bound one from `HTTPServer.port`.
    public var port: Int = 8080
    /// When `port` is taken, how many ports after it to try before any free one (0 picks);
    /// 0 means a taken port is an error. For a person's second preview beside the first.
    public var nextFreePorts = 0
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
    /// Idle connections are closed after this many seconds (0 = never): the keep-alive idle
    /// time, and how long a started body may pause.
    public var connectionTimeoutSeconds: Int = 30
    /// Most connections open at once, from everyone (libmicrohttpd's limit, shared out among
    /// the workers). Past it new connections wait in the kernel's listen queue, so it is sized
    /// for epoll rather than `select`; `start()` raises the process's open-file limit to fit,
    /// as far as the system allows (see `HTTPServer.connectionLimit`).
    public var maxConnections: Int = 4096
    /// Most connections open at once from one address (an IPv6 client: from its /64). The next
    /// one is closed as soon as it is accepted, before anything is read, so one address cannot
    /// fill `maxConnections`. Requests through a trusted proxy count against the client it
    /// names, for as long as each is in progress. nil = no limit.
    public var maxConnectionsPerAddress: Int? = 32
    /// Seconds a client has to send a complete request line and headers, from the moment it
    /// connects (on a keep-alive connection: from the end of the previous request, plus the
    /// idle time). A deadline, not an idle timeout: a byte every few seconds does not extend
    /// it. Past it the connection is closed. 0 = no deadline.
    public var headerTimeoutSeconds: Double = 10
    /// The slowest a request body may arrive, on average since its headers, once
    /// `bodyRateGraceSeconds` have passed; slower is cut with 408. 1 KiB/s (8 kbit/s) is far
    /// below any real link, so only a client holding the connection on purpose meets it.
    /// 0 = no floor.
    public var minBodyBytesPerSecond: Int = 1024
    /// How long a body may arrive at any speed before the floor applies.
    public var bodyRateGraceSeconds: Double = 10
    /// Peers whose `X-Forwarded-For` names the client (`--trust-proxy`): only for them do the
    /// per-address limit and `Request.remoteAddress` use that header. Empty: never.
    public var trustedProxies = TrustedProxies()
    /// After this many requests a connection is told `Connection: close`
    /// (libmicrohttpd has no such option; the server counts per connection).
    /// nil = unlimited.
    public var maxRequestsPerConnection: Int? = nil
    /// Memory libmicrohttpd may use per connection for the request line,
    /// headers and read buffer; larger headers get 431/414 from the library.
    public var maxHeaderBytes: Int = 32 << 10
    /// Builds the page for the server's own errors (413, 400, ...), worded from
    /// their reason and limit. nil = `ErrorPage.standard`, in English.
    public var errorPage: (@Sendable (ServerError) -> Response)? = nil

    public init() {}

    public init(host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2) {
        self.host = host
        self.port = port
        self.threads = threads
    }
}
