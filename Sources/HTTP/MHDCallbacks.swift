import CMicroHTTPD
import Foundation

// The C callbacks handed to libmicrohttpd. They are non-capturing closures
// in global constants (Swift 6 accepts these as C function pointers) and
// reach the server through the `cls` pointer.

/// Called once per request with the raw request-target, before headers are
/// parsed. Its return value becomes `*con_cls`, so this is where the
/// per-request state is born (retained; released in `requestCompleted`).
let uriLogCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { _, uri, _ in
    var raw: [UInt8] = []
    if let uri {
        raw = Array(UnsafeRawBufferPointer(start: uri, count: strlen(uri)))
    }
    return Unmanaged.passRetained(RequestState(rawTarget: raw)).toOpaque()
}

/// Releases the per-request state and deletes upload files the handler did
/// not move away. Called for finished and for aborted requests. Starts the
/// header deadline of the next request on the connection, and ends what a
/// request through a trusted proxy counted against its client.
let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
    guard let conCls, let pointer = conCls.pointee else { return }
    conCls.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    state.body?.abandon()
    state.deleteFiles()
    guard let cls, let connection else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if let group = state.countedGroup { server.connections.endRequest(from: group) }
    if let record = connectionRecord(connection) { server.connections.requestFinished(record) }
}

/// Refuses a connection as soon as it is accepted, before anything is read, when its address
/// already holds `maxConnectionsPerAddress` (libmicrohttpd closes the socket), so one address
/// cannot fill the server and is never queued in front of the others. A trusted proxy is let
/// through: its connections carry many clients, whose requests are counted one by one.
let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls, let peer = IPAddress(address) else { return .YES }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if server.configuration.trustedProxies.contains(peer) { return .YES }
    return server.connections.admits(AddressGroup(peer)) ? .YES : .NO
}

/// Gives each connection its `ConnectionRecord` (socket context) and enters it in the
/// connection table, which counts it against its address and starts its header deadline.
/// libmicrohttpd reports CLOSED before it closes the socket, so the table forgets the socket
/// while it is still this connection's.
let connectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        let peer = IPAddress(flowstage_mhd_client_address(connection))
        let record = ConnectionRecord(socket: flowstage_mhd_connection_fd(connection), peer: peer,
                                      isTrustedProxy: peer.map { server.configuration.trustedProxies.contains($0) } ?? false)
        server.connections.opened(record)
        socketContext.pointee = Unmanaged.passRetained(record).toOpaque()
    case .CONNECTION_NOTIFY_CLOSED:
        guard let pointer = socketContext.pointee else { return }
        socketContext.pointee = nil
        let record = Unmanaged<ConnectionRecord>.fromOpaque(pointer).takeRetainedValue()
        server.connections.closed(record)
    default:
        break
    }
}

/// The connection's record (unretained), set by `connectionNotify`.
private func connectionRecord(_ connection: OpaquePointer) -> ConnectionRecord? {
    flowstage_mhd_socket_context(connection).map { Unmanaged<ConnectionRecord>.fromOpaque($0).takeUnretainedValue() }
}

/// Copies the request headers, in order, into an `HTTPHeaders`.
private let headerIterator: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let headers = cls.assumingMemoryBound(to: HTTPHeaders.self)
    headers.pointee.add(String(cString: key), value.map { String(cString: $0) } ?? "")
    return .YES
}

