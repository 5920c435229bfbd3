import Glibc

/// Receives the parts found by `MultipartParser`, in order.
protocol MultipartSink {
    /// A part's header block, as raw lines (`Name: value`), already checked for UTF-8.
    mutating func beginPart(headers: [(name: String, value: String)]) throws(RequestRejection)
    mutating func partData(_ bytes: UnsafeRawBufferPointer) throws(RequestRejection)
    mutating func endPart() throws(RequestRejection)
}

/// A streaming `multipart/form-data` splitter (RFC 7578 / RFC 2046).
///
/// Bytes arrive in arbitrary chunks; part bodies are forwarded as soon as
/// they cannot be the start of a delimiter, so a file part never needs to
/// be held in memory. Anything that does not follow the grammar — no
/// opening delimiter, garbage after a delimiter, part headers without an
/// end, a body that stops before the closing `--boundary--` — is a
/// `RequestRejection` with status 400.
struct MultipartParser {
    enum State { case preamble, afterDelimiter, headers, body, done }

    private(set) var state: State = .preamble
    private let delimiter: [UInt8]          // CRLF "--" boundary
    private var buffer: [UInt8]
    private var start = 0                    // first unconsumed byte in buffer
    private var preambleBytes = 0
    private let maxHeaderBytes: Int

    /// The boundary from the Content-Type parameter; 1–70 characters per RFC 2046.
    init?(boundary: String, maxHeaderBytes: Int = 16 << 10) {
        let b = Array(boundary.utf8)
        guard (1...70).contains(b.count), !b.contains(where: { $0 < 0x20 || $0 > 0x7E }) else { return nil }
        delimiter = [0x0D, 0x0A, 0x2D, 0x2D] + b
        // A virtual CRLF in front lets the very first delimiter match like every other one.
        buffer = [0x0D, 0x0A]
        self.maxHeaderBytes = maxHeaderBytes
    }

    var isComplete: Bool { state == .done }

    mutating func feed<S: MultipartSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout S) throws(RequestRejection) {
        guard state != .done else { return } // the epilogue is ignored
        buffer.append(contentsOf: bytes)
        try process(into: &sink)
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Call at the end of the body: a missing closing delimiter is an error.
    func finish() throws(RequestRejection) {
        guard state == .done else {
            throw .malformedUpload(state == .preamble
                ? "The upload was not valid multipart data: the boundary never appeared."
                : "The upload ended before its last part was complete.")
        }
    }

    private mutating func process<S: MultipartSink>(into sink: inout S) throws(RequestRejection) {
        while true {
            switch state {
            case .preamble:
                if let at = find(delimiter, from: start) {
                    start = at + delimiter.count
                    state = .afterDelimiter
                } else {
                    // Keep only what could still be the start of a delimiter.
                    let keep = max(start, buffer.count - (delimiter.count - 1))
                    preambleBytes += keep - start
                    start = keep
                    if preambleBytes > maxHeaderBytes {
                        // A preamble this long is not a browser's form.
                        throw .malformedUpload("The upload was not valid multipart data: the boundary never appeared.")
                    }
                    return
                }
            case .afterDelimiter:
                // Optional transport padding, then CRLF (another part) or "--" (the end).
                while start < buffer.count, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
                guard buffer.count - start >= 2 else { return }
                let a = buffer[start], b = buffer[start + 1]
                if a == 0x2D, b == 0x2D {
                    state = .done
                    start = buffer.count
                    return
                }
                guard a == 0x0D, b == 0x0A else {
                    throw .malformedUpload("The upload was not valid multipart data: unexpected bytes after a boundary.")
                }
                start += 2
                state = .headers
            case .headers:
                let headerEnd: Int
                let next: Int
                if buffer.count - start >= 2, buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
                    headerEnd = start; next = start + 2 // no headers at all
                } else if let at = find([0x0D, 0x0A, 0x0D, 0x0A], from: start) {
                    headerEnd = at; next = at + 4
                } else {
                    if buffer.count - start > maxHeaderBytes {
                        throw .malformedUpload("The upload was not valid multipart data: a part's headers never ended.")
                    }
                    return
                }
                let headers = try parseHeaders(buffer[start..<headerEnd])
                start = next
                try sink.beginPart(headers: headers)
                state = .body
            case .body:
                if let at = find(delimiter, from: start) {
                    try emit(start..<at, into: &sink)
                    try sink.endPart()
                    start = at + delimiter.count
                    state = .afterDelimiter
                } else {
                    let safeEnd = buffer.count - (delimiter.count - 1)
                    if safeEnd > start {
                        try emit(start..<safeEnd, into: &sink)
                        start = safeEnd
                    }
                    return
                }
            case .done:
                return
            }
        }
    }

    private func emit<S: MultipartSink>(_ range: Range<Int>, into sink: inout S) throws(RequestRejection) {
        guard !range.isEmpty else { return }
        var failure: RequestRejection?
        buffer.withUnsafeBytes { all in
            do throws(RequestRejection) {
                try sink.partData(UnsafeRawBufferPointer(rebasing: all[range]))
            } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// First occurrence of `needle` at or after `from`: memchr for the first
    /// byte, memcmp for the rest (memmem is a GNU extension Swift does not see).
    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, buffer.count - from >= needle.count else { return nil }
        return buffer.withUnsafeBytes { hay -> Int? in
            needle.withUnsafeBytes { n -> Int? in
                guard let base = hay.baseAddress, let nb = n.baseAddress else { return nil }
                let first = Int32(needle[0])
                var position = from
                let last = hay.count - needle.count // last possible start
                while position <= last {
                    guard let hit = memchr(base + position, first, last - position + 1) else { return nil }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, nb, needle.count) == 0 { return at }
                    position = at + 1
                }
                return nil
            }
        }
    }

    private func parseHeaders(_ block: ArraySlice<UInt8>) throws(RequestRejection) -> [(name: String, value: String)] {
        guard let text = String(validating: block, as: UTF8.self) else {
            throw .malformedUpload("The upload contained a part header that is not valid UTF-8.")
        }
        var headers: [(name: String, value: String)] = []
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            if let first = line.first, first == " " || first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += " " + line.trimmingASCIIWhitespace() // obsolete folding
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw .malformedUpload("The upload was not valid multipart data: a part header had no colon.")
            }
            headers.append((name: String(line[..<colon].trimmingASCIIWhitespace()),
                            value: String(line[line.index(after: colon)...].trimmingASCIIWhitespace())))
        }
        return headers
    }
}
