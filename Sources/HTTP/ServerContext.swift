import CMicroHTTPD

/// What the C callbacks need, reached through libmicrohttpd's `cls`
/// pointer. Immutable, so it is safely shared by the worker threads.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let handler: @Sendable (Request) -> Response
    let limits: FormLimits

    init(configuration: ServerConfiguration, handler: @escaping @Sendable (Request) -> Response) {
        self.configuration = configuration
        self.handler = handler
        limits = FormLimits(maxFields: configuration.maxFields, maxFieldBytes: configuration.maxFieldBytes)
    }

    func errorResponse(_ rejection: RequestRejection) -> Response {
        if let custom = configuration.errorPage { return custom(rejection.status, rejection.message) }
        return ErrorPage.standard(rejection.status, rejection.message)
    }

    /// How many body bytes we read and throw away after a rejection before
    /// dropping the connection instead (a chunked body has no announced end).
    var discardLimit: Int { max(configuration.maxUploadBytes, configuration.maxBodyBytes, 16 << 20) }
}
