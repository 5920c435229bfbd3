/// Checks that need the project's enumerations and media as well as its screens: every list
/// a field names exists (with `parentKey` exactly for child lists), and every image has a
/// picture and a text alternative.
struct ContentReferences {
    let enumerations: [String: Enumeration]
    let media: [String: MediaItem]

    func check(_ screen: [Component], file: String, errors: inout [LoadError]) {
        for component in screen.flatMap(\.flattened) {
            checkEnumeration(component, file: file, &errors)
            if component.type == .image { checkImage(component, file: file, &errors) }
        }
    }

    private func checkEnumeration(_ component: Component, file: String, _ errors: inout [LoadError]) {
        func error(_ key: String?, _ message: String) {
            let pointer = key.map { component.pointer.appending($0) } ?? component.pointer
            errors.append(LoadError(file: file, pointer: pointer.description, message: message))
        }
        guard let name = component.enumerationName else {
            if component.isChildList { error("parentKey", "\"parentKey\" only applies with \"enumeration\" naming a child list") }
            return
        }
        guard Component.enumerationTypes.contains(component.type) else {
            error("enumeration", "a \(component.type.rawValue) cannot take \"enumeration\"; use a select, multiselect, radio, segmented or checkbox")
            return
        }
        if !component.options.isEmpty {
            error("enumeration", "a field takes \"options\" or \"enumeration\", not both; remove one")
        }
        guard let list = enumerations[name] else {
            if enumerations.isEmpty {
                error("enumeration", "no enumeration is named \"\(name)\": the project has no lists in enumerations/; add enumerations/\(name).json, "
                      + #"e.g. { "name": "\#(name)", "items": [ { "code": "a", "content": "A" } ] }, or use "options" instead"#)
            } else {
                error("enumeration", "no enumeration is named \"\(name)\"; add enumerations/\(name).json or name one of \(quoted(enumerations.keys))")
            }
            return
        }
        switch (list.parent, component.properties["parentKey"]) {
        case (let parent?, nil):
            error(nil, "\"\(name)\" is a child list of \"\(parent)\"; add \"parentKey\" naming the field that holds the \(parent) code")
        case (nil, _?):
            error("parentKey", "\"\(name)\" has no parent list, so \"parentKey\" does not apply; remove it or set \"parent\" in \(list.file)")
        case (_?, let key?) where component.parentKey == nil:
            error("parentKey", "\(key.displayString) is not a data path like \"address.country\"")
        default:
            break
        }
    }

    private func checkImage(_ component: Component, file: String, _ errors: inout [LoadError]) {
        var item: MediaItem?
        if let key = component.mediaKey {
            item = media[key]
            if item == nil {
                errors.append(LoadError(file: file, pointer: component.pointer.appending("media").description,
                                        message: "no media is named \"\(key)\"; add it to media/media.json or use one of \(quoted(media.keys))"))
                return
            }
            if let item, !item.type.isImage {
                errors.append(LoadError(file: file, pointer: component.pointer.appending("media").description,
                                        message: "\"\(key)\" is a \(item.type.rawValue.uppercased()), not a picture; link to it with a link component instead"))
            }
        }
        if component.alt == nil, !component.isDecorative, item?.alt == nil {
            errors.append(LoadError(file: file, pointer: component.pointer.description,
                                    message: "an image needs \"alt\" (or an \"alt\" in media.json for its media), or \"decorative\": true when it adds nothing a reader needs"))
        }
    }
}
