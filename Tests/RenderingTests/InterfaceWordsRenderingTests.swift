import Definitions
import Expressions
@testable import FlowStageRuntime
import Foundation
@testable import Rendering
import TestSupport
import Testing

/// A project in English, German, French, Spanish and Arabic: one process with a stepper, a
/// required field, a date with a lower bound, a counter, a message, a table, and an end.
private let languages = ["en", "de", "fr", "es", "ar"]
private let tags: [String: String] = [
    "en": #"{ "apply": "Apply", "about": "About you", "next": "Next part", "first": "First name", "born": "Date of birth", "note": "Anything else?", "go": "Continue", "info": "We keep your answers.", "done": "Thank you.", "rows": "Your accounts", "account": "Account", "opened": "Opened", "balance": "Balance" }"#,
    "de": #"{ "apply": "Antrag", "about": "Über Sie", "next": "Nächster Teil", "first": "Vorname", "born": "Geburtsdatum", "note": "Sonst noch etwas?", "go": "Weiter", "info": "Wir speichern Ihre Antworten.", "done": "Vielen Dank.", "rows": "Ihre Konten", "account": "Konto", "opened": "Eröffnet", "balance": "Saldo" }"#,
    "fr": #"{ "apply": "Demande", "about": "À propos de vous", "next": "Partie suivante", "first": "Prénom", "born": "Date de naissance", "note": "Autre chose ?", "go": "Continuer", "info": "Nous conservons vos réponses.", "done": "Merci.", "rows": "Vos comptes", "account": "Compte", "opened": "Ouvert le", "balance": "Solde" }"#,
    "es": #"{ "apply": "Solicitud", "about": "Sobre usted", "next": "Parte siguiente", "first": "Nombre", "born": "Fecha de nacimiento", "note": "¿Algo más?", "go": "Continuar", "info": "Guardamos sus respuestas.", "done": "Gracias.", "rows": "Sus cuentas", "account": "Cuenta", "opened": "Apertura", "balance": "Saldo" }"#,
    "ar": #"{ "apply": "طلب", "about": "معلومات عنك", "next": "الجزء التالي", "first": "الاسم الأول", "born": "تاريخ الميلاد", "note": "هل من شيء آخر؟", "go": "متابعة", "info": "نحتفظ بإجاباتك.", "done": "شكرًا لك.", "rows": "حساباتك", "account": "الحساب", "opened": "تاريخ الفتح", "balance": "الرصيد" }"#,
]
private let process = #"""
{ "name": "apply", "title": "@@apply",
  "data": { "accounts": [ { "name": "Main", "opened": "2001-03-27", "balance": 1234.5 } ] },
  "nodes": [
    { "id": "start", "type": "start", "next": "about" },
    { "id": "about", "type": "userTask", "title": "@@about", "step": "@@about",
      "screen": [
        { "type": "message", "kind": "info", "markdown": "@@info" },
        { "type": "input", "key": "first", "label": "@@first", "validators": [ { "type": "required" } ] },
        { "type": "datepicker", "key": "born", "label": "@@born", "min": "2001-03-27" },
        { "type": "textarea", "key": "note", "label": "@@note", "maxLength": 200 },
        { "type": "slider", "key": "amount", "label": "@@balance", "min": 1000, "max": 50000, "step": 500 },
        { "type": "table", "source": "accounts", "caption": "@@rows", "columns": [
            { "key": "name", "label": "@@account" }, { "key": "opened", "label": "@@opened", "format": "date" },
            { "key": "balance", "label": "@@balance", "format": "currency", "currency": "EUR" } ] },
        { "type": "button", "label": "@@go", "action": "go" } ],
      "actions": [ { "name": "go", "type": "submit", "next": "more" } ] },
    { "id": "more", "type": "userTask", "title": "@@next", "step": "@@next",
      "screen": [ { "type": "button", "label": "@@go", "action": "go" } ],
      "actions": [ { "name": "go", "type": "submit", "next": "end" } ] },
    { "id": "end", "type": "end", "outcome": "completed", "message": "@@done" } ] }
