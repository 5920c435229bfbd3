/// Substitution tags per language (`tags/<language>.json`), with fallback to the
/// project's default language. A missing key is shown as the key itself.
public struct Tags: Sendable {
    public let byLanguage: [String: [String: String]]
    public let defaultLanguage: String

    public init(byLanguage: [String: [String: String]], defaultLanguage: String) {
        self.byLanguage = byLanguage
        self.defaultLanguage = defaultLanguage
    }

    public static let empty = Tags(byLanguage: [:], defaultLanguage: "en")

    public func lookup(_ key: String, language: String) -> String? {
        byLanguage[language]?[key] ?? byLanguage[defaultLanguage]?[key]
    }

    /// Whether `language`'s own file has `key`, not only the default language's: a page in a
    /// language whose file lacks a tag shows another language's text (issue 19: a slip).
    public func has(_ key: String, inLanguage language: String) -> Bool {
        byLanguage[language]?[key] != nil
    }

    /// Whether `key` resolves in `language`, directly or through the default language.
    public func contains(_ key: String, language: String) -> Bool {
        lookup(key, language: language) != nil
    }
}
