import Definitions

/// Field errors of a refused upload: the interface words `upload.<key>`, with `{label}`,
/// `{name}` (the file's name), `{size}`, `{types}` and `{x}` (a count) filled in.
enum UploadMessages {
    enum Key: String, Sendable { case missing, empty, tooBig, wrongType, contentMismatch, tooMany, onlyOne }

    static func text(_ key: Key, words: Words, label: String, name: String = "", size: String = "", count: Int = 0,
                     types: [String] = []) -> String {
        let list = words.orList(words.fileTypes(types.isEmpty ? FileTypeWords.all : types))
        return words.fill("upload." + key.rawValue) { placeholder in
            switch placeholder {
            case "label": label
            case "name": name
            case "size": size
            case "types": list
            case "x": String(count)
            default: nil
            }
        }
    }
}

/// Every type FlowStage can check, named as people name them: what "any type" means.
enum FileTypeWords {
    static let all: [String] = {
        var words: [String] = []
        for type in FileType.known where !words.contains(type.label) { words.append(type.label) }
        return words
    }()
}
