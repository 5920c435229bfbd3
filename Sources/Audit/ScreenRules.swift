import Definitions

/// Rules read from the screen's definition rather than its HTML: what the designer wrote that
/// the page cannot show properly. Locations are `file pointer`, where the fix goes.
public enum ScreenRules {
    /// Tags of the texts on this screen (process title, task title, stepper labels, shown
    /// components, and the validator messages of fields in error) with no text in `language`,
    /// even after falling back to the default language: the page shows the bare key.
    public static func missingTags(_ state: ScreenState, tags: Tags) -> [Violation] {
        let language = state.language
        let file = state.process.file
        let nodePointer = state.process.node(state.nodeID)?.pointer.description ?? ""
        var texts: [(Text?, String)] = [(state.process.title, "/title"),
                                        (state.task.title, nodePointer + "/title"), (state.task.step, nodePointer + "/step"),
                                        (state.task.substep, nodePointer + "/substep")]
        texts += (state.stepper.map { $0.steps + $0.substeps } ?? []).map { ($0, nodePointer) }
        let errorKeys = Set(state.errors.map(\.key))
        for component in state.components.flatMap(\.flattened).map(\.definition) {
            let pointer = component.pointer.description
            texts += [component.label, component.hint, component.placeholder, component.title, component.markdown].map { ($0, pointer) }
            texts += component.options.map { ($0.label, pointer + "/options") }
            if let key = component.key?.description, errorKeys.contains(key) {
                texts += component.validators.map { ($0.message, $0.pointer.description) }
            }
        }
        var seen = Set<String>()
        return texts.flatMap { text, pointer in
            (text?.tagKeys ?? []).filter { !tags.has($0, inLanguage: language) && seen.insert($0).inserted }.map { key in
                Violation(.missingTag, "\(file) \(pointer)",
                          "tag \"@@\(key)\" has no text in \(language), so the page shows "
                          + (tags.contains(key, language: language) ? "the \(tags.defaultLanguage) text" : "the key")
                          + "; add it to tags/\(language).json")
            }
        }
    }

    /// Shown components the templates cannot render: each shows the "Component not supported"
    /// placeholder. `supported` is the template set's answer (`TemplateSet.renders`).
    public static func unsupportedComponents(_ state: ScreenState, supported: (Component) -> Bool) -> [Violation] {
        state.components.flatMap(\.flattened).map(\.definition).filter { !supported($0) }.map { component in
            let name = component.type == .custom ? "custom \"\(component.properties["identifier"]?.stringValue ?? "")\"" : component.type.rawValue
            return Violation(.unsupportedComponent, "\(state.process.file) \(component.pointer)",
                             "component \(name) is not supported yet and shows the \"Component not supported\" placeholder; use a supported component or add a template for it")
        }
    }
}
