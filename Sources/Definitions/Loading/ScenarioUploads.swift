import Expressions
import Foundation

/// A step's `uploads`: `{ "<key>": <file> | [<file>, …] }` where a file is
/// `{ "file": "scenarios/files/payslip.pdf" }` (inside the project folder; `name` defaults to
/// its last component), `{ "name": "note.txt", "content": "text" }` or
/// `{ "name": "scan.png", "base64": "iVBOR…" }`.
enum ScenarioUploads {
    /// Inline content is for small fixtures; bigger files belong in the project.
    static let maxInlineBytes = 1 << 20

    static func decode(_ step: ObjectReader, folder: URL?, _ diagnostics: Diagnostics) -> [Scenario.Upload] {
        guard let object = step.object("uploads", what: "\"uploads\"") else { return [] }
        var uploads: [Scenario.Upload] = []
        for key in object.fields.keys.sorted() {
            let value = object.fields[key]!
            let items: [(JSONValue, JSONPointer)] = if case .array(let list) = value {
                list.enumerated().map { ($0.element, object.at(key).appending($0.offset)) }
            } else {
                [(value, object.at(key))]
            }
            for (item, pointer) in items {
                if let upload = decodeFile(item, key: key, at: pointer, folder: folder, diagnostics) { uploads.append(upload) }
            }
        }
        return uploads
    }

    private static func decodeFile(_ value: JSONValue, key: String, at pointer: JSONPointer, folder: URL?,
                                   _ diagnostics: Diagnostics) -> Scenario.Upload? {
        guard let file = ObjectReader(value, at: pointer, diagnostics, what: "An upload") else { return nil }
        if let path = file.string("file") {
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            guard !path.hasPrefix("/"), !parts.contains(".."), !parts.isEmpty else {
                diagnostics.error(at: file.at("file"), "\"\(path)\" must be a path inside the project folder, like scenarios/files/payslip.pdf")
                return nil
            }
            let name = file.string("name") ?? String(parts.last!)
            guard let folder else {
                return Scenario.Upload(key: key, fileName: name, source: .file(URL(fileURLWithPath: path)))
            }
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                diagnostics.error(at: file.at("file"), "no file \"\(path)\" in the project folder")
                return nil
            }
            return Scenario.Upload(key: key, fileName: name, source: .file(url))
        }
        guard let name = file.string("name", required: "An upload with \"content\" or \"base64\"") else { return nil }
        let bytes: [UInt8]?
        if let text = file.string("content") {
            bytes = Array(text.utf8)
        } else if let encoded = file.string("base64") {
            bytes = Data(base64Encoded: encoded).map(Array.init)
            if bytes == nil { diagnostics.error(at: file.at("base64"), "is not valid base64") }
        } else {
            diagnostics.error(at: pointer, "an upload needs \"file\" (a path in the project), \"content\" (text) or \"base64\"")
            return nil
        }
        guard let bytes else { return nil }
        if bytes.count > maxInlineBytes {
            diagnostics.error(at: pointer, "inline content is limited to 1 MB; put the file in the project and use \"file\"")
            return nil
        }
        return Scenario.Upload(key: key, fileName: name, source: .bytes(bytes))
    }
}
