/// One connection's bookkeeping, behind libmicrohttpd's socket context: retained when the
/// connection starts, released when it closes (`connectionNotify`).
final class ConnectionRecord: @unchecked Sendable {
    /// The socket, which the header deadline shuts down (libmicrohttpd still owns it).
    let socket: Int32
    /// The socket peer; a trusted proxy's requests name their client in `X-Forwarded-For`.
    let peer: IPAddress?
    /// What the per-address limit counts this connection against; nil for a trusted proxy,
    /// whose connections carry many clients (their requests are counted one by one instead).
    let group: AddressGroup?
    /// Requests answered on this connection, for `maxRequestsPerConnection`. Only the
    /// connection's own worker thread touches it, hence `@unchecked Sendable`.
    var requests = 0

    init(socket: Int32, peer: IPAddress?, group: AddressGroup?) {
        self.socket = socket
        self.peer = peer
        self.group = group
    }
}
