/// Reads a project's interface-word overrides from its tags and says what is wrong with them
/// (docs/reference/interface-words.md): `ui.<key>` in `tags/<language>.json` replaces the
/// word `key` in that language.
enum InterfaceWordsLoader {
    static let prefix = "ui."

    static func words(tags: Tags, shipped: ShippedWords, languages: [String], defaultLanguage: String,
                      locale: String, warnings: inout [LoadError]) -> InterfaceWords {
        let english = shipped.byLanguage["en"] ?? [:]
        var overrides: [String: [String: String]] = [:]
        for (language, table) in tags.byLanguage {
            let file = "tags/\(language).json"
            var own: [String: String] = [:]
            for (tag, text) in table.sorted(by: { $0.key < $1.key }) where tag.hasPrefix(prefix) {
                let key = String(tag.dropFirst(prefix.count))
                let pointer = JSONPointer().appending(tag).description
                guard !english.isEmpty else { own[key] = text; continue }
                guard let original = english[key] else {
                    warnings.append(LoadError(file: file, pointer: pointer,
                        message: "\"\(key)\" is not an interface word, so this tag changes nothing; the keys are listed in docs/reference/interface-words.md"))
                    continue
                }
                let known = Set(Words.placeholders(original))
                let unknown = Words.placeholders(text).filter { !known.contains($0) }
                if !unknown.isEmpty {
                    let offered = known.isEmpty ? "it has none" : "it has " + known.sorted().map { "{\($0)}" }.joined(separator: ", ")
                    warnings.append(LoadError(file: file, pointer: pointer,
                        message: "\(unknown.map { "{\($0)}" }.joined(separator: ", ")) is never filled in for \"\(key)\" (\(offered)), so it shows as written"))
                }
                own[key] = text
            }
            // Before `ui.*`, a project replaced validation messages with the tags `errors.<type>`:
            // still honoured (where no `ui.errors.<type>` says otherwise), with a warning to rename.
            for (tag, text) in table.sorted(by: { $0.key < $1.key }) where tag.hasPrefix("errors.") && english[tag] != nil {
                let replaced = tag == "errors.required" ? [tag, "errors.requiredChoice", "errors.requiredFile", "errors.requiredDate"] : [tag]
                for key in replaced where own[key] == nil && table[prefix + key] == nil { own[key] = text }
                warnings.append(LoadError(file: file, pointer: JSONPointer().appending(tag).description,
                    message: "the tag \"\(tag)\" now goes by \"\(prefix)\(tag)\"; rename it (docs/reference/interface-words.md)"))
            }
            if !own.isEmpty { overrides[language] = own }
        }
        let words = InterfaceWords(shipped: shipped, overrides: overrides, languages: languages,
                                   defaultLanguage: defaultLanguage, locale: locale)
        for language in languages {
            guard let missing = words.fallbacks[language], !missing.isEmpty else { continue }
            var groups: [(from: String, keys: [String])] = []
            for (key, from) in missing {
                if let index = groups.firstIndex(where: { $0.from == from }) { groups[index].keys.append(key) } else { groups.append((from, [key])) }
            }
            let shown = groups.map { "in \($0.from): \($0.keys.joined(separator: ", "))" }.joined(separator: "; ")
            let shipped = shipped.byLanguage[language] == nil ? "FlowStage does not ship \(language), so " : ""
            warnings.append(LoadError(file: "tags/\(language).json", pointer: "",
                message: "\(shipped)\(missing.count) interface words have no \(language) text and fall back (\(shown)); "
                    + "add them as \"\(prefix)<key>\" tags (docs/reference/interface-words.md)"))
        }
        return words
    }
}
