import Foundation
import Logging
import Synchronization

/// The server's log: swift-log's `StreamLogHandler` line format
/// (`2026-11-23T16:09:46+0000 info flowstage: [Preview] GET / 200 812µs`), written for a
/// server that logs one line per request.
///
/// Why not `StreamLogHandler` itself: it formats the timestamp with `localtime` and
/// `strftime` on every line (glibc's time-zone conversion takes a global lock, and the two
/// worker threads queued on it), then writes through `stdio`. At `--log-level info`, the
/// default, that was about 19 % of the server's time for a static file and 15 µs a request.
/// Here the timestamp text is kept for the second it names and the line goes out in one
/// `write(2)`: still one line per request, in order, never buffered (a crash loses nothing).
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let output: LogOutput

    /// A handler writing to standard error.
    public init(label: String) {
        self.init(label: label, output: .standardError)
    }

    init(label: String, output: LogOutput) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        var line = output.timestamps.text()
        line += " \(event.level)"
        if !label.isEmpty { line += " " + label }
        line += ":"
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        line += " [\(event.source)] \(event.message)\n"
        output.write(line)
    }
}

/// Where log lines go (a file descriptor) and the clock their timestamps come from.
final class LogOutput: Sendable {
    static let standardError = LogOutput(descriptor: STDERR_FILENO)

    let descriptor: Int32
    let timestamps: LogTimestamps

    init(descriptor: Int32, timestamps: LogTimestamps = LogTimestamps()) {
        self.descriptor = descriptor
        self.timestamps = timestamps
    }

    /// One `write(2)` per line (retried if the kernel takes part of it), so lines from the
    /// worker threads never interleave and none waits in a buffer.
    func write(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return // nowhere to report a failing log; drop the line rather than the request
                }
                offset += written
            }
        }
    }
}

/// Local-time timestamps in `StreamLogHandler`'s form (`%Y-%m-%dT%H:%M:%S%z`), formatted once
/// per second and then reused.
final class LogTimestamps: Sendable {
    private let clock: @Sendable () -> time_t
    private let last = Mutex<(second: time_t, text: String)?>(nil)

    init(clock: @escaping @Sendable () -> time_t = { time(nil) }) {
        self.clock = clock
    }

    func text() -> String {
        let now = clock()
        if let cached = last.withLock({ $0 }), cached.second == now { return cached.text }
        let text = Self.format(now)
        last.withLock { $0 = (now, text) }
        return text
    }

    static func format(_ second: time_t) -> String {
        var second = second
        var local = tm()
        guard localtime_r(&second, &local) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
