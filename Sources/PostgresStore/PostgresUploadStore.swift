import Foundation
import PostgresNIO
import Runtime

/// Uploaded files in the `uploads` table, bytes and metadata in one row, so a file uploaded
/// through one node is served by any other.
///
/// One statement per operation, so a file is stored whole or not at all. The bytes travel as
/// one `bytea` parameter and come back whole, like `FolderUploadStore` hands out a file's bytes
/// whole: the size is bounded by `--max-upload` (10 MiB by default). Streaming in chunks
/// (PostgreSQL large objects) would lift that bound; not done.
public final class PostgresUploadStore: UploadStore {
    private let connections: PostgresConnections

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    public func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        let bytes: [UInt8]
        switch file.source {
        case .bytes(let given):
            bytes = given
        case .temporaryFile(let url), .file(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .uploadStorage("cannot read the uploaded file \(url.lastPathComponent)")
            }
            bytes = Array(data)
        }
        let upload = StoredUpload(id: UUID().uuidString.lowercased(), name: file.fileName, size: bytes.count,
                                  contentType: contentType, session: session, instance: instance)
        var binds = PostgresBindings()
        binds.append(upload.id)
        binds.append(upload.session)
        binds.append(upload.instance)
        binds.append(upload.name)
        binds.append(upload.size)
        binds.append(upload.contentType)
        binds.append(Date().timeIntervalSince1970)
        binds.append(ByteBuffer(bytes: bytes))
        do {
            _ = try connections.query("cannot store the uploaded file \(file.fileName)", """
                INSERT INTO uploads (id, session, instance, name, size, content_type, created_at, bytes)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """, binds)
        } catch {
            throw .uploadStorage(error.description)
        }
        // Kept now: the web server's temporary file is consumed, as the folder store's rename does.
        if case .temporaryFile(let url) = file.source { try? FileManager.default.removeItem(at: url) }
        return upload
    }

    /// Nil for an unknown or foreign id, and also when the database cannot be reached (the
    /// protocol has no error here; the download then answers 404, and the next try may succeed).
    public func upload(_ id: String, session: String) -> (upload: StoredUpload, bytes: [UInt8])? {
        guard StoredUpload.isWellFormedID(id) else { return nil }
        var binds = PostgresBindings()
        binds.append(id)
        binds.append(session)
        guard let rows = try? connections.query("cannot read the uploaded file \(id)", """
            SELECT name, size, content_type, instance, bytes FROM uploads WHERE id = $1 AND session = $2
            """, binds), let row = rows.first,
              let (name, size, contentType, instance, buffer) = try? row.decode((String, Int, String, String, ByteBuffer).self)
        else { return nil }
        let upload = StoredUpload(id: id, name: name, size: size, contentType: contentType, session: session, instance: instance)
        return (upload, Array(buffer.readableBytesView))
    }

    public func delete(_ ids: [String]) {
        let wellFormed = ids.filter(StoredUpload.isWellFormedID)
        guard !wellFormed.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(wellFormed)
        _ = try? connections.query("cannot delete uploaded files", "DELETE FROM uploads WHERE id = ANY($1)", binds)
    }

    public func deleteAll(instance: String) {
        var binds = PostgresBindings()
        binds.append(instance)
        _ = try? connections.query("cannot delete the uploaded files of an instance", "DELETE FROM uploads WHERE instance = $1", binds)
    }

    public func deleteAll(session: String) {
        var binds = PostgresBindings()
        binds.append(session)
        _ = try? connections.query("cannot delete the uploaded files of a session", "DELETE FROM uploads WHERE session = $1", binds)
    }
}