"""#

private struct WordsHarness {
    let project: Project
    let engine: ProcessEngine
    let renderer: Renderer

    init(extraTags: [String: String] = [:], languages: [String] = languages, locale: String = "en-GB") throws {
        var files = ["project.json": #"{ "name": "Fixture", "languages": [\#(languages.map { "\"\($0)\"" }.joined(separator: ", "))], "locale": "\#(locale)" }"#,
                     "processes/apply.json": process]
        for language in languages { files["tags/\(language).json"] = tags[language] ?? "{}" }
        for (file, json) in extraTags { files[file] = json }
        let folder = try RepositoryPaths.fixture(files)
        project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        renderer = Renderer(project: project, templates: try TemplateSet(builtIn: RepositoryPaths.templates, project: folder),
                            links: TestLinks())
    }

    func settings(_ language: String) -> PageSettings {
        PageSettings(language: language, theme: "default", appearance: "auto", csrf: "token123")
    }

    func parse(_ bytes: [UInt8]) -> HTMLElement { HTMLDocument.parse(String(decoding: bytes, as: UTF8.self)) }

    /// The catalogue, the first screen after an empty post with a date before its bound, the
    /// end page, the inspector, an error page and the close confirmation, in `language`.
    func pages(_ language: String) throws -> [(name: String, page: HTMLElement)] {
        let instance = try engine.start(process: "apply", session: "s")
        let refused = try engine.perform(action: "go", on: instance.id, session: "s",
                                         form: PostedForm([("_screen", "about"), ("born", "2000-01-01"), ("note", "")]), language: language)
        guard case .invalid(let state) = refused else { throw HarnessError.accepted }
        let definition = try #require(project.process(named: "apply"))
        let summary = InstanceSummary(id: instance.id, process: "apply", status: "running", started: "2026-01-01T10:00:00Z", running: true)
        var inspection = Inspection(kind: .process, id: instance.id, name: "apply", status: "running", current: "about",
                                    history: [], incident: nil, data: "{}", warnings: [])
        inspection.steps = [Inspection.Step(number: 1, at: Date(timeIntervalSince1970: 1_790_000_000), screen: "about", action: "back",
                                            fields: [], branches: [], restartURL: "/instances/i/restart")]
        inspection.sharing = Inspection.Sharing(shareURL: "/instances/i/share", stopURL: "/instances/i/unshare", link: nil)
        let settings = settings(language)
        let words = project.words.for(language)
        return [
            ("catalogue", parse(renderer.catalogue(instances: [summary], notice: nil, settings: settings))),
            ("screen with errors", parse(renderer.screen(state, settings: settings))),
            ("end page", parse(renderer.end(process: definition, endNode: "end", outcome: "completed", incident: nil, data: .null, settings: settings))),
            ("inspector", parse(renderer.inspector(inspection, settings: settings))),
            ("error page", parse(renderer.error(heading: words["errorPage.notFound"], message: words["errorPage.notFoundLead"], settings: settings))),
            ("close page", parse(renderer.closeConfirmation(instanceID: instance.id, process: definition, settings: settings))),
        ]
    }

    enum HarnessError: Error { case accepted }
}

/// Every English interface word, as a pattern of the whole text (a placeholder stands for any
/// text), but those `language` writes the same way (`RepositoryPaths.sameAsEnglish`).
private func englishPatterns(unlike language: String) throws -> [(key: String, pattern: Regex<AnyRegexOutput>)] {
    let english = RepositoryPaths.shippedWords.byLanguage["en"] ?? [:]
    let same = (RepositoryPaths.sameAsEnglish[language] ?? []).union(RepositoryPaths.formKeys)
    return try english.filter { !same.contains($0.key) }.sorted { $0.key < $1.key }.map { key, text in
        var pattern = "^"
        var rest = Substring(text)
        // A placeholder, plural forms and all, stands for any text.
        while let open = rest.firstIndex(of: "{") {
            var depth = 0
            guard let close = rest[open...].indices.first(where: { index in
                if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1 }
                return depth == 0
            }) else { break }
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + ".+?"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return (key, try Regex(pattern))
    }.filter { key, _ in
        // A word that is all placeholder ("{x, plural, …}") matches any text: nothing to look for.
        var depth = 0
        return (english[key] ?? "").contains { character in
            if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            return depth == 0 && character.isLetter
        }
    }
}

/// The texts a person meets on a page: each element's own text and whole text, and the
/// attributes that are read out or shown.
private func shownTexts(_ page: HTMLElement) -> [String] {
    var texts: [String] = []
    for element in page.descendants where !["script", "style"].contains(element.tag) {
        texts += element.textParts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        texts.append(element.text)
        for (name, value) in element.attributes where ["aria-label", "placeholder", "title", "alt", "content"].contains(name) || name.hasPrefix("data-fs-") {
            texts.append(value)
        }
    }
    return texts.filter { !$0.isEmpty }
}

@Suite struct InterfaceWordsOnPages {
    /// Done-when of issue 20: a German, French, Spanish or Arabic page — the catalogue, a screen
    /// with errors, an end page, the inspector — shows no English interface word.
    @Test(arguments: ["de", "fr", "es", "ar"])
    func aPageInAnotherLanguageShowsNoEnglishInterfaceWord(_ language: String) throws {
        let harness = try WordsHarness()
        let patterns = try englishPatterns(unlike: language)
        for (name, page) in try harness.pages(language) {
            #expect(page.first("html")?["lang"] == language)
            let texts = shownTexts(page)
            for (key, pattern) in patterns {
                let found = texts.first { $0.wholeMatch(of: pattern) != nil }
                #expect(found == nil, "\(language) \(name) shows the English \"\(key)\": \(found ?? "")")
            }
        }
    }

    @Test func aGermanScreenWithErrorsShowsTheGermanSummaryAndMessages() throws {
        let harness = try WordsHarness()
        let page = try #require(try harness.pages("de").first { $0.name == "screen with errors" }?.page)
        let summary = try #require(page.element(id: "error-summary"))
        #expect(summary.first("h2")?.text == "Es gibt ein Problem")
        #expect(summary.all("a").map(\.text) == ["Vorname: Geben Sie einen Wert ein",
                                                 "Geburtsdatum: Geben Sie den 27.03.2001 oder ein späteres Datum ein"])
        #expect(page.first("title")?.text.hasPrefix("Fehler: ") == true)
        #expect(page.all(where: { $0.hasClass("fs-stepper__count") }).first?.text.hasPrefix("Schritt 1 von 2") == true)
    }

    /// A slider's bounds and value are read in the locale's digits; what it posts stays plain.
    @Test func sliderNumbersAreWrittenInTheLocaleAndPostedPlain() throws {
        let harness = try WordsHarness()
        let german = try #require(try harness.pages("de").first { $0.name == "screen with errors" }?.page)
        let bounds = german.all(where: { $0.hasClass("fs-slider__bound") }).map(\.text)
        #expect(bounds == ["1.000", "50.000"])
        #expect(german.first("output")?.text == "1.000")
        #expect(german.element(id: "field-amount")?["value"] == "1000")
        #expect(german.element(id: "field-amount")?["max"] == "50000")
        let english = try #require(try harness.pages("en").first { $0.name == "screen with errors" }?.page)
        #expect(english.all(where: { $0.hasClass("fs-slider__bound") }).map(\.text) == ["1,000", "50,000"])
    }

    /// Dates in messages and tables are the locale's; the posted value stays ISO.
    @Test func datesAreShownInTheLocalesFormAndPostedAsISO() throws {
        let harness = try WordsHarness()
        let english = try #require(try harness.pages("en").first { $0.name == "screen with errors" }?.page)
        #expect(english.element(id: "error-summary")?.all("a").last?.text == "Date of birth: enter a date on or after 27 March 2001")
        #expect(english.all("td").contains { $0.text == "27 March 2001" })
        #expect(english.element(id: "field-born")?["value"] == "2000-01-01")
        #expect(english.element(id: "field-born")?["min"] == "2001-03-27")
        let german = try #require(try harness.pages("de").first { $0.name == "screen with errors" }?.page)
        #expect(german.all("td").contains { $0.text == "27.03.2001" })
        #expect(german.all("td").contains { $0.text.hasPrefix("1.234,50") }, "German amounts: \(german.all("td").map(\.text))")
    }

    @Test func anArabicPageIsRightToLeftAndAnEnglishOneHasNoDirection() throws {
        let harness = try WordsHarness()
        for (name, page) in try harness.pages("ar") {
            #expect(page.first("html")?["dir"] == "rtl", "\(name)")
            #expect(page.first("html")?["lang"] == "ar")
        }
        for (name, page) in try harness.pages("en") {
            #expect(page.first("html")?["dir"] == nil, "\(name)")
        }
    }

    /// A `ui.*` tag changes its word on every page of its language, and only there.
    @Test func aUiOverrideShowsOnEveryPage() throws {
        let harness = try WordsHarness(extraTags: [
            "tags/en.json": #"{ "apply": "Apply", "about": "About you", "next": "Next", "first": "First name", "born": "Born", "note": "Note", "go": "Go", "info": "Info", "done": "Done", "rows": "Rows", "account": "Account", "opened": "Opened", "balance": "Balance", "ui.allProcesses": "Every demo", "ui.footer": "Made by Acme", "ui.errorSummaryTitle": "Check your answers" }"#,
        ])
        for (name, page) in try harness.pages("en") {
            let nav = try #require(page.first("nav"))
            #expect(nav.all("a").first?.text == "Every demo", "\(name)")
            #expect(page.first("footer")?.text == "Made by Acme", "\(name)")
        }
        let screen = try #require(try harness.pages("en").first { $0.name == "screen with errors" }?.page)
        #expect(screen.element(id: "error-summary")?.first("h2")?.text == "Check your answers")
        for (name, page) in try harness.pages("de") {
            #expect(page.first("nav")?.all("a").first?.text == "Alle Prozesse", "\(name): German keeps its own word")
        }
    }

    /// A validator's `message` written as a tag reads in each page's language.
    @Test func aFieldsOwnMessageCanBeGivenPerLanguageWithATag() throws {
        let folder = try RepositoryPaths.fixture([
            "project.json": #"{ "name": "Fixture", "languages": ["en", "de"] }"#,
            "tags/en.json": #"{ "first": "First name", "firstMissing": "Tell us your first name" }"#,
            "tags/de.json": #"{ "first": "Vorname", "firstMissing": "Bitte nennen Sie uns Ihren Vornamen" }"#,
            "processes/p.json": #"""
                { "name": "p", "nodes": [ { "id": "s", "type": "start", "next": "ask" },
                  { "id": "ask", "type": "userTask", "screen": [
                      { "type": "input", "key": "first", "label": "@@first", "validators": [ { "type": "required", "message": "@@firstMissing" } ] },
                      { "type": "button", "label": "Go", "action": "go" } ],
                    "actions": [ { "name": "go", "type": "submit", "next": "e" } ] },
                  { "id": "e", "type": "end" } ] }
                """#,
        ])
        let project = try ProjectLoader(builtInThemes: RepositoryPaths.themes).load(folder).get()
        let engine = ProcessEngine(project: project, store: MemoryStore<Instance>())
        for (language, message) in [("en", "Tell us your first name"), ("de", "Bitte nennen Sie uns Ihren Vornamen")] {
            let instance = try engine.start(process: "p", session: "s")
            let result = try engine.perform(action: "go", on: instance.id, session: "s", form: PostedForm([("_screen", "ask")]), language: language)
            guard case .invalid(let state) = result else { Issue.record("accepted"); continue }
            #expect(state.errors.map(\.message) == [message])
        }
    }

    /// A built-in theme is named in the page's language in the settings.
    @Test func theSettingsNameTheBuiltInThemesInThePagesLanguage() throws {
        let harness = try WordsHarness()
        let catalogue = try #require(try harness.pages("de").first { $0.name == "catalogue" }?.page)
        let themes = catalogue.all("option").map(\.text)
        #expect(themes.contains("Hoher Kontrast"))
        #expect(themes.contains("Deutsch") && themes.contains("English"), "each language named in itself: \(themes)")
    }
}

@Suite struct CountedWordsOnPages {
    @Test func aRomanianTextareaLimitTakesDeFromTwenty() throws {
        let harness = try WordsHarness(languages: ["en", "ro"])
        let page = try #require(try harness.pages("ro").first { $0.name == "screen with errors" }?.page)
        let counter = try #require(page.all(where: { $0.hasClass("fs-counter") }).first)
        #expect(counter.text == "Puteți introduce cel mult 200 de caractere")
        #expect(counter["data-fs-remaining"]?.contains("{x, plural,") == true, "the script gets the forms to choose from")
    }
}
