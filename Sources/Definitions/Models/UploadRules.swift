import Expressions
import Foundation

/// What a `fileUpload` component accepts (docs/reference/components.md: `accept`, `maxSize`, `multiple`),
/// read once so the runtime checks and the renderer's hint say the same thing.
public struct UploadRules: Sendable, Equatable {
    /// `accept` entries, lowercased: MIME types (`application/pdf`, `image/*`) or extensions (`.pdf`).
    public let accept: [String]
    /// The component's own limit in bytes; nil means the server's global limit.
    public let maxSize: Int?
    public let multiple: Bool
    /// Most files one component keeps when `multiple`: a bound on every input.
    public static let maxFiles = 20

    public init(accept: [String], maxSize: Int?, multiple: Bool) {
        self.accept = accept; self.maxSize = maxSize; self.multiple = multiple
    }

    /// `accept` may be one comma-separated string (as in HTML) or a list of strings.
    public init(_ component: Component) {
        var tokens: [String] = []
        switch component.properties["accept"] {
        case .string(let text)?: tokens = text.split(separator: ",").map(String.init)
        case .array(let items)?: tokens = items.compactMap(\.stringValue)
        default: break
        }
        accept = tokens.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        maxSize = component.properties["maxSize"]?.numberValue.map { Int($0) }
        multiple = component.properties["multiple"]?.boolValue ?? false
    }

    /// The limit that applies: the component's, never above the server's.
    public func limit(global: Int) -> Int { min(maxSize ?? global, global) }

    /// Whether a file of `type` may be uploaded here (nothing in `accept`: any known type).
    public func allows(_ type: FileType) -> Bool {
        accept.isEmpty || accept.contains { token in
            if token.hasPrefix(".") { return FileType.forExtension(String(token.dropFirst()))?.mime == type.mime }
            if token.hasSuffix("/*") { return type.mime.hasPrefix(String(token.dropLast())) }
            return token == type.mime
        }
    }

    /// "PDF", "PNG", "JPEG", "image": the accepted types as people name them, without repeats.
    public var typeWords: [String] {
        var words: [String] = []
        for token in accept {
            let word: String
            if token.hasPrefix(".") {
                word = FileType.forExtension(String(token.dropFirst()))?.label ?? token.dropFirst().uppercased()
            } else if token.hasSuffix("/*") {
                word = String(token.dropLast(2))
            } else {
                word = FileType.known.first { $0.mime == token }?.label ?? token
            }
            if !words.contains(word) { words.append(word) }
        }
        return words
    }
}

/// A file type FileStage can check by its content (magic bytes) as well as its extension.
public struct FileType: Sendable, Equatable {
    /// How the content starts, for sniffing.
    public enum Signature: Sendable, Equatable { case pdf, png, jpeg, gif, webp, zip, ole, text }

    public let extensions: [String]
    public let mime: String
    /// The name people use: "PDF", "JPEG", "Word".
    public let label: String
    public let signature: Signature

    public var isImage: Bool { [.png, .jpeg, .gif, .webp].contains(signature) }

    public static let known: [FileType] = [
        FileType(extensions: ["pdf"], mime: "application/pdf", label: "PDF", signature: .pdf),
        FileType(extensions: ["png"], mime: "image/png", label: "PNG", signature: .png),
        FileType(extensions: ["jpg", "jpeg"], mime: "image/jpeg", label: "JPEG", signature: .jpeg),
        FileType(extensions: ["gif"], mime: "image/gif", label: "GIF", signature: .gif),
        FileType(extensions: ["webp"], mime: "image/webp", label: "WebP", signature: .webp),
        FileType(extensions: ["txt"], mime: "text/plain", label: "text", signature: .text),
        FileType(extensions: ["csv"], mime: "text/csv", label: "CSV", signature: .text),
        FileType(extensions: ["json"], mime: "application/json", label: "JSON", signature: .text),
        FileType(extensions: ["docx"], mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", label: "Word", signature: .zip),
        FileType(extensions: ["xlsx"], mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "Excel", signature: .zip),
        FileType(extensions: ["zip"], mime: "application/zip", label: "ZIP", signature: .zip),
        FileType(extensions: ["doc"], mime: "application/msword", label: "Word", signature: .ole),
        FileType(extensions: ["xls"], mime: "application/vnd.ms-excel", label: "Excel", signature: .ole),
    ]

    public static func forExtension(_ ext: String) -> FileType? {
        let lower = ext.lowercased()
        return known.first { $0.extensions.contains(lower) }
    }

    /// The type a file name's extension says; nil for no or an unknown extension.
    public static func forFileName(_ name: String) -> FileType? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return forExtension(String(name[name.index(after: dot)...]))
    }

    /// What the first bytes say. Text is "no NUL byte and no binary signature".
    public static func sniff(_ head: [UInt8]) -> Signature? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .ole }
        if !head.contains(0) { return .text }
        return nil
    }
}
