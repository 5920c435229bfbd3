import Foundation

/// The files of other process formats (BPMN, forms), found anywhere in a project folder: a
/// modeler's folder keeps them wherever its project puts them (`src/main/resources/…`).
///
/// Hidden files and folders (`.git`, `.flowstage`) and `node_modules` are skipped; the walk
/// is bounded so pointing `serve` at a home folder answers with an error, not a long wait.
struct ModelFiles {
    static let maxEntries = 20_000
    static let maxDepth = 24

    /// Project-relative paths, sorted.
    var paths: [String] = []
    var errors: [LoadError] = []

    static func find(in folder: URL, formats: [any ProcessFormat]) -> ModelFiles {
        guard !formats.isEmpty else { return ModelFiles() }
        return find(in: folder) { path in formats.contains(where: { $0.reads(path) }) || ModelFiles.isDecisionModel(path) }
    }

    /// The files below `folder` whose project-relative path is `wanted`.
    static func find(in folder: URL, where wanted: (String) -> Bool) -> ModelFiles {
        var found = ModelFiles()
        var visited = 0
        var pending: [(path: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let url = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names where !name.hasPrefix(".") && name != "node_modules" {
                visited += 1
                if visited > maxEntries {
                    found.errors.append(LoadError(file: relative.isEmpty ? "." : relative, pointer: "",
                        message: "the project folder holds more than \(maxEntries) files and folders; serve the folder of your models, not a parent of it"))
                    found.paths.sort()
                    return found
                }
                let path = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if depth + 1 < maxDepth { pending.append((path, depth + 1)) }
                } else if wanted(path) {
                    found.paths.append(path)
                }
            }
        }
        found.paths.sort()
        return found
    }

    /// A DMN model: read for the decisions business rule tasks call.
    static func isDecisionModel(_ path: String) -> Bool { path.lowercased().hasSuffix(".dmn") }

    /// The DMN files, each read once.
    func decisionFiles(_ folder: URL, errors: inout [LoadError]) -> [ProjectFile] {
        read(folder, paths: paths.filter(ModelFiles.isDecisionModel), errors: &errors)
    }

    /// The files `format` reads, each read once; an unreadable or too large one is an error.
    func read(_ folder: URL, for format: any ProcessFormat, errors: inout [LoadError]) -> [ProjectFile] {
        read(folder, paths: paths.filter(format.reads), errors: &errors)
    }

    private func read(_ folder: URL, paths: [String], errors: inout [LoadError]) -> [ProjectFile] {
        paths.compactMap { path in
            let url = folder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                errors.append(LoadError(file: path, pointer: "", message: "cannot be read; check its permissions"))
                return nil
            }
            guard data.count <= ProjectLoader.maxModelBytes else {
                errors.append(LoadError(file: path, pointer: "",
                    message: "is \(data.count) bytes; a model or form may be at most \(ProjectLoader.maxModelBytes) bytes (10 MB)"))
                return nil
            }
            return ProjectFile(path: path, bytes: [UInt8](data))
        }
    }
}
