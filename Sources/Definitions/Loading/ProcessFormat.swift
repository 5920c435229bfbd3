import Expressions
import Foundation

/// A process format other than FlowStage JSON (BPMN 2.0 with its forms), read by a target
/// above this one and given to `ProjectLoader.formats`: the loader finds the files, the
/// format turns them into the same `ProcessDefinition`s the JSON decoder makes.
public protocol ProcessFormat: Sendable {
    /// Whether a project file (its path relative to the project folder) belongs to this
    /// format: a model, or a file a model refers to (a form).
    func reads(_ file: String) -> Bool
    /// Reads every file of the format at once, since models refer to forms in other files.
    func load(_ files: [ProjectFile], context: ImportContext) -> ImportedProcesses
}

/// One file of the project, already read and within `ProjectLoader.maxFileBytes`.
public struct ProjectFile: Sendable {
    /// Relative to the project folder, with `/` separators.
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// What a format may need to know of the rest of the project.
public struct ImportContext: Sendable {
    /// Custom validators registered in Swift or in validators.json, by name.
    public let validators: Set<String>
    /// The project's FlowStage JSON processes, which a model's call activity may call.
    public let processNames: Set<String>
    /// The names the project's mock files answer for (`mocks/<name>.json`): a stand-in one
    /// answers never asks the person.
    public let mocks: Set<String>
    /// The ids and names of the decisions in the project's `.dmn` files.
    public let decisions: Set<String>

    public init(validators: Set<String>, processNames: Set<String> = [], mocks: Set<String> = [], decisions: Set<String> = []) {
        self.validators = validators
        self.processNames = processNames
        self.mocks = mocks
        self.decisions = decisions
    }
}

/// The processes of a format's files, with what went wrong and what was mapped how.
public struct ImportedProcesses: Sendable {
    public var processes: [ProcessDefinition] = []
    public var errors: [LoadError] = []
    public var warnings: [LoadError] = []
    /// Per file, what it became: user tasks and their forms, stand-ins, conditions evaluated
    /// and those left to the person. `validate` prints it.
    public var summaries: [ImportSummary] = []

    public init() {}
}

/// What one model file was mapped to, line by line, for `flowstage validate`.
public struct ImportSummary: Sendable, Equatable {
    public let file: String
    public let lines: [String]

    public init(file: String, lines: [String]) {
        self.file = file
        self.lines = lines
    }
}

/// The JSON process decoder, for formats that translate their models into FlowStage's
/// process JSON: one decoder and one set of checks for every format.
public enum ProcessJSON {
    /// The process and every problem found in it, located in `file` by JSON pointer.
    public static func decode(_ value: JSONValue, file: String, fallbackName: String,
                              validators: Set<String>) -> (process: ProcessDefinition?, errors: [LoadError], warnings: [LoadError]) {
        let diagnostics = Diagnostics(file: file)
        let decoder = ProcessDecoder(diagnostics: diagnostics,
                                     components: ComponentDecoder(diagnostics: diagnostics, knownValidators: validators))
        let process = decoder.decode(value, file: file, fallbackName: fallbackName)
        return (diagnostics.errors.isEmpty ? process : nil, diagnostics.errors, diagnostics.warnings)
    }
}
