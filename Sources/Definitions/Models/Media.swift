/// One entry of `media/media.json` (docs/reference/media.md): a file under `media/` served at `/media/<key>`.
/// The bytes are read and checked at load, so serving never touches the disk and a file
/// that changed type after the load is never served under the old one.
public struct MediaItem: Sendable {
    public let key: String
    /// Path relative to `media/`, as written in media.json.
    public let file: String
    /// The default alternative text images showing this item use (a component's `alt` wins).
    public let alt: Text?
    public let type: MediaType
    public let bytes: [UInt8]

    public init(key: String, file: String, alt: Text?, type: MediaType, bytes: [UInt8]) {
        self.key = key; self.file = file; self.alt = alt; self.type = type; self.bytes = bytes
    }
}

/// The file types a project may serve. Decided by the file's extension and confirmed by its
/// first bytes, so a renamed file (an HTML page called `logo.png`) is refused at load.
public enum MediaType: String, Sendable, CaseIterable {
    case png, jpeg, gif, svg, webp, pdf

    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .svg: "image/svg+xml"
        case .webp: "image/webp"
        case .pdf: "application/pdf"
        }
    }

    public var isImage: Bool { self != .pdf }

    public init?(extension ext: String) {
        switch ext.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "gif": self = .gif
        case "svg": self = .svg
        case "webp": self = .webp
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// Whether `bytes` start the way a file of this type must.
    public func matches(_ bytes: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        switch self {
        case .png: return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .jpeg: return starts([0xFF, 0xD8, 0xFF])
        case .gif: return starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
        case .webp: return starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)
        case .pdf: return starts(Array("%PDF-".utf8))
        case .svg:
            // Text that opens with markup and holds an <svg> element near the start.
            var head = bytes.prefix(4096)
            if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
            guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") else { return false }
            return String(decoding: head, as: UTF8.self).lowercased().contains("<svg")
        }
    }

    /// The extensions media.json may name, for messages.
    public static let allowedExtensions = ["png", "jpg", "jpeg", "gif", "svg", "webp", "pdf"]
}
