import Foundation
import Logging
import Synchronization
import Testing
@testable import Preview

/// The server's log keeps swift-log's stream format, one whole line per event.
@Suite struct ServerLog {
    /// Reads what `body` logs through a `ServerLogHandler` writing into a pipe.
    private func logged(clock: @escaping @Sendable () -> time_t, _ body: (Logger) -> Void) throws -> String {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = LogOutput(descriptor: ends[1], timestamps: LogTimestamps(clock: clock))
        var logger = Logger(label: "flowstage") { ServerLogHandler(label: $0, output: output) }
        logger.logLevel = .info
        body(logger)
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aLineHasTheStreamLogHandlerFormatWithSortedMetadata() throws {
        let text = try logged(clock: { 1_800_000_000 }) { logger in
            var logger = logger
            logger[metadataKey: "b"] = "2"
            logger.info("GET / 200 812µs", metadata: ["a": "1"], source: "Preview")
            logger.debug("not shown", source: "Preview")
            logger.warning("careful", source: "Preview")
        }
        let stamp = LogTimestamps.format(1_800_000_000)
        #expect(text == "\(stamp) info flowstage: a=1 b=2 [Preview] GET / 200 812µs\n\(stamp) warning flowstage: b=2 [Preview] careful\n")
    }

    @Test func aTimestampIsReusedOnlyWithinTheSecondItNames() {
        let now = Mutex<time_t>(1_800_000_000)
        let timestamps = LogTimestamps(clock: { now.withLock { $0 } })
        let first = timestamps.text()
        #expect(first == LogTimestamps.format(1_800_000_000))
        #expect(timestamps.text() == first)
        now.withLock { $0 += 1 }
        #expect(timestamps.text() == LogTimestamps.format(1_800_000_001))
        #expect(timestamps.text() != first)
    }

    @Test func theTimestampIsLocalTimeWithItsOffset() {
        let text = LogTimestamps.format(1_800_000_000)
        #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil)
    }
}
