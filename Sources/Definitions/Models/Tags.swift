/// Substitution tags per language (`tags/<language>.json`), with fallback to the
/// project's default language. A missing key is shown as the key itself.
public struct Tags: Sendable {
    public let byLanguage: [String: [String: String]]
    public let defaultLanguage: String
    /// The values that hold `${path}`, parsed once: they are filled on every page showing them.
    /// Per language, with the default language's for the keys that language lacks, so a page
    /// asks two tables, not four.
    private let interpolating: [String: [String: Text]]

    public init(byLanguage: [String: [String: String]], defaultLanguage: String) {
        self.byLanguage = byLanguage
        self.defaultLanguage = defaultLanguage
        func parsed(_ values: [String: String]) -> [String: Text] {
            values.compactMapValues { Text.interpolates($0) ? Text($0) : nil }
        }
        let fallback = byLanguage[defaultLanguage].map(parsed) ?? [:]
        interpolating = byLanguage.mapValues { own in
            parsed(own).merging(fallback.filter { own[$0.key] == nil }) { mine, _ in mine }
        }
    }

    public static let empty = Tags(byLanguage: [:], defaultLanguage: "en")

    public func lookup(_ key: String, language: String) -> String? {
        byLanguage[language]?[key] ?? byLanguage[defaultLanguage]?[key]
    }

    /// The value `lookup` finds, parsed, when it holds `${path}`; nil when it holds none.
    func interpolatingValue(_ key: String, language: String) -> Text? {
        (interpolating[language] ?? interpolating[defaultLanguage])?[key]
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
