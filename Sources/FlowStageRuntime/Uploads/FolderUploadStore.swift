import Foundation

/// Uploads in a folder (`uploads/` in the server's data folder): the bytes in `<id>`,
/// the metadata beside them in `<id>.json`. File names are generated ids only; the client's
/// name lives inside the JSON. Bytes are written first and the metadata last, so a crash
/// in between leaves an orphan blob, never metadata pointing at nothing.
public final class FolderUploadStore: UploadStore {
    public let folder: URL

    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    private func blob(_ id: String) -> URL { folder.appendingPathComponent(id, isDirectory: false) }
    private func meta(_ id: String) -> URL { folder.appendingPathComponent(id + ".json", isDirectory: false) }

    public func put(_ file: PostedFile, contentType: String, session: String, instance: String) throws(RuntimeError) -> StoredUpload {
        let id = newUploadID()
        let target = blob(id)
        let files = FileManager.default
        do {
            switch file.source {
            case .temporaryFile(let url):
                // Same file system: a rename. Otherwise FileManager copies.
                try files.moveItem(at: url, to: target)
            case .file(let url):
                try files.copyItem(at: url, to: target)
            case .bytes(let bytes):
                try Data(bytes).write(to: target, options: .withoutOverwriting)
            }
            let size = (try files.attributesOfItem(atPath: target.path)[.size] as? NSNumber)?.intValue ?? file.size
            let upload = StoredUpload(id: id, name: file.fileName, size: size, contentType: contentType,
                                      session: session, instance: instance)
            try JSONEncoder().encode(upload).write(to: meta(id), options: .atomic)
            return upload
        } catch {
            try? files.removeItem(at: target)
            try? files.removeItem(at: meta(id))
            throw .uploadStorage(error.localizedDescription)
        }
    }

    public func upload(_ id: String, session: String) -> (upload: StoredUpload, bytes: [UInt8])? {
        guard StoredUpload.isWellFormedID(id), let data = FileManager.default.contents(atPath: meta(id).path),
              let upload = try? JSONDecoder().decode(StoredUpload.self, from: data), upload.session == session,
              let bytes = FileManager.default.contents(atPath: blob(id).path) else { return nil }
        return (upload, Array(bytes))
    }

    public func delete(_ ids: [String]) {
        for id in ids where StoredUpload.isWellFormedID(id) {
            try? FileManager.default.removeItem(at: meta(id))
            try? FileManager.default.removeItem(at: blob(id))
        }
    }

    public func deleteAll(instance: String) { delete(all().filter { $0.instance == instance }.map(\.id)) }

    public func deleteAll(session: String) { delete(all().filter { $0.session == session }.map(\.id)) }

    /// Every upload's metadata: a scan, fine for a preview's handful of files.
    private func all() -> [StoredUpload] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
                .flatMap { try? JSONDecoder().decode(StoredUpload.self, from: $0) }
        }
    }
}
