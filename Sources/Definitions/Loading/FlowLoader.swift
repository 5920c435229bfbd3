import Expressions
import Foundation

/// Loads the app flows of a project (`flows/*.json`) or one flow file on its own, collecting
/// every error at once. Kept apart from `ProjectLoader` so flows can be loaded without a project.
public struct FlowLoader: Sendable {
    /// Condition ids registered in Swift (rule 5): a flow may name them without declaring them.
    public let registeredConditions: Set<String>
    /// Names of the processes a state may launch.
    public let processes: Set<String>
    /// Validator names a `custom` validator may use (Swift-registered and validators.json).
    public let knownValidators: Set<String>

    public init(registeredConditions: Set<String> = [], processes: Set<String> = [], knownValidators: Set<String> = []) {
        self.registeredConditions = registeredConditions
        self.processes = processes
        self.knownValidators = knownValidators
    }

    /// Every flow of the project folder in file-name order, plus warnings (missing tags).
    /// Errors are appended to `errors`; a flow with errors is left out.
    public func loadAll(_ folder: URL, tags: Tags, languages: [String],
                        errors: inout [LoadError], warnings: inout [LoadError]) -> [FlowDefinition] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("flows").path)) ?? []
        var flows: [FlowDefinition] = []
        for name in names.filter({ $0.hasSuffix(".json") && !$0.hasPrefix(".") }).sorted() {
            let file = "flows/\(name)"
            let (result, slips) = loadChecked(folder.appendingPathComponent(file), file: file)
            switch result {
            case .failure(let failed):
                errors += failed.errors
            case .success(let flow):
                warnings += slips
                if flows.contains(where: { $0.name == flow.name }) {
                    errors.append(LoadError(file: file, pointer: "/name",
                                            message: "another flow is already named \"\(flow.name)\"; give this one its own \"name\""))
                } else {
                    flows.append(flow)
                    warnings += MissingTags.inFlow(flow, tags: tags, languages: languages)
                }
            }
        }
        return flows
    }

    /// One flow file; `file` is how messages name it (project-relative in a project).
    public func load(_ url: URL, file: String? = nil) -> Result<FlowDefinition, LoadErrors> {
        loadChecked(url, file: file).result
    }

    /// One flow file and its warnings (slips that do not stop it from loading).
    public func loadChecked(_ url: URL, file: String? = nil) -> (result: Result<FlowDefinition, LoadErrors>, warnings: [LoadError]) {
        let file = file ?? url.lastPathComponent
        let unreadable = FlowLoadCode.unreadable.prefix
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            return (.failure(LoadErrors([LoadError(file: file, pointer: "", message: unreadable
                + (exists ? "the flow file cannot be read; check its permissions" : "the flow file does not exist at \(url.path)"))])), [])
        }
        guard bytes.count <= ProjectLoader.maxFileBytes else {
            return (.failure(LoadErrors([LoadError(file: file, pointer: "", message: unreadable
                + "the flow file is \(bytes.count) bytes; project files may be at most \(ProjectLoader.maxFileBytes) bytes")])), [])
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse([UInt8](bytes))
        } catch {
            return (.failure(LoadErrors([LoadError(file: file, pointer: "", message: unreadable
                + "the flow file is not valid JSON: \(error); fix the syntax there")])), [])
        }
        return decodeChecked(value, file: file)
    }

    /// A flow from JSON already parsed (a flow built in a test or sent by another tool).
    public func decode(_ value: JSONValue, file: String) -> Result<FlowDefinition, LoadErrors> {
        decodeChecked(value, file: file).result
    }

    /// A flow from JSON already parsed, and its warnings.
    public func decodeChecked(_ value: JSONValue, file: String) -> (result: Result<FlowDefinition, LoadErrors>, warnings: [LoadError]) {
        let diagnostics = Diagnostics(file: file)
        let decoder = FlowDecoder(diagnostics: diagnostics,
                                  components: ComponentDecoder(diagnostics: diagnostics, knownValidators: knownValidators),
                                  registeredConditions: registeredConditions, processes: processes)
        let fallback = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let flow = decoder.decode(value.withoutSchemaReference, fallbackName: fallback)
        guard let flow, diagnostics.errors.isEmpty else { return (.failure(LoadErrors(diagnostics.errors)), diagnostics.warnings) }
        return (.success(flow), diagnostics.warnings)
    }
}
