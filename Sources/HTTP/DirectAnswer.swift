import CMicroHTTPD
import Glibc

/// Writes a whole response straight to a connection's socket, for the one answer
/// libmicrohttpd cannot give: while a request body is arriving, 0.9.75 refuses
/// `MHD_queue_response` (on a suspended connection too; tried), yet a body that trickles must
/// get its 408. This runs in the access handler, on the connection's own thread, while
/// libmicrohttpd is between reads of the body and has nothing to write; the caller then
/// returns `MHD_NO`, and libmicrohttpd closes the connection. Non-blocking: the error page is a
/// few KiB, which the socket's send buffer takes at once; whatever it does not take is dropped.
func answerDirectly(_ response: Response, on socket: Int32) {
    let reason = MHD_get_reason_phrase_for(UInt32(response.status)).map { String(cString: $0) } ?? "Error"
    var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
    for (name, value) in response.headers where !isFraming(name) {
        guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
        head += "\(name): \(value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Array(head.utf8) + response.body
    var sent = 0
    while sent < bytes.count {
        let n = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if n <= 0 { return }
        sent += n
    }
}

/// Headers this answer writes itself: the body's length, and that the connection ends.
private func isFraming(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower == "content-length" || lower == "connection" || lower == "transfer-encoding"
}
