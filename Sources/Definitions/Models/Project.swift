import Expressions

/// A loaded preview project: everything `flowstage serve DIR` shows, checked once at load.
public struct Project: Sendable {
    public enum Appearance: String, Sendable, CaseIterable {
        case auto, light, dark
    }

    public let name: String
    public let languages: [String]
    public let defaultLanguage: String
    public let locale: String
    public let theme: String
    public let appearance: Appearance
    /// Processes in file-name order, as the catalogue lists them.
    public let processes: [ProcessDefinition]
    public let tags: Tags
    public let themes: [String: Theme]
    public let validators: [String: NamedValidator]
    /// App flows (docs/reference/flows.md) in file-name order.
    public let flows: [FlowDefinition]
    /// Option lists from `enumerations/*.json`, by name.
    public let enumerations: [String: Enumeration]
    /// Files from `media/media.json`, by key, already read and checked.
    public let media: [String: MediaItem]
    /// Problems that do not stop the project from loading (shown in the inspector and by validate).
    public let warnings: [LoadError]
    /// What each BPMN model was mapped to, for `flowstage validate`.
    public let imports: [ImportSummary]
    /// The interface words of every page language: FlowStage's catalogue with the project's
    /// `ui.*` tags laid over it (docs/reference/interface-words.md).
    public let words: InterfaceWords
    /// Stand-in answers from `mocks/*.json`, by job type or element id.
    public let mocks: [String: Mock]
    /// The decisions of the project's `.dmn` files.
    public let decisions: ProjectDecisions

    public init(name: String, languages: [String], defaultLanguage: String, locale: String, theme: String,
                appearance: Appearance, processes: [ProcessDefinition], tags: Tags, themes: [String: Theme],
                validators: [String: NamedValidator], warnings: [LoadError], flows: [FlowDefinition] = [],
                enumerations: [String: Enumeration] = [:], media: [String: MediaItem] = [:], imports: [ImportSummary] = [],
                words: InterfaceWords = .empty, mocks: [String: Mock] = [:], decisions: ProjectDecisions = .none) {
        self.name = name; self.languages = languages; self.defaultLanguage = defaultLanguage
        self.locale = locale; self.theme = theme; self.appearance = appearance; self.processes = processes
        self.tags = tags; self.themes = themes; self.validators = validators; self.warnings = warnings
        self.flows = flows; self.enumerations = enumerations; self.media = media
        self.imports = imports; self.words = words; self.mocks = mocks; self.decisions = decisions
    }

    public func process(named name: String) -> ProcessDefinition? {
        processes.first { $0.name == name }
    }

    public func flow(named name: String) -> FlowDefinition? {
        flows.first { $0.name == name }
    }
}
