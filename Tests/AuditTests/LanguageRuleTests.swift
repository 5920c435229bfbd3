import Definitions
import Foundation
import Preview
import Rendering
import Testing
import TestSupport
@testable import Audit

/// `language-of-parts`: interface words shown in another language than the page's.
@Suite struct LanguageRuleChecks {
    private let words = InterfaceWords(
        shipped: ShippedWords(byLanguage: ["en": ["stepOf": "Step {x} of {y}", "back": "Back", "size.kilobytes": "{x} KB"],
                                              "it": ["back": "Indietro"]]),
        overrides: [:], languages: ["en", "it"], defaultLanguage: "en", locale: "en")

    private func page(_ language: String, _ body: String) -> PageIndex {
        PageIndex(html: #"<!doctype html><html lang="\#(language)"><head><title>T</title></head><body><main>\#(body)</main></body></html>"#)
    }

    @Test("language-of-parts") func aFallenBackWordOnThePageIsFlaggedWithTheKeyToTranslate() {
        let violations = LanguageRules.fallbackWords(page("it", "<h1>Titolo</h1><p>Step 2 of 4</p>"), words: words)
        #expect(violations.map(\.rule) == [.languageOfParts])
        #expect(violations.first?.message.contains("\"stepOf\"") == true)
        #expect(violations.first?.message.contains("ui.stepOf") == true, "says what to add")
        #expect(violations.first?.location == "tags/it.json")
        #expect(AuditRule.languageOfParts.criteria.map(\.number) == ["3.1.2"])
    }

    @Test func aWordThePageDoesNotShowOrThatIsTranslatedIsNotFlagged() {
        #expect(LanguageRules.fallbackWords(page("it", "<p>Passo 2 di 4</p><a>Indietro</a>"), words: words).isEmpty)
        #expect(LanguageRules.fallbackWords(page("en", "<p>Step 2 of 4</p>"), words: words).isEmpty, "English is its own")
    }

    @Test func aWordWithoutThreeLettersOfItsOwnIsNotToldApartFromTheProjectsText() {
        #expect(LanguageRules.literalParts("{x} KB").isEmpty)
        #expect(LanguageRules.literalParts("Step {x} of {y}") == ["Step"], "“of” is too short to tell")
        #expect(LanguageRules.fallbackWords(page("it", "<p>300 KB</p>"), words: words).isEmpty)
    }

    @Test func aRenderedPageInALanguageFlowStageDoesNotShipIsFlagged() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "it"] }"#,
            "processes/one.json": """
                { "name": "one", "title": "One", "nodes": [
                  { "id": "start", "type": "start", "next": "ask" },
                  { "id": "ask", "type": "userTask", "title": "Ask",
                    "screen": [ { "type": "input", "key": "name", "label": "Name", "validators": [ { "type": "required" } ] } ],
                    "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
                  { "id": "end", "type": "end" } ] }
                """,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let templates = try TemplateSet(builtIn: RepositoryPaths.templates, project: folder)
        let site = StaticSite(project: project, templates: templates, publicFolder: RepositoryPaths.publicFolder, scenarios: [])
        var flagged: [String: [Violation]] = [:]
        site.forEachPage(flows: true, exploration: site.explore()) { page, _ in
            let index = PageIndex(html: String(decoding: page.html, as: UTF8.self))
            flagged[index.all("html").first?["lang"] ?? "?", default: []] += LanguageRules.fallbackWords(index, words: project.words)
        }
        #expect(flagged["en"]?.isEmpty == true)
        #expect(flagged["it"]?.isEmpty == false, "the Italian pages show English interface words")
    }
}
