/// Substitution tags per language (`tags/<language>.json`), with fallback to the
/// project's default language. A missing key is shown as the key itself.
public struct Tags: Sendable {
    public let byLanguage: [String: [String: String]]
    public let defaultLanguage: String
    /// The values that hold `${path}`, parsed once: they are filled on every page showing them.
    private let interpolating: [String: [String: Text]]

    public init(byLanguage: [String: [String: String]], defaultLanguage: String) {
        self.byLanguage = byLanguage
        self.defaultLanguage = defaultLanguage
        interpolating = byLanguage.mapValues { $0.compactMapValues { Text.interpolates($0) ? Text($0) : nil } }
    }

    public static let empty = Tags(byLanguage: [:], defaultLanguage: "en")

    public func lookup(_ key: String, language: String) -> String? {
        byLanguage[language]?[key] ?? byLanguage[defaultLanguage]?[key]
    }

    /// The value `lookup` finds, parsed, when it holds `${path}`; nil when it holds none.
    func interpolatingValue(_ key: String, language: String) -> Text? {
        byLanguage[language]?[key] != nil ? interpolating[language]?[key] : interpolating[defaultLanguage]?[key]
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
