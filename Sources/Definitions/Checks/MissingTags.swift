/// Collects the tags a file uses but a language lacks (after fallback): warnings, not errors,
/// because the page still shows the tag's key. One per tag and file.
struct MissingTags {
    let file: String
    let tags: Tags
    let languages: [String]
    private(set) var warnings: [LoadError] = []
    private var seen = Set<String>()

    init(file: String, tags: Tags, languages: [String]) {
        self.file = file; self.tags = tags; self.languages = languages
    }

    mutating func check(_ text: Text?, _ pointer: JSONPointer) {
        for key in text?.tagKeys ?? [] where seen.insert(key).inserted {
            // Every language's own file must have it: a fallback to the default language is a
            // page in the wrong language, so it is a slip too.
            let missing = languages.filter { !tags.has(key, inLanguage: $0) }
            if !missing.isEmpty {
                let files = missing.map { "tags/\($0).json" }.joined(separator: ", ")
                warnings.append(LoadError(file: file, pointer: pointer.description,
                                          message: "tag \"@@\(key)\" is missing for \(missing.joined(separator: ", ")); add it to \(files)"))
            }
        }
    }

    /// Every text of the components, their children, options and validator messages.
    mutating func check(_ screen: [Component]) {
        for component in screen.flatMap(\.flattened) {
            for text in [component.label, component.hint, component.placeholder, component.title, component.markdown] {
                check(text, component.pointer)
            }
            for option in component.options { check(option.label, component.pointer.appending("options")) }
            for validator in component.validators { check(validator.message, validator.pointer) }
        }
    }

    static func inFlow(_ flow: FlowDefinition, tags: Tags, languages: [String]) -> [LoadError] {
        var collector = MissingTags(file: flow.file, tags: tags, languages: languages)
        collector.check(flow.title, JSONPointer("/title"))
        for state in flow.states {
            collector.check(state.title, state.pointer.appending("title"))
            collector.check(state.screen)
        }
        return collector.warnings
    }

    static func inProcess(_ process: ProcessDefinition, tags: Tags, languages: [String]) -> [LoadError] {
        var collector = MissingTags(file: process.file, tags: tags, languages: languages)
        collector.check(process.title, JSONPointer("/title"))
        for node in process.nodes {
            if let task = node.userTask {
                collector.check(task.title, node.pointer.appending("title"))
                collector.check(task.step, node.pointer.appending("step"))
                collector.check(task.substep, node.pointer.appending("substep"))
                collector.check(task.screen)
            }
            if case .end(_, let message, _) = node.kind { collector.check(message, node.pointer.appending("message")) }
        }
        return collector.warnings
    }
}
