import Definitions

/// Field errors of a refused upload, in every shipped language. `{label}`, `{name}` (the
/// file's name), `{size}` and `{types}` are filled in.
enum UploadMessages {
    enum Key: String, Sendable { case missing, empty, tooBig, wrongType, contentMismatch, tooMany, onlyOne }

    private static let english: [Key: String] = [
        .missing: "Choose a file for {label}",
        .empty: "The file {name} is empty; choose a file with something in it",
        .tooBig: "The file {name} is larger than {size}; choose a file of {size} or less",
        .wrongType: "The file {name} must be {types}",
        .contentMismatch: "The contents of {name} do not match its type; choose a real {types} file",
        .tooMany: "{label} can hold at most {size} files; remove one first",
        .onlyOne: "Choose only one file for {label}",
    ]

    private static let romanian: [Key: String] = [
        .missing: "Alegeți un fișier pentru {label}",
        .empty: "Fișierul {name} este gol; alegeți un fișier care are conținut",
        .tooBig: "Fișierul {name} este mai mare de {size}; alegeți un fișier de cel mult {size}",
        .wrongType: "Fișierul {name} trebuie să fie {types}",
        .contentMismatch: "Conținutul fișierului {name} nu corespunde tipului său; alegeți un fișier {types} real",
        .tooMany: "{label} poate avea cel mult {size} fișiere; ștergeți mai întâi unul",
        .onlyOne: "Alegeți un singur fișier pentru {label}",
    ]

    static func text(_ key: Key, language: String, label: String, name: String = "", size: String = "", types: [String] = []) -> String {
        let template = (language == "ro" ? romanian : english)[key] ?? english[key] ?? key.rawValue
        let or = language == "ro" ? "sau" : "or"
        let words = types.isEmpty ? FileTypeWords.all : types
        let list = words.count > 1 ? words.dropLast().joined(separator: ", ") + " \(or) " + words.last! : (words.first ?? "")
        return template.replacingOccurrences(of: "{label}", with: label).replacingOccurrences(of: "{name}", with: name)
            .replacingOccurrences(of: "{size}", with: size).replacingOccurrences(of: "{types}", with: list)
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
