import Foundation

/// A file posted with an action, as the runtime sees it: the web server's streamed temp file,
/// or a scenario's file or inline bytes. The client's `fileName` is a label only; it is never
/// used to build a path.
public struct PostedFile: Sendable {
    /// Where the bytes are. A temporary file may be moved into the upload store; a project
    /// file is only ever copied, so a scenario never loses its fixtures.
    public enum Source: Sendable {
        case temporaryFile(URL)
        case file(URL)
        case bytes([UInt8])
    }

    /// The form field (the component's data path) the file was posted under.
    public let fieldName: String
    public let fileName: String
    /// What the client claimed; only the checked type is ever stored.
    public let contentType: String
    public let size: Int
    public let source: Source

    public init(fieldName: String, fileName: String, contentType: String, size: Int, source: Source) {
        self.fieldName = fieldName; self.fileName = fileName; self.contentType = contentType
        self.size = size; self.source = source
    }

    /// The first `count` bytes, for content sniffing.
    func head(_ count: Int) -> [UInt8] {
        switch source {
        case .bytes(let bytes):
            return Array(bytes.prefix(count))
        case .temporaryFile(let url), .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: count)).map { Array($0) } ?? []
        }
    }
}
