import Expressions
import Foundation

/// Loads a preview-project folder (docs/reference/project.md) and checks every file, collecting every
/// error at once so `validate` and the live preview can show them all.
public struct ProjectLoader: Sendable {
    /// Largest project file read; a bigger one is an error, not a slow load.
    public static let maxFileBytes = 4 << 20

    /// The repository's `Themes/` folder with the built-in themes.
    public let builtInThemes: URL?
    /// The repository's `Words/` folder with the interface words of every shipped language
    /// (docs/reference/interface-words.md); nil: no shipped words (pages show word keys).
    public let builtInWords: URL?
    /// Custom validators registered in Swift, known before validators.json.
    public let registeredValidators: Set<String>
    /// Flow condition ids registered in Swift, which flows may name without declaring (docs/reference/flows.md, rule 5).
    public var registeredConditions: Set<String> = []
    /// Service handler names registered in Swift (`ProcessEngine.Configuration.serviceHandlers`).
    /// Given, an unknown name is a load error; nil (a host without handlers, such as
    /// `flowstage validate`) makes each service task a warning instead.
    public var registeredHandlers: Set<String>?
    /// Action handler names registered in Swift (`ProcessEngine.Configuration.actionHandlers`);
    /// a `handler` action naming another is a load error.
    public var registeredActionHandlers: Set<String> = []
    /// Process formats besides FlowStage JSON (BPMN with its forms): their files are found
    /// anywhere in the project folder. A folder with such files or `processes/*.json` needs no
    /// project.json. A host may leave BPMN out with `formats = []`.
    public var formats: [any ProcessFormat] = [BPMNFormat()]
    /// Largest model file (BPMN, form) read; models from modelers are bigger than our JSON.
    public static let maxModelBytes = 10 << 20

    /// `builtInWords` defaults to the `Words/` folder beside `builtInThemes`: both are
    /// resources of the FlowStage checkout.
    public init(builtInThemes: URL?, builtInWords: URL? = nil, registeredValidators: Set<String> = []) {
        self.builtInThemes = builtInThemes
        self.builtInWords = builtInWords ?? builtInThemes?.deletingLastPathComponent().appendingPathComponent("Words")
        self.registeredValidators = registeredValidators
    }

    public func load(_ folder: URL) -> Result<Project, LoadErrors> {
        var errors: [LoadError] = []
        var warnings: [LoadError] = []

        let modelFiles = ModelFiles.find(in: folder, formats: formats)
        let settingsValue: JSONValue
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("project.json").path) {
            guard let value = readJSON(folder, "project.json", &errors) else { return .failure(LoadErrors(errors)) }
            settingsValue = value
        } else if !modelFiles.paths.isEmpty || !jsonFiles(folder, "processes").isEmpty {
            // A modeler's folder: a project with defaults, named after the folder.
            settingsValue = .object(["name": .string(folder.standardizedFileURL.lastPathComponent)])
        } else {
            return .failure(LoadErrors([LoadError(file: "project.json", pointer: "",
                message: "not found in \(folder.path), and the folder has no processes/*.json, .bpmn or .form files: is this a FlowStage project folder?")]))
        }
        let settings = Diagnostics(file: "project.json")
        let root = ObjectReader(settingsValue, at: JSONPointer(), settings, what: "project.json")
        let name = root?.string("name", required: "project.json") ?? "Untitled project"
        let languages = root?.array("languages")?.compactMap { $0.value.stringValue } ?? ["en"]
        let defaultLanguage = root?.string("defaultLanguage") ?? languages.first ?? "en"
        if !languages.contains(defaultLanguage) {
            settings.error(at: JSONPointer("/defaultLanguage"), "\"\(defaultLanguage)\" is not in \"languages\"")
        }
        let appearance = root?.oneOf("appearance", Project.Appearance.allCases.map(\.rawValue))
            .flatMap(Project.Appearance.init(rawValue:)) ?? .auto
        let themeName = root?.string("theme") ?? "default"
        errors += settings.errors