/// The access handler. libmicrohttpd calls it once when the headers are in,
/// then once per body chunk, then a last time with no data. We answer on a
/// later call, never the first: queueing on the first call makes 0.9.75
/// close the connection (the keep-alive trap: 5x slower). Only rejections
/// are answered early, where closing the connection is what we want.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, _, uploadData, uploadDataSize, conCls in
    guard let cls, let connection, let conCls, let uploadDataSize else { return .NO }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    let state: RequestState
    if let existing = conCls.pointee {
        state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    } else { // no URI-log call happened (should not): start from an empty target
        state = RequestState(rawTarget: Array("/".utf8))
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
    }

    if !state.headersSeen {
        state.headersSeen = true
        begin(state, connection: connection, method: method, server: server)
        if let rejection = state.rejection {
            return answer(server.errorResponse(rejection), state: state, connection: connection, server: server)
        }
        return .YES
    }

    let size = uploadDataSize.pointee
    if size > 0 {
        uploadDataSize.pointee = 0
        if state.answered { return .YES }
        state.bodyBytes += size
        if let floor = server.bodyFloor, let start = state.bodyStart,
           floor.isTooSlow(received: state.bodyBytes, since: start) {
            // libmicrohttpd cannot queue a response while a body arrives: write it ourselves, then
            // close. A request already refused (and being drained) keeps its first answer.
            state.reject(floor.rejection)
            state.answered = true
            if let record = connectionRecord(connection) {
                answerDirectly(server.errorResponse(state.rejection ?? floor.rejection), on: record.socket)
            }
            return .NO
        }
        if state.rejection != nil {
            state.discardedBytes += size
            return state.discardedBytes > server.discardLimit ? .NO : .YES
        }
        guard let uploadData else { return .NO }
        do throws(RequestRejection) {
            try state.body?.consume(UnsafeRawBufferPointer(start: uploadData, count: size))
        } catch {
            state.reject(error)
        }
        return .YES
    }

    if state.answered { return .YES }
    if let rejection = state.rejection {
        return answer(server.errorResponse(rejection), state: state, connection: connection, server: server)
    }
    let request: Request
    do throws(RequestRejection) {
        request = try makeRequest(state, connection: connection)
    } catch {
        state.reject(error)
        return answer(server.errorResponse(error), state: state, connection: connection, server: server)
    }
    // Moved, not copied: the handler takes it owned (a copy retained each of its strings).
    let response = server.handler(consume request)
    return answer(response, state: state, connection: connection, server: server)
}

/// First call: headers, client, target, body kind and announced length.
private func begin(_ state: RequestState, connection: OpaquePointer, method: UnsafePointer<CChar>?, server: ServerContext) {
    state.method = method.map { String(cString: $0) } ?? "GET"
    // A browser sends a dozen headers: room for them at once, not grown from one.
    state.headers.reserveCapacity(16)
    withUnsafeMutablePointer(to: &state.headers) { pointer in
        _ = MHD_get_connection_values(connection, .HEADER_KIND, headerIterator, pointer)
    }
    let record = connectionRecord(connection)
    if let record { server.connections.headersArrived(record) }
    if server.bodyFloor != nil { state.bodyStart = .now }
    state.client = record?.peer
    if let record, let peer = record.peer, record.isTrustedProxy {
        let client = server.configuration.trustedProxies.client(peer: peer, forwardedFor: state.headers.values(for: "X-Forwarded-For"))
        state.client = client
        let group = AddressGroup(client)
        guard server.connections.startRequest(from: group) else {
            state.reject(RequestRejection(status: 503, reason: .busy,
                message: "Too many requests from your address are in progress at once. Try again in a moment.",
                retryAfterSeconds: 1))
            return
        }
        state.countedGroup = group
    }
    do throws(RequestRejection) {
        state.target = try RequestTarget(state.rawTarget, limits: server.limits)
        let body = try RequestBodyReader(contentType: state.headers["Content-Type"], configuration: server.configuration)
        if let length = state.headers["Content-Length"].flatMap({ Int($0.trimmingScalars(" \t")) }) {
            try body.check(contentLength: length)
        }
        state.body = body
    } catch {
        state.reject(error)
    }
}

/// Last call: the complete request for the handler.
private func makeRequest(_ state: RequestState, connection: OpaquePointer) throws(RequestRejection) -> Request {
    guard let target = state.target, var reader = state.body else {
        throw .malformed("The request could not be read.")
    }
    let (body, form) = try reader.finish()
    state.body = reader
    return Request(method: state.method, path: target.path, rawPath: target.rawPath, query: target.query,
                   headers: state.headers,
                   body: body, form: form,
                   remoteAddress: state.client?.description)
}

/// Hands a complete response to libmicrohttpd. A small body is copied, so the Swift array may
/// go away at once; a large one (a download) is read from the array while it is sent, so the
/// file is not held twice in memory (`LargeBody`).
private func answer(_ response: Response, state: RequestState, connection: OpaquePointer, server: ServerContext) -> MHD_Result {
    state.answered = true
    let created = response.body.count > LargeBody.threshold
        ? LargeBody.response(response.body)
        : response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers {
        // libmicrohttpd refuses names or values with CR/LF: such a header is dropped, never injected.
        // `withCString`, not implicit bridging: passing a String as a C string copies it into a
        // new array each time (12 allocations for a page's 6 headers).
        name.withCString { name in
            value.withCString { value in _ = MHD_add_response_header(created, name, value) }
        }
    }
    if let limit = server.configuration.maxRequestsPerConnection, let record = connectionRecord(connection) {
        record.requests += 1
        if record.requests >= limit { _ = MHD_add_response_header(created, "Connection", "close") }
    }
    let status = (100...999).contains(response.status) ? UInt32(response.status) : 500
    return MHD_queue_response(connection, status, created)
}
