import Expressions
import Foundation

/// Reads `media/media.json` and the files it names, checking each is inside `media/`,
/// of an allowed type (by extension and by content) and not too large.
struct MediaLoader {
    /// Largest media file: a preview's images are small, and every file is held in memory.
    static let maxFileBytes = 5 << 20
    /// Most entries in media.json, and most bytes all its files may add up to.
    static let maxItems = 500
    static let maxTotalBytes = 64 << 20
    static let file = "media/media.json"

    let loader: ProjectLoader

    func load(_ folder: URL, errors: inout [LoadError]) -> [String: MediaItem] {
        guard let value = loader.readJSON(folder, Self.file, &errors) else { return [:] }
        let diagnostics = Diagnostics(file: Self.file)
        defer { errors += diagnostics.errors }
        guard let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: "media.json") else { return [:] }
        if root.fields.count > Self.maxItems {
            diagnostics.error(at: JSONPointer(), "has \(root.fields.count) entries; at most \(Self.maxItems) are allowed")
            return [:]
        }
        let mediaFolder = folder.appendingPathComponent("media").resolvingSymlinksInPath().standardizedFileURL
        var items: [String: MediaItem] = [:]
        var total = 0
        for key in root.fields.keys.sorted() {
            let pointer = root.at(key)
            guard Self.isValidKey(key) else {
                diagnostics.error(at: pointer, "a media key may hold only letters, digits, \"-\", \"_\" and \".\", and must start with a letter or digit")
                continue
            }
            guard let entry = root.object(key, what: "A media entry"),
                  let file = entry.string("file", required: "A media entry") else { continue }
            guard let type = MediaType(extension: (file as NSString).pathExtension) else {
                diagnostics.error(at: entry.at("file"), "\"\(file)\" is not an allowed type; use one of \(MediaType.allowedExtensions.joined(separator: ", "))")
                continue
            }
            guard let url = Self.inside(mediaFolder, file) else {
                diagnostics.error(at: entry.at("file"), "\"\(file)\" must be a path inside media/ (no \"..\", no absolute path)")
                continue
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            guard let size else {
                diagnostics.error(at: entry.at("file"), "media/\(file) does not exist; add the file or fix the name")
                continue
            }
            guard size <= Self.maxFileBytes else {
                diagnostics.error(at: entry.at("file"), "media/\(file) is \(size) bytes; a media file may be at most \(Self.maxFileBytes) bytes")
                continue
            }
            total += size
            guard total <= Self.maxTotalBytes else {
                diagnostics.error(at: entry.at("file"), "the media files add up to more than \(Self.maxTotalBytes) bytes; make them smaller")
                break
            }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.error(at: entry.at("file"), "media/\(file) cannot be read; check its permissions")
                continue
            }
            let bytes = [UInt8](data)
            guard type.matches(bytes) else {
                diagnostics.error(at: entry.at("file"), "media/\(file) does not contain \(type.rawValue.uppercased()) data, whatever its extension says; save it in that format or rename it")
                continue
            }
            items[key] = MediaItem(key: key, file: file, alt: entry.text("alt"), type: type, bytes: bytes)
        }
        return items
    }

    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// The file's URL when it lies inside `mediaFolder` even after following symbolic links.
    static func inside(_ mediaFolder: URL, _ file: String) -> URL? {
        guard !file.isEmpty, !file.hasPrefix("/"), !file.contains("\\"), !file.contains("\0"),
              !file.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let url = mediaFolder.appendingPathComponent(file).resolvingSymlinksInPath().standardizedFileURL
        let base = mediaFolder.path.hasSuffix("/") ? mediaFolder.path : mediaFolder.path + "/"
        return url.path.hasPrefix(base) ? url : nil
    }
}
