import Foundation

/// What the project folder looks like on disk — every file's path, size and modification
/// time — so a watcher can tell that something was saved without reading any file.
struct ProjectFingerprint: Equatable, Sendable {
    /// A project bigger than this is not a preview project; the rest is not watched.
    static let maxFiles = 10_000
    private var entries: [String: [Double]] = [:]

    /// Hidden entries (`.flowstage/` data, `.git`, editor swap files) are skipped: they change
    /// while the server runs and are never part of the project.
    init(of folder: URL) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys,
                                                          options: [.skipsHiddenFiles]) else { return }
        let base = folder.standardizedFileURL.path
        for case let url as URL in walker {
            guard entries.count < ProjectFingerprint.maxFiles else { break }
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(base.count))
            entries[path] = [values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0)]
        }
    }
}
