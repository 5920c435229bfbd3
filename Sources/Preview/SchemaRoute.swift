import Foundation
import HTTP

/// `GET /schemas/{name}.json`: the JSON Schemas of the project files (the repository's
/// `Schemas/`), so an editor can name `http://127.0.0.1:8080/schemas/process.json` while the
/// preview runs. Read once per project version, served like the theme CSS (ETag, 304) as
/// `application/schema+json`; they change only with FlowStage, so a client may keep them an hour.
enum SchemaRoute {
    static let contentType = "application/schema+json"
    static let cacheControl = "public, max-age=3600"

    /// Every `*.json` of `folder` (none without a folder: every name is then 404).
    static func files(in folder: URL?) -> StaticFiles {
        var contents: [String: [UInt8]] = [:]
        if let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
                if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) {
                    contents[name] = [UInt8](data)
                }
            }
        }
        return StaticFiles(contents: contents, cacheControl: cacheControl, contentType: contentType)
    }
}
