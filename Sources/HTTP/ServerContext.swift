import CMicroHTTPD

/// What the C callbacks need, reached through libmicrohttpd's `cls`
/// pointer. Immutable (the connection table locks itself), so it is safely
/// shared by the worker threads.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    /// Takes the request owned: the app moves it into what its route handler is given.
    let handler: @Sendable (consuming Request) -> Response
    let limits: FormLimits
    let connections: ConnectionTable
    let bodyFloor: BodyRateFloor?

    init(configuration: ServerConfiguration, handler: @escaping @Sendable (consuming Request) -> Response) {
        self.configuration = configuration
        self.handler = handler
        limits = FormLimits(maxFields: configuration.maxFields, maxFieldBytes: configuration.maxFieldBytes)
        let header = configuration.headerTimeoutSeconds
        let idle = configuration.connectionTimeoutSeconds
        connections = ConnectionTable(perAddressLimit: configuration.maxConnectionsPerAddress,
                                      headerTimeout: header > 0 && header.isFinite ? .seconds(header) : nil,
                                      idleTimeout: idle > 0 ? .seconds(idle) : nil)
        bodyFloor = BodyRateFloor(bytesPerSecond: configuration.minBodyBytesPerSecond,
                                  graceSeconds: configuration.bodyRateGraceSeconds)
    }

    func errorResponse(_ rejection: RequestRejection) -> Response {
        var response = if let custom = configuration.errorPage { custom(rejection.error) }
            else { ErrorPage.standard(rejection.status, rejection.message) }
        if let seconds = rejection.retryAfterSeconds { response.headers["Retry-After"] = String(seconds) }
        return response
    }

    /// How many body bytes we read and throw away after a rejection before
    /// dropping the connection instead (a chunked body has no announced end).
    var discardLimit: Int { max(configuration.maxUploadBytes, configuration.maxBodyBytes, 16 << 20) }
}
