import CMicroHTTPD
import Foundation
import Synchronization

/// The HTTP server: libmicrohttpd with an internal epoll listener and a
/// pool of `threads` workers, each multiplexing its connections (a stalled
/// connection holds a slot and a little memory, never a thread). Each request is read completely (body limits,
/// form decoding, uploads to disk) before `handler` runs on a worker
/// thread; the handler returns a complete `Response`.
///
/// Upload contract: files in `request.form.files` are deleted after the
/// response is sent; a handler that keeps one moves it away first.
///
/// `stop()` waits for running handlers, so never call it from a handler.
public final class HTTPServer: Sendable {
    private let context: ServerContext
    private let state = Mutex(Lifecycle())

    /// The daemon handle is an address kept as an integer so the lifecycle
    /// state is plainly Sendable; it is only used under the mutex.
    private struct Lifecycle: Sendable {
        var daemon: UInt = 0
        var port = 0
        var connectionLimit = 0
        var sweeper: DeadlineSweeper?
        var stopped = false
    }

    public init(configuration: ServerConfiguration, handler: @escaping @Sendable (consuming Request) -> Response) {
        context = ServerContext(configuration: configuration, handler: handler)
    }

    deinit { stop() }

    /// The bound port (the real one when the configuration asked for 0); 0 before `start()`.
    public var port: Int { state.withLock { $0.port } }

    /// Most connections served at once: `maxConnections`, or fewer when the system's
    /// open-file limit does not allow that many (`OpenFileLimit`); 0 before `start()`.
    public var connectionLimit: Int { state.withLock { $0.connectionLimit } }

    /// Binds and starts serving; returns at once.
    public func start() throws(HTTPServerError) {
        let configuration = context.configuration
        let result: Result<Void, HTTPServerError> = state.withLock { lifecycle in
            guard !lifecycle.stopped else { return .failure(HTTPServerError(.stopped, "the server was stopped; create a new one")) }
            guard lifecycle.daemon == 0 else { return .failure(HTTPServerError(.alreadyStarted, "the server is already running")) }
            do {
                try FileManager.default.createDirectory(at: configuration.uploadDirectory, withIntermediateDirectories: true)
            } catch {
                return .failure(HTTPServerError(.uploadDirectory,
                    "the upload folder \(configuration.uploadDirectory.path) could not be created (\(error.localizedDescription)): choose another data folder"))
            }
            let listener: Listener
            do throws(HTTPServerError) {
                listener = try Listener.bind(host: configuration.host, port: configuration.port,
                                             nextFreePorts: configuration.nextFreePorts)
            } catch {
                return .failure(error)
            }
            let connectionLimit = OpenFileLimit.connectionsAllowed(max(1, configuration.maxConnections))
            guard let daemon = startDaemon(listener: listener, connectionLimit: connectionLimit, configuration: configuration) else {
                close(listener.fd)
                return .failure(HTTPServerError(.other, "libmicrohttpd could not start on \(configuration.host):\(listener.port): check --threads and the limits"))
            }
            lifecycle.daemon = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon)))
            lifecycle.port = listener.port
            lifecycle.connectionLimit = connectionLimit
            if let headerTimeout = context.connections.headerTimeout {
                lifecycle.sweeper = DeadlineSweeper(table: context.connections, every: DeadlineSweeper.interval(for: headerTimeout))
            }
            return .success(())
        }
        try result.get()
    }

    /// Stops accepting, waits for running requests and closes the listening
    /// socket (libmicrohttpd closes the one we passed it). Idempotent.
    public func stop() {
        let (daemon, sweeper) = state.withLock { lifecycle in
            defer { lifecycle.daemon = 0; lifecycle.sweeper = nil; lifecycle.stopped = true }
            return (lifecycle.daemon, lifecycle.sweeper)
        }
        sweeper?.stop()
        if daemon != 0, let pointer = OpaquePointer(bitPattern: daemon) {
            MHD_stop_daemon(pointer)
        }
    }

    private func startDaemon(listener: Listener, connectionLimit: Int, configuration: ServerConfiguration) -> OpaquePointer? {
        let cls = Unmanaged.passUnretained(context).toOpaque()
        var options: [MHD_OptionItem] = []
        func option(_ o: MHD_OPTION, _ value: Int, _ pointer: UnsafeMutableRawPointer? = nil) {
            options.append(MHD_OptionItem(option: o, value: value, ptr_value: pointer))
        }
        option(.LISTEN_SOCKET, Int(listener.fd))
        if configuration.threads > 1 { option(.THREAD_POOL_SIZE, min(configuration.threads, 1024)) }
        option(.CONNECTION_TIMEOUT, max(0, min(configuration.connectionTimeoutSeconds, Int(Int32.max))))
        option(.CONNECTION_LIMIT, min(connectionLimit, Int(Int32.max)))
        // The whole of a connection's memory (request line, headers, read buffer), grown as it
        // is used: a stalled connection holds only what it sent.
        option(.CONNECTION_MEMORY_LIMIT, max(configuration.maxHeaderBytes, 4096))
        option(.URI_LOG_CALLBACK, unsafeBitCast(uriLogCallback, to: Int.self), cls)
        option(.NOTIFY_COMPLETED, unsafeBitCast(requestCompleted, to: Int.self), cls)
        option(.NOTIFY_CONNECTION, unsafeBitCast(connectionNotify, to: Int.self), cls)
        option(.END, 0)
        // libmicrohttpd's own per-IP limit counts exact addresses and knows no proxies, so the
        // accept policy asks the connection table instead.
        let policy: MHD_AcceptPolicyCallback? = configuration.maxConnectionsPerAddress == nil ? nil : acceptPolicy
        let flags = MHD_USE_EPOLL.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        return options.withUnsafeMutableBufferPointer { items in
            withVaList([MHD_OPTION.ARRAY.rawValue, items.baseAddress!, MHD_OPTION.END.rawValue]) { va in
                MHD_start_daemon_va(flags, UInt16(listener.port), policy, cls, accessHandler, cls, va)
            }
        }
    }
}

extension HTTPServer {
    /// For tests: where uploads go.
    var uploadDirectoryForTests: URL { context.configuration.uploadDirectory }
}
