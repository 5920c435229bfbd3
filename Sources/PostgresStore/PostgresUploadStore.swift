import FlowStageRuntime
import Foundation
import PostgresNIO

/// Uploaded files in PostgreSQL, so a file uploaded through one node is served by any other:
/// the metadata in `uploads`, the bytes in `upload_chunks` as pieces of at most `chunkSize`.
///
/// Why chunks: one `bytea` parameter would hold the whole file in memory a second time while
/// it is encoded, and PostgreSQL caps one value at 1 GB. Storing reads the file a chunk at a
/// time and writes each chunk as its own statement, all in one transaction, so a failure half
/// way (disk full, lost connection) leaves no upload row and no chunk. Serving reads the chunks
/// in batches inside one read-only snapshot and appends them to one buffer of the file's size,
/// so the file is held once, plus a batch. Files stored before chunks (migration v2: the bytes
/// in `uploads.bytes`) are served from there.
public final class PostgresUploadStore: UploadStore {
    /// The most bytes of one chunk row.
    public static let chunkSize = 256 << 10
    /// Chunks read per round trip when serving a file (1 MiB).
    static let chunksPerRead = 4

    private let connections: PostgresConnections

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    public func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        let id = UUID().uuidString.lowercased()
        let size: Int
        // Reading the posted file failed (not the database): said as such, without database advice.
        var unreadable: UnreadableUpload?
        do {
            var pieces = try ChunkReader(file.source, chunkSize: Self.chunkSize)
            defer { pieces.close() }
            size = try transaction("cannot store the uploaded file \(file.fileName)") { connection in
                var sequence: Int32 = 0
                var counted = 0
                func next() throws -> [UInt8]? {
                    do { return try pieces.next() } catch {
                        unreadable = error
                        throw StoreError.failed(error.description)
                    }
                }
                while let chunk = try next() {
                    var binds = PostgresBindings()
                    binds.append(id)
                    binds.append(sequence)
                    binds.append(ByteBuffer(bytes: chunk))
                    _ = try connections.query("INSERT INTO upload_chunks (upload, sequence, bytes) VALUES ($1, $2, $3)", binds, on: connection)
                    sequence += 1
                    counted += chunk.count
                }
                // Last, with the size counted: the chunks' key to this row is checked at COMMIT.
                var binds = PostgresBindings()
                binds.append(id)
                binds.append(session)
                binds.append(instance)
                binds.append(file.fileName)
                binds.append(counted)
                binds.append(contentType)
                binds.append(Date().timeIntervalSince1970)
                _ = try connections.query("""
                    INSERT INTO uploads (id, session, instance, name, size, content_type, created_at, bytes)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)
                    """, binds, on: connection)
                return counted
            }
        } catch let error as UnreadableUpload {
            throw .uploadStorage(error.description)
        } catch {
            throw .uploadStorage(unreadable?.description ?? "\(error)")
        }
        // Kept now: the web server's temporary file is consumed, as the folder store's rename does.
        if case .temporaryFile(let url) = file.source { try? FileManager.default.removeItem(at: url) }
        return StoredUpload(id: id, name: file.fileName, size: size, contentType: contentType, session: session, instance: instance)
    }

    /// Nil for an unknown or foreign id; a database that cannot be read is an error (503, not 404).
    public func upload(_ id: String, session: String) throws(StoreError) -> (upload: StoredUpload, bytes: [UInt8])? {
        guard StoredUpload.isWellFormedID(id) else { return nil }
        let what = "cannot read the uploaded file \(id)"
        return try transaction(what, readOnly: true) { connection -> (upload: StoredUpload, bytes: [UInt8])? in
            var binds = PostgresBindings()
            binds.append(id)
            binds.append(session)
            let rows = try connections.query("""
                SELECT name, size, content_type, instance, bytes FROM uploads WHERE id = $1 AND session = $2
                """, binds, on: connection)
            guard let row = rows.first else { return nil }
            let (name, size, contentType, instance, whole) = try row.decode((String, Int, String, String, ByteBuffer?).self)
            let upload = StoredUpload(id: id, name: name, size: size, contentType: contentType, session: session, instance: instance)
            if let whole { return (upload, Array(whole.readableBytesView)) } // stored before chunks (v2)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            var next: Int32 = 0
            while true {
                var range = PostgresBindings()
                range.append(id)
                range.append(next)
                range.append(next + Int32(Self.chunksPerRead))
                let batch = try connections.query("""
                    SELECT sequence, bytes FROM upload_chunks WHERE upload = $1 AND sequence >= $2 AND sequence < $3 ORDER BY sequence
                    """, range, on: connection)
                for chunk in batch {
                    let (sequence, piece) = try chunk.decode((Int32, ByteBuffer).self)
                    guard sequence == next else { throw StoreError.failed("\(what): chunk \(next) is missing; upload the file again") }
                    bytes.append(contentsOf: piece.readableBytesView)
                    next += 1
                }
                if batch.count < Self.chunksPerRead { break }
            }
            guard bytes.count == size else {
                throw StoreError.failed("\(what): \(bytes.count) of its \(size) bytes are stored; upload the file again")
            }
            return (upload, bytes)
        }
    }

    // The chunks go with their row (ON DELETE CASCADE).

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

    /// Runs `body` in one transaction on a pooled connection; `readOnly`: in one snapshot, so
    /// the rows and chunks read are of one commit, even while another node deletes them.
    private func transaction<T>(_ what: String, readOnly: Bool = false,
                                _ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
        try connections.withConnection(what) { connection in
            try connections.inTransaction(on: connection, snapshot: readOnly) { try body(connection) }
        }
    }
}

/// A posted file's bytes, `chunkSize` at a time: from its file through a handle, or sliced from inline bytes.
private struct ChunkReader {
    private let handle: FileHandle?
    private let inline: [UInt8]
    private var offset = 0
    private let chunkSize: Int
    private let name: String

    init(_ source: PostedFile.Source, chunkSize: Int) throws(UnreadableUpload) {
        self.chunkSize = chunkSize
        switch source {
        case .bytes(let bytes):
            (handle, inline, name) = (nil, bytes, "")
        case .temporaryFile(let url), .file(let url):
            name = url.lastPathComponent
            do { handle = try FileHandle(forReadingFrom: url) } catch {
                throw UnreadableUpload(name: name, reason: error.localizedDescription)
            }
            inline = []
        }
    }

    /// The next chunk, or nil at the end (an empty file has no chunk).
    mutating func next() throws(UnreadableUpload) -> [UInt8]? {
        guard let handle else {
            guard offset < inline.count else { return nil }
            let end = min(inline.count, offset + chunkSize)
            defer { offset = end }
            return Array(inline[offset..<end])
        }
        do {
            guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return nil }
            return Array(data)
        } catch {
            throw UnreadableUpload(name: name, reason: error.localizedDescription)
        }
    }

    func close() { try? handle?.close() }
}

/// The web server's copy of a posted file could not be read: nothing is stored.
struct UnreadableUpload: Error, CustomStringConvertible {
    let name: String
    let reason: String
    var description: String { "cannot read the uploaded file \(name) (\(reason)); try the upload again" }
}
