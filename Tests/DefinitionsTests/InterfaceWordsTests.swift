import Expressions
import Foundation
import Testing
import TestSupport
@testable import Definitions

/// The rules of the interface words (docs/reference/interface-words.md): one catalogue per
/// language as data, `ui.<key>` overrides, fallbacks that `validate` lists, locale forms and
/// the direction of the page.
@Suite struct InterfaceWordsRules {
    static let shipped = ["ar", "de", "en", "es", "fr", "ro"]
    var catalogue: ShippedWords { RepositoryPaths.shippedWords }
    var english: [String: String] { catalogue.byLanguage["en"] ?? [:] }

    // MARK: - The shipped catalogue

    @Test func flowStageShipsEnglishRomanianGermanFrenchSpanishAndArabic() {
        #expect(catalogue.languages == Self.shipped)
    }

    @Test func everyShippedLanguageHasEveryEnglishWordAndNoOther() {
        for (language, words) in catalogue.byLanguage {
            #expect(Set(words.keys) == Set(english.keys), "\(language): missing \(Set(english.keys).subtracting(words.keys).sorted()), extra \(Set(words.keys).subtracting(english.keys).sorted())")
        }
    }

    @Test func aTranslationKeepsTheEnglishPlaceholders() {
        for (language, words) in catalogue.byLanguage {
            for (key, text) in words {
                #expect(Set(Words.placeholders(text)) == Set(Words.placeholders(english[key] ?? "")), "\(language) \(key): \(text)")
            }
        }
    }

    /// A translation is written, not copied: a word may equal the English one only where the
    /// language really says it so (listed in `RepositoryPaths.sameAsEnglish`).
    @Test func everyWordOfAShippedLanguageIsTranslated() {
        for (language, words) in catalogue.byLanguage where language != "en" {
            let same = RepositoryPaths.sameAsEnglish[language] ?? []
            for (key, text) in words where !RepositoryPaths.formKeys.contains(key) {
                #expect((text == english[key]) == same.contains(key), "\(language) \(key): \(text)")
            }
        }
    }

    @Test func aWordFileHoldsEachKeyOnce() throws {
        for language in Self.shipped {
            let text = try String(contentsOf: RepositoryPaths.words.appendingPathComponent("\(language).json"), encoding: .utf8)
            let keys = Self.keysInOrder(text).map(\.key)
            #expect(keys.count == Set(keys).count, "\(language).json repeats a key")
        }
    }

    /// A validation message puts the label first, followed by a colon, so the label stands as
    /// written in every language (no article, case or gender to agree with): "First name:
    /// enter a value", never "Enter First name".
    @Test func aValidationMessageStartsWithTheLabelInEveryLanguage() {
        for (language, words) in catalogue.byLanguage {
            for (key, text) in words where key.hasPrefix("errors.") || key.hasPrefix("upload.") {
                guard text.contains("{label}") else { continue }
                #expect(text.hasPrefix("{label}:") || text.hasPrefix("{label}\u{a0}:"), "\(language) \(key): \(text)")
            }
        }
    }

