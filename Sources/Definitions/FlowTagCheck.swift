/// Tags a flow uses but a language lacks (after fallback): warnings, as for processes.
enum FlowTagCheck {
    static func missingTags(_ flow: FlowDefinition, tags: Tags, languages: [String]) -> [LoadError] {
        var warnings: [LoadError] = []
        var seen = Set<String>()
        func check(_ text: Text?, _ pointer: JSONPointer) {
            for key in text?.tagKeys ?? [] where seen.insert(key).inserted {
                let missing = languages.filter { !tags.contains(key, language: $0) }
                if !missing.isEmpty {
                    warnings.append(LoadError(file: flow.file, pointer: pointer.description,
                                              message: "tag \"@@\(key)\" is missing for \(missing.joined(separator: ", "))"))
                }
            }
        }
        check(flow.title, JSONPointer("/title"))
        for state in flow.states {
            check(state.title, state.pointer.appending("title"))
            for component in state.screen.flatMap(\.flattened) {
                for text in [component.label, component.hint, component.placeholder, component.title, component.markdown] {
                    check(text, component.pointer)
                }
                for option in component.options { check(option.label, component.pointer.appending("options")) }
                for validator in component.validators { check(validator.message, validator.pointer) }
            }
        }
        return warnings
    }
}
