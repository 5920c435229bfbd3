import Synchronization

/// One connection's bookkeeping, behind libmicrohttpd's socket context: retained when the
/// connection starts, released when it closes (`connectionNotify`).
final class ConnectionRecord: @unchecked Sendable {
    /// The socket, which the header deadline shuts down (libmicrohttpd still owns it).
    let socket: Int32
    /// The socket peer; a trusted proxy's requests name their client in `X-Forwarded-For`.
    let peer: IPAddress?
    /// A proxy given with `--trust-proxy`: its connections carry many clients, so they do not
    /// count against its address; each request counts against the client it names instead.
    let isTrustedProxy: Bool
    /// What the per-address limit counts this connection against; nil for a trusted proxy.
    var group: AddressGroup? { isTrustedProxy ? nil : peer.map(AddressGroup.init) }
    /// Requests answered on this connection, for `maxRequestsPerConnection`. Only the
    /// connection's own worker thread touches it, hence `@unchecked Sendable`.
    var requests = 0
    /// When the request line and headers must be in, in the connection table's ticks; 0: no
    /// deadline now. An atomic rather than the table's lock: it changes twice per request, on
    /// every worker at once, and the lock (a priority-inheriting futex, whose waiters always
    /// sleep in the kernel) put workers to sleep on most requests under load.
    let deadline = Atomic<Int64>(0)

    init(socket: Int32, peer: IPAddress?, isTrustedProxy: Bool) {
        self.socket = socket
        self.peer = peer
        self.isTrustedProxy = isTrustedProxy
    }
}
