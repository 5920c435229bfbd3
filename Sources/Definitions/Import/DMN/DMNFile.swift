import DMN
import FEEL

/// The way into DMN files for the project loader: bytes of `.dmn` files in, models (DMN 1.1
/// to 1.5) out, every problem located at its line and column. Camunda's modeler extensions
/// (`camunda:`, `modeler:`, `biodi:` and diagram interchange) are ignored.
public enum DMNFile {
    /// The largest `.dmn` file read (the XML reader's limits apply too).
    public static let maximumBytes = 8 * 1024 * 1024

    /// One or more files read together, so imports between them resolve (an import names
    /// another file's namespace). A file with errors still gives its model when it has a
    /// `definitions` (its broken texts evaluate to null); a loader refuses files with errors.
    public static func read(_ files: [(path: String, bytes: [UInt8])]) -> DMNReadResult {
        var result = DMNReadResult()
        var roots: [(path: String, root: XMLNode)] = []
        for file in files {
            guard file.bytes.count <= maximumBytes else {
                result.errors.append(LoadError(file: file.path, pointer: "", message: "is \(file.bytes.count) bytes, more than the \(maximumBytes) a DMN file may have; split the model into files that import each other"))
                continue
            }
            switch XMLTreeReader.read(file.bytes) {
            case .success(let root): roots.append((file.path, root))
            case .failure(let problem):
                result.errors.append(LoadError(file: file.path, pointer: "", message: problem.message, line: problem.line, column: problem.column))
            }
        }
        // First the names and types every file declares: expressions of a file that imports
        // another are parsed knowing the other's names (`Model B.Say Hello`).
        var headers: [DMNReader.Header] = []
        for (path, root) in roots {
            var reader = DMNReader(file: path)
            if let header = reader.header(root) { headers.append(header) }
            result.errors += reader.errors
            result.warnings += reader.warnings
        }
        for header in headers {
            var reader = DMNReader(file: header.file)
            let model = reader.build(header, all: headers)
            result.errors += reader.errors
            result.warnings += reader.warnings
            result.models.append(model)
            result.files.append(header.file)
        }
        var checks = DMNChecks(headers: headers, models: result.models)
        checks.run()
        result.errors += checks.errors
        result.warnings += checks.warnings
        return result
    }

    /// One file on its own (imports of other files are reported as unresolved).
    public static func read(_ bytes: [UInt8], path: String) -> DMNReadResult {
        read([(path, bytes)])
    }
}

/// What reading DMN files gave: the models (in the order of the files that have one, with
/// `files` naming each model's file), the errors that make a project refuse them, warnings.
public struct DMNReadResult: Sendable {
    public var models: [DMNDefinitions] = []
    public var files: [String] = []
    public var errors: [LoadError] = []
    public var warnings: [LoadError] = []

    /// The models `model` may reach, ready for `DMNEvaluator`.
    public func models(for model: DMNDefinitions) -> DMNModels {
        DMNModels(model, others: models.filter { $0.namespace != model.namespace })
    }
}