    /// The reference page lists every key with its English text, generated from `Words/en.json`.
    /// `FLOWSTAGE_WRITE_DOCS=1 swift test --filter InterfaceWordsRules` rewrites the table.
    @Test func theReferencePageListsEveryKeyWithItsEnglishText() throws {
        let english = try String(contentsOf: RepositoryPaths.words.appendingPathComponent("en.json"), encoding: .utf8)
        var table = "| key | English |\n|---|---|\n"
        for (key, text) in Self.keysInOrder(english) {
            table += "| `\(key)` | \(text.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        let page = RepositoryPaths.root.appendingPathComponent("docs/reference/interface-words.md")
        let doc = try String(contentsOf: page, encoding: .utf8)
        let start = "<!-- words:start (generated from Words/en.json by InterfaceWordsTests) -->\n"
        let end = "<!-- words:end -->"
        let begin = try #require(doc.range(of: start), "the page marks its table with \(start)")
        let finish = try #require(doc.range(of: end))
        let current = String(doc[begin.upperBound..<finish.lowerBound])
        if current != table, ProcessInfo.processInfo.environment["FLOWSTAGE_WRITE_DOCS"] == "1" {
            try (String(doc[..<begin.upperBound]) + table + String(doc[finish.lowerBound...])).write(to: page, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == table, "docs/reference/interface-words.md is not the table of Words/en.json; run FLOWSTAGE_WRITE_DOCS=1 swift test --filter InterfaceWordsRules")
    }

    /// `"key": "text"` lines in file order, the text JSON-decoded.
    static func keysInOrder(_ file: String) -> [(key: String, text: String)] {
        file.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), let colon = trimmed.range(of: "\": \"") else { return nil }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<colon.lowerBound])
            var value = String(trimmed[colon.upperBound...])
            if value.hasSuffix(",") { value.removeLast() }
            guard case .string(let text)? = try? JSONParser.parse("\"" + value) else { return nil }
            return (key, text)
        }
    }

    // MARK: - Fallbacks and overrides

    func project(languages: [String], defaultLanguage: String? = nil, locale: String? = nil, tags: [String: String] = [:]) throws -> Project {
        var settings = #"{ "name": "Fixture", "languages": [\#(languages.map { "\"\($0)\"" }.joined(separator: ", "))]"#
        if let defaultLanguage { settings += #", "defaultLanguage": "\#(defaultLanguage)""# }
        if let locale { settings += #", "locale": "\#(locale)""# }
        var files = ["project.json": settings + " }",
                     "processes/p.json": #"{ "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "e" }, { "id": "e", "type": "end" } ] }"#]
        for (language, json) in tags { files["tags/\(language).json"] = json }
        return try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(try RepositoryPaths.fixture(files)).get()
    }

    @Test func aShippedLanguageNeedsNoFallbackAndNoWarning() throws {
        let loaded = try project(languages: Self.shipped)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.words.for("de")["errorSummaryTitle"] == "Es gibt ein Problem")
        #expect(loaded.words.for("fr")["errorSummaryTitle"] == "Il y a un problème")
        #expect(loaded.words.for("es")["errorSummaryTitle"] == "Hay un problema")
        #expect(loaded.words.for("ro")["errorSummaryTitle"] == "Există o problemă")
    }

    @Test func anAddedLanguagesMissingWordsFallBackToTheDefaultLanguageAndValidateListsThem() throws {
        let loaded = try project(languages: ["de", "pl"], tags: ["pl": #"{ "ui.back": "Wstecz" }"#])
        let polish = loaded.words.for("pl")
        #expect(polish["back"] == "Wstecz", "the project's own word")
        #expect(polish["continueLatest"] == "Die neueste fortsetzen", "the default language's word")
        let warnings = loaded.warnings.filter { $0.file == "tags/pl.json" }
        #expect(warnings.count == 1)
        let message = try #require(warnings.first?.message)
        #expect(message.contains("FlowStage does not ship pl"))
        #expect(message.contains("\(english.count - 1) interface words"))
        #expect(message.contains("in de: "))
        #expect(message.contains("errorSummaryTitle"))
        #expect(!message.contains(" back,") && !message.contains(": back"), "a word the project gave is not listed")
        #expect(loaded.words.fallbacks["pl"]?.count == english.count - 1)
        #expect(loaded.words.fallbacks["de"]?.isEmpty == true)
    }

    @Test func aWordTheDefaultLanguageLacksFallsBackToEnglish() throws {
        let loaded = try project(languages: ["pl", "cy"], tags: ["pl": #"{ "ui.back": "Wstecz" }"#, "cy": #"{ "ui.back": "Yn ôl" }"#])
        #expect(loaded.words.for("cy")["back"] == "Yn ôl")
        #expect(loaded.words.for("cy")["errorSummaryTitle"] == "There is a problem")
        #expect(loaded.warnings.first { $0.file == "tags/cy.json" }?.message.contains("in en: ") == true)
    }

    @Test func aUiTagOverridesTheWordInItsLanguageOnly() throws {
        let loaded = try project(languages: ["en", "de"], tags: [
            "en": #"{ "ui.errorSummaryTitle": "Check your answers", "ui.stepOf": "Page {x} of {y}" }"#,
            "de": #"{ "ui.back": "Zurück zur vorigen Seite" }"#,
        ])
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.words.for("en")["errorSummaryTitle"] == "Check your answers")
        #expect(loaded.words.for("en").format("stepOf", 2, 4) == "Page 2 of 4")
        #expect(loaded.words.for("de")["errorSummaryTitle"] == "Es gibt ein Problem", "German keeps its own word")
        #expect(loaded.words.for("de")["back"] == "Zurück zur vorigen Seite")
        #expect(loaded.words.for("en")["back"] == "Back")
    }

    @Test func aUiTagThatIsNoInterfaceWordOrFillsAnUnknownPlaceholderIsAWarning() throws {
        let loaded = try project(languages: ["en"], tags: ["en": #"{ "ui.bakc": "Back", "ui.stepOf": "Step {n} of {y}" }"#])
        let messages = loaded.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("tags/en.json /ui.bakc: \"bakc\" is not an interface word") })
        #expect(messages.contains { $0.hasPrefix("tags/en.json /ui.stepOf: {n} is never filled in for \"stepOf\"") })
    }

    @Test func anOldErrorsTagStillReplacesItsMessageWithAWarningToRenameIt() throws {
        let loaded = try project(languages: ["en"], tags: ["en": #"{ "errors.required": "{label} is required" }"#])
        #expect(loaded.words.for("en")["errors.required"] == "{label} is required")
        #expect(loaded.words.for("en")["errors.requiredChoice"] == "{label} is required", "as before, it also replaces the choice form")
        #expect(loaded.warnings.map(\.description) == [#"tags/en.json /errors.required: the tag "errors.required" now goes by "ui.errors.required"; rename it (docs/reference/interface-words.md)"#])
    }

    // MARK: - Locale and direction

    @Test func thePageLocaleIsThePagesLanguageWithTheRegionOfTheProjectsLocale() {
        #expect(InterfaceWords.locale(for: "en", projectLocale: "en-GB") == "en-GB")
        #expect(InterfaceWords.locale(for: "fr", projectLocale: "de-CH") == "fr-CH")
        #expect(InterfaceWords.locale(for: "de", projectLocale: "ro") == "de")
        #expect(InterfaceWords.locale(for: "de", projectLocale: "en-GB") == "de", "no German is written in Britain's own way")
        #expect(InterfaceWords.locale(for: "ar", projectLocale: "de-DE") == "ar")
        #expect(InterfaceWords.locale(for: "pt-BR", projectLocale: "en-GB") == "pt-BR")
        #expect(InterfaceWords.locale(for: "es", projectLocale: "es_MX") == "es_MX")
    }

    @Test func aDateIsWrittenInTheLocalesFormWhileAnythingElseStaysAsItIs() throws {
        #expect(RepositoryPaths.shippedWords("en", locale: "en-GB").date("2001-03-27") == "27 March 2001")
        #expect(RepositoryPaths.shippedWords("de", locale: "de-DE").date("2001-03-27") == "27.03.2001")
        #expect(RepositoryPaths.shippedWords("fr", locale: "fr-FR").date("2001-03-27") == "27 mars 2001")
        #expect(RepositoryPaths.shippedWords("en").date("not a date") == "not a date")
    }

    @Test func aSizeIsWrittenInThePagesWordsAndDecimalSign() {
        #expect(RepositoryPaths.shippedWords("en").size(5 << 20) == "5 MB")
        #expect(RepositoryPaths.shippedWords("en").size(1536) == "1.5 KB")
        #expect(RepositoryPaths.shippedWords("de", locale: "de").size(1536) == "1,5 KB")
        #expect(RepositoryPaths.shippedWords("fr", locale: "fr").size(5 << 20) == "5\u{a0}Mo")
        #expect(RepositoryPaths.shippedWords("en").size(1) == "1 byte")
    }

    @Test func arabicHebrewPersianAndUrduAreWrittenRightToLeft() {
        for language in ["ar", "he", "fa", "ur", "ar-EG"] { #expect(Words.isRightToLeft(language), "\(language)") }
        for language in ["en", "de", "ro", "fr", "es"] { #expect(!Words.isRightToLeft(language), "\(language)") }
    }
}
