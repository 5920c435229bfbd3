import Foundation
import Synchronization

/// The default analytics log: one JSON object per line, appended to a file — easy to `tail`,
/// `grep` or load into any analytics tool.
public final class JSONLinesAnalyticsSink: AnalyticsSink {
    public let path: String
    private let handle: Mutex<FileHandle>

    /// Opens (creating if needed) the file for appending; fails with a message naming it.
    public init(path: String) throws(StoreError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        self.path = url.path
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: url.path) {
                guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission)
                }
            }
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            self.handle = Mutex(handle)
        } catch {
            throw .failed("cannot open the analytics log \(url.path): \(error.localizedDescription); choose a file you can write to")
        }
    }

    public func record(_ events: [AnalyticsEvent]) {
        guard !events.isEmpty else { return }
        var text = ""
        for event in events { text += event.json.serialized() + "\n" }
        handle.withLock { try? $0.write(contentsOf: Data(text.utf8)) }
    }
}
