import Foundation

/// A folder served from memory: every regular file under `root` is read
/// once at load, with its strong ETag and Content-Type, so a request never
/// touches the disk and can never reach outside the folder — only names in
/// the loaded table can be answered.
public struct StaticFiles: Sendable {
    struct Entry: Sendable {
        let body: [UInt8]
        let etag: String
        let contentType: String
    }

    private let files: [String: Entry]
    public let cacheControl: String

    public enum LoadError: Error, Sendable, CustomStringConvertible {
        case notAFolder(String)
        case unreadable(String, String)

        public var description: String {
            switch self {
            case .notAFolder(let path): "\(path) is not a folder"
            case .unreadable(let path, let reason): "\(path) could not be read: \(reason)"
            }
        }
    }

    /// Loads the folder. Hidden files and symbolic links that lead outside
    /// `root` are skipped.
    /// `cacheControl` defaults to revalidating every time (cheap with ETags,
    /// and a preview must show edits).
    public init(root: URL, cacheControl: String = "no-cache") throws {
        let base = root.resolvingSymlinksInPath().standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LoadError.notAFolder(root.path)
        }
        let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
        var table: [String: Entry] = [:]
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let real = url.resolvingSymlinksInPath().standardizedFileURL
            guard real.path.hasPrefix(basePath),
                  (try? real.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let standardized = url.standardizedFileURL.path
            guard standardized.hasPrefix(basePath) else { continue }
            let relative = String(standardized.dropFirst(basePath.count))
            let data: Data
            do { data = try Data(contentsOf: real) } catch {
                throw LoadError.unreadable(url.path, error.localizedDescription)
            }
            let bytes = [UInt8](data)
            table[relative] = Entry(body: bytes, etag: ETag.strong(for: bytes),
                                    contentType: MediaTypes.contentType(forExtension: real.pathExtension))
        }
        files = table
        self.cacheControl = cacheControl
    }

    /// Files made in memory (generated theme CSS), served exactly like loaded ones;
    /// the content type comes from each name's extension unless `contentType` is given.
    public init(contents: [String: [UInt8]], cacheControl: String = "no-cache", contentType: String? = nil) {
        var table: [String: Entry] = [:]
        for (name, bytes) in contents {
            let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
            table[name] = Entry(body: bytes, etag: ETag.strong(for: bytes),
                                contentType: contentType ?? MediaTypes.contentType(forExtension: ext))
        }
        files = table
        self.cacheControl = cacheControl
    }

    /// The number of files loaded.
    public var count: Int { files.count }

    /// The response for `path` (relative to the root; a leading "/" is
    /// ignored; a folder answers with its index.html), or nil when there is
    /// no such file or the path tries to leave the root (`..`, `%2e%2e`,
    /// NUL, backslashes). GET and HEAD only. 304 when `If-None-Match` matches.
    public func response(for path: String, request: Request) -> Response? {
        guard request.method == "GET" || request.method == "HEAD" else { return nil }
        guard let key = Self.key(for: path), let entry = files[key] ?? files[key.isEmpty ? "index.html" : key + "/index.html"] else {
            return nil
        }
        if ETag.matches(ifNoneMatch: request.headers["If-None-Match"], etag: entry.etag) {
            return .notModified(etag: entry.etag, cacheControl: cacheControl)
        }
        return Response(status: 200,
                        headers: ["Content-Type": entry.contentType, "ETag": entry.etag, "Cache-Control": cacheControl],
                        body: entry.body)
    }

    /// The table key, or nil for anything that looks like an escape attempt: NUL, a backslash,
    /// an encoded dot, slash, backslash or NUL (`%2e`, `%2f`, `%5c`, `%00`, any case), or a
    /// `.` or `..` segment. Empty segments are dropped. Over the bytes (Foundation's
    /// `contains` was a third of a static request): every static request asks.
    static func key(for path: String) -> String? {
        var path = path
        let forbidden = path.withUTF8 { bytes in
            bytes.indices.contains { index in
                switch bytes[index] {
                case 0, UInt8(ascii: "\\"): true
                case UInt8(ascii: "%"): index + 2 < bytes.count && isEscapeOfSeparator(bytes[index + 1], bytes[index + 2])
                default: false
                }
            }
        }
        let segments = PathSegments.of(path)
        guard !forbidden, !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return segments.joined(separator: "/")
    }

    /// `2e` (.), `2f` (/), `5c` (\) or `00` (NUL), in either case.
    private static func isEscapeOfSeparator(_ high: UInt8, _ low: UInt8) -> Bool {
        let low = low | 0x20 // ASCII letters to lower case
        return (high == UInt8(ascii: "2") && (low == UInt8(ascii: "e") || low == UInt8(ascii: "f")))
            || (high == UInt8(ascii: "5") && low == UInt8(ascii: "c"))
            || (high == UInt8(ascii: "0") && low == UInt8(ascii: "0"))
    }
}