        let tags = loadTags(folder, languages: languages, defaultLanguage: defaultLanguage, &errors)
        let shipped = builtInWords.map { ShippedWords.load($0, errors: &errors) } ?? .empty
        let words = InterfaceWordsLoader.words(tags: tags, shipped: shipped, languages: languages,
                                               defaultLanguage: defaultLanguage, locale: root?.string("locale") ?? defaultLanguage,
                                               warnings: &warnings)
        let validators = loadValidators(folder, &errors)
        let themes = loadThemes(folder, &errors)
        let enumerations = EnumerationLoader(loader: self).loadAll(folder, errors: &errors)
        let media = MediaLoader(loader: self).load(folder, errors: &errors)
        let mocks = MockLoader(loader: self).loadAll(folder, errors: &errors)
        if themes[themeName] == nil {
            warnings.append(LoadError(file: "project.json", pointer: "/theme",
                                      message: "theme \"\(themeName)\" not found; using \"default\""))
        }

        let componentNames = registeredValidators.union(validators.keys)
        var processes: [ProcessDefinition] = []
        var processNames = Set<String>()
        var refused: [ProcessDefinition] = []
        for file in jsonFiles(folder, "processes") {
            guard let value = readJSON(folder, file, &errors) else { continue }
            let diagnostics = Diagnostics(file: file)
            let decoder = ProcessDecoder(diagnostics: diagnostics,
                                         components: ComponentDecoder(diagnostics: diagnostics, knownValidators: componentNames))
            let fallback = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let process = decoder.decode(value, file: file, fallbackName: fallback)
            if let process { processNames.insert(process.name) }
            errors += diagnostics.errors
            warnings += diagnostics.warnings
            if let process, diagnostics.errors.isEmpty {
                if processes.contains(where: { $0.name == process.name }) {
                    errors.append(LoadError(file: file, pointer: "/name", message: "another process is already named \"\(process.name)\""))
                } else {
                    processes.append(process)
                }
            } else if let process {
                // Not loaded, but its screens are still checked: every error at once.
                refused.append(process)
            }
        }
        var summaries: [ImportSummary] = []
        errors += modelFiles.errors
        let decisionRead = DMNFile.read(modelFiles.decisionFiles(folder, errors: &errors).map { ($0.path, $0.bytes) })
        errors += decisionRead.errors
        warnings += decisionRead.warnings
        let decisions = ProjectDecisions(models: decisionRead.models, files: decisionRead.files)
        warnings += decisions.duplicates
        for format in formats {
            let files = modelFiles.read(folder, for: format, errors: &errors)
            guard !files.isEmpty else { continue }
            let imported = format.load(files, context: ImportContext(validators: componentNames, processNames: processNames,
                                                                         mocks: Set(mocks.keys), decisions: decisions.callable))
            errors += imported.errors
            warnings += imported.warnings
            summaries += imported.summaries
            for process in imported.processes {
                if processNames.contains(process.name) {
                    errors.append(LoadError(file: process.file, pointer: "", message: "another process is already named \"\(process.name)\"; give one of them another id"))
                    continue
                }
                processNames.insert(process.name)
                processes.append(process)
            }
        }
        let callable = decisions.callable
        for process in processes {
            for node in process.nodes {
                guard case .serviceTask(let service) = node.kind, let call = service.decision, !callable.contains(call.id) else { continue }
                errors.append(LoadError(file: process.file, pointer: node.pointer.appending("decision").appending("id").description,
                                        message: "decision \"\(call.id)\" is in no .dmn file of this project; add the DMN file, or fix the id"))
            }
        }
        ProcessReferences.check(processes, known: processNames, handlers: registeredHandlers,
                                actionHandlers: registeredActionHandlers, mocks: Set(mocks.keys), errors: &errors, warnings: &warnings)
        warnings += MockLoader.unused(mocks, processes: processes)
        for process in processes {
            warnings += MissingTags.inProcess(process, tags: tags, languages: languages)
        }
        let flows = FlowLoader(registeredConditions: registeredConditions, processes: Set(processes.map(\.name)),
                               knownValidators: componentNames)
            .loadAll(folder, tags: tags, languages: languages, errors: &errors, warnings: &warnings)
        warnings += UnsetPaths.check(processes: processes, flows: flows)
        var mediaTags = MissingTags(file: MediaLoader.file, tags: tags, languages: languages)
        for item in media.values.sorted(by: { $0.key < $1.key }) {
            mediaTags.check(item.alt, JSONPointer().appending(item.key).appending("alt"))
        }
        warnings += mediaTags.warnings
        let content = ContentReferences(enumerations: enumerations, media: media)
        for process in processes + refused {
            for node in process.nodes { if let task = node.userTask { content.check(task.screen, file: process.file, errors: &errors) } }
        }
        for flow in flows {
            for state in flow.states { content.check(state.screen, file: flow.file, errors: &errors) }
        }
        guard errors.isEmpty else { return .failure(LoadErrors(errors)) }
        return .success(Project(
            name: name, languages: languages, defaultLanguage: defaultLanguage,
            locale: root?.string("locale") ?? defaultLanguage, theme: themes[themeName] == nil ? "default" : themeName,
            appearance: appearance, processes: processes, tags: tags, themes: themes,
            validators: validators, warnings: warnings, flows: flows, enumerations: enumerations, media: media,
            imports: summaries, words: words, mocks: mocks, decisions: decisions))
    }

    // MARK: - Files

    func jsonFiles(_ folder: URL, _ subfolder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { "\(subfolder)/\($0)" }
    }

    /// Reads and parses one file, without its top-level `"$schema"`; on failure records an
    /// error naming the file, line and column.
    func readJSON(_ folder: URL, _ file: String, _ errors: inout [LoadError]) -> JSONValue? {
        let url = folder.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) {
                errors.append(LoadError(file: file, pointer: "", message: "cannot be read; check its permissions"))
            }
            return nil
        }
        guard data.count <= ProjectLoader.maxFileBytes else {
            errors.append(LoadError(file: file, pointer: "", message: "is \(data.count) bytes; project files may be at most \(ProjectLoader.maxFileBytes) bytes"))
            return nil
        }
        do {
            return try JSONParser.parse([UInt8](data)).withoutSchemaReference
        } catch {
            errors.append(LoadError(file: file, pointer: "", message: "is not valid JSON: \(error)"))
            return nil
        }
    }

    private func loadTags(_ folder: URL, languages: [String], defaultLanguage: String, _ errors: inout [LoadError]) -> Tags {
        var byLanguage: [String: [String: String]] = [:]
        for file in jsonFiles(folder, "tags") {
            guard let value = readJSON(folder, file, &errors) else { continue }
            let language = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            guard case .object(let fields) = value else {
                errors.append(LoadError(file: file, pointer: "", message: "must be an object of tag key → text"))
                continue
            }
            var table: [String: String] = [:]
            for (key, text) in fields {
                if case .string(let string) = text { table[key] = string } else {
                    errors.append(LoadError(file: file, pointer: JSONPointer().appending(key).description, message: "a tag must be a string"))
                }
            }
            byLanguage[language] = table
        }
        return Tags(byLanguage: byLanguage, defaultLanguage: defaultLanguage)
    }

    private func loadValidators(_ folder: URL, _ errors: inout [LoadError]) -> [String: NamedValidator] {
        let file = "validators.json"
        guard let value = readJSON(folder, file, &errors) else { return [:] }
        let diagnostics = Diagnostics(file: file)
        var result: [String: NamedValidator] = [:]
        if let root = ObjectReader(value, at: JSONPointer(), diagnostics, what: file) {
            for name in root.fields.keys.sorted() {
                guard let entry = root.object(name, what: "A validator"),
                      let source = entry.value("expression"),
                      let expression = ObjectReader.expression(source, at: entry.at("expression"), diagnostics) else {
                    if root.object(name, what: "A validator")?.has("expression") == false {
                        diagnostics.error(at: root.at(name), "needs \"expression\"")
                    }
                    continue
                }
                result[name] = NamedValidator(name: name, expression: expression, message: entry.text("message"))
            }
        }
        errors += diagnostics.errors
        return result
    }

    /// Built-in themes first, then the project's own, which may replace one by name.
    private func loadThemes(_ folder: URL, _ errors: inout [LoadError]) -> [String: Theme] {
        var themes: [String: Theme] = [:]
        if let builtInThemes {
            let root = builtInThemes.deletingLastPathComponent()
            for file in jsonFiles(root, builtInThemes.lastPathComponent) {
                if let theme = decodeTheme(root, file, &errors) { themes[theme.name] = theme }
            }
        }
        for file in jsonFiles(folder, "themes") {
            if let theme = decodeTheme(folder, file, &errors) { themes[theme.name] = theme }
        }
        return themes
    }

    private func decodeTheme(_ folder: URL, _ file: String, _ errors: inout [LoadError]) -> Theme? {
        guard let value = readJSON(folder, file, &errors) else { return nil }
        let diagnostics = Diagnostics(file: file)
        let fallback = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let theme = ThemeDecoder.decode(value, fallbackName: fallback, diagnostics)
        errors += diagnostics.errors
        return theme
    }
}
