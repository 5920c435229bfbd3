import Foundation
import Synchronization

/// Uploads kept in memory: scenarios (`flowstage test`, `render`) and tests, which must not
/// write into the project or the data folder.
public final class MemoryUploadStore: UploadStore {
    private let files = Mutex<[String: (upload: StoredUpload, bytes: [UInt8])]>([:])

    public init() {}

    public func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        let bytes: [UInt8]
        switch file.source {
        case .bytes(let inline): bytes = inline
        case .file(let url), .temporaryFile(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .uploadStorage("\(file.fileName) could not be read")
            }
            bytes = Array(data)
        }
        let upload = StoredUpload(id: newUploadID(), name: file.fileName, size: bytes.count, contentType: contentType,
                                  session: session, instance: instance)
        files.withLock { $0[upload.id] = (upload, bytes) }
        return upload
    }

    public func upload(_ id: String, session: String) -> (upload: StoredUpload, bytes: [UInt8])? {
        files.withLock { all in all[id].flatMap { $0.upload.session == session ? $0 : nil } }
    }

    public func delete(_ ids: [String]) {
        files.withLock { all in for id in ids { all[id] = nil } }
    }

    public func deleteAll(instance: String) {
        files.withLock { all in all = all.filter { $0.value.upload.instance != instance } }
    }

    public func deleteAll(session: String) {
        files.withLock { all in all = all.filter { $0.value.upload.session != session } }
    }

    /// How many uploads are kept (tests check that a refused upload stored nothing).
    public var count: Int { files.withLock { $0.count } }
}
