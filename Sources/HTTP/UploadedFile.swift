import Foundation

/// A file part of a multipart form, already streamed to disk.
///
/// Contract: the file at `temporaryURL` belongs to the request. The server
/// deletes it when the response has been sent, so a handler that keeps the
/// upload must *move* it (e.g. `FileManager.moveItem`) into its own storage
/// before returning. The client's `fileName` is only a label: it is never
/// used to build a path.
public struct UploadedFile: Sendable {
    public let fieldName: String
    /// The name the client sent; display only, never used as a path.
    public let fileName: String
    public let contentType: String
    public let size: Int
    /// A generated name inside `ServerConfiguration.uploadDirectory`.
    public let temporaryURL: URL

    public init(fieldName: String, fileName: String, contentType: String, size: Int, temporaryURL: URL) {
        self.fieldName = fieldName
        self.fileName = fileName
        self.contentType = contentType
        self.size = size
        self.temporaryURL = temporaryURL
    }
}
