import Definitions

/// Words a page shows in another language than its `<html lang>` says: the interface words
/// that fell back (docs/reference/interface-words.md, "Fallbacks") because neither FlowStage
/// nor the project has them in the page's language. A screen reader reads them with the
/// page's voice, and a reader of the page's language may not understand them.
public enum LanguageRules {
    /// Each fallen-back interface word whose fixed text (the parts between placeholders) the
    /// page shows. Text the page shows only in part, or words under three letters, are not
    /// told apart from the project's own text, so they are not flagged.
    public static func fallbackWords(_ page: PageIndex, words: InterfaceWords) -> [Violation] {
        guard let language = page.all("html").first?["lang"], let missing = words.fallbacks[language],
              !missing.isEmpty else { return [] }
        let shown = page.root.text
        let table = words.for(language)
        return missing.compactMap { key, from in
            let word = table[key]
            let parts = literalParts(word)
            guard !parts.isEmpty, parts.allSatisfy({ shown.contains($0) }) else { return nil }
            return Violation(.languageOfParts, "tags/\(language).json",
                             "the interface word \"\(key)\" has no \(language) text, so the page shows it in \(from) (\"\(word)\"); "
                             + "add \"ui.\(key)\" to tags/\(language).json")
        }
    }

    /// The fixed text of a word between its `{placeholders}`, each with three letters or more.
    static func literalParts(_ word: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in word {
            if character == "{" { depth += 1; parts.append(current); current = ""; continue }
            if character == "}" { depth = max(0, depth - 1); continue }
            if depth == 0 { current.append(character) }
        }
        parts.append(current)
        return parts.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { $0.filter(\.isLetter).count >= 3 }
    }
}
