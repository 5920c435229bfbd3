import Expressions
import Foundation

/// One stored upload: the metadata written into instance data (docs/reference/processes.md, "Data":
/// `{ "id", "name", "size", "contentType" }`) plus who owns it.
public struct StoredUpload: Sendable, Equatable, Codable {
    /// Generated; the only thing that names the bytes on disk.
    public let id: String
    /// The client's file name, shown and offered on download; never a path.
    public let name: String
    public let size: Int
    /// The type the content was checked to be (not what the client claimed).
    public let contentType: String
    public let session: String
    public let instance: String

    public init(id: String, name: String, size: Int, contentType: String, session: String, instance: String) {
        self.id = id; self.name = name; self.size = size; self.contentType = contentType
        self.session = session; self.instance = instance
    }

    /// What goes into the instance data at the component's key.
    public var metadata: JSONValue {
        .object(["id": .string(id), "name": .string(name), "size": .number(Double(size)), "contentType": .string(contentType)])
    }

    /// Ids are generated lowercase UUIDs; anything else (e.g. `../x` from a URL) names nothing.
    public static func isWellFormedID(_ id: String) -> Bool {
        id.count == 36 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }
}

/// Where uploaded bytes live (a small blob-store protocol): a folder by default,
/// memory for scenarios and tests. Every method is all-or-nothing for one file.
public protocol UploadStore: Sendable {
    /// Keeps `file`'s bytes under a new id for `instance` of `session`. Throws without
    /// leaving anything behind.
    func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload
    /// The upload and its bytes, only for the session that owns it; nil otherwise (never
    /// telling "foreign" from "unknown"). Throws when the store cannot be read (a database
    /// restarting): the download then answers 503 and is retried, not 404 as if the file were gone.
    func upload(_ id: String, session: String) throws(StoreError) -> (upload: StoredUpload, bytes: [UInt8])?
    func delete(_ ids: [String])
    /// Removes every upload of an instance (stopped) or of a session (ended).
    func deleteAll(instance: String)
    func deleteAll(session: String)
}

/// Makes a fresh upload id.
func newUploadID() -> String { UUID().uuidString.lowercased() }
