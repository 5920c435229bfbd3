import ArgumentParser
import Foundation

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a small working project to start from.",
        discussion: """
            One process with three screens, tags in English and German, a theme and a scenario
            that `flowstage test` runs. Every file names its JSON Schema with "$schema"; the
            schemas are copied to DIR/schemas/, so editors complete and explain every key
            offline. DIR must not exist yet, or be empty.

            Example:
              flowstage new my-project
              flowstage new my-project --theme ocean
            """)

    @Argument(help: "The folder to create.")
    var directory: String

    @Option(help: "The built-in theme the project uses: default, ocean or high-contrast.")
    var theme = "default"

    func run() throws {
        let resources = try Resources.locate()
        let themes = Self.names(in: resources.appendingPathComponent("Themes"))
        guard themes.contains(theme) else {
            return try refuse("there is no built-in theme \"\(theme)\"; choose one of \(themes.joined(separator: ", "))")
        }
        let schemas = resources.appendingPathComponent("Schemas")
        guard !Self.names(in: schemas).isEmpty else {
            return try refuse("cannot find the JSON Schemas in \(schemas.path); set FLOWSTAGE_HOME to the FlowStage checkout")
        }
        let folder = URL(fileURLWithPath: directory).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                return try refuse("\(directory) is a file; give the name of a new folder")
            }
            guard ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty else {
                return try refuse("\(directory) is not empty; `flowstage new` writes only into a new or empty folder, so it never overwrites anything: give the name of a new folder")
            }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (path, contents) in StarterProject.files(name: folder.lastPathComponent, theme: theme) {
                try write(Data(contents.utf8), to: folder.appendingPathComponent(path))
            }
            for name in Self.names(in: schemas) {
                try write(try Data(contentsOf: schemas.appendingPathComponent(name + ".json")),
                          to: folder.appendingPathComponent("schemas/\(name).json"))
            }
        } catch {
            return try refuse("cannot write \(folder.path): \(error.localizedDescription)")
        }
        let shown = directory.contains(" ") ? "\"\(directory)\"" : directory
        let next = [("serve", "preview it at http://127.0.0.1:8080/; it reloads as you save"),
                    ("validate", "check every file"),
                    ("test", "run scenarios/happy-path.json"),
                    ("audit", "check every screen for accessibility")]
        let width = next.map { "flowstage \($0.0) \(shown)".count }.max() ?? 0
        print("""
            Created \(directory): one process ("\(StarterProject.process)", three screens), tags in English and German,
            the \(theme) theme and a scenario. Every file names its JSON Schema in "$schema" (copied to
            \((directory as NSString).appendingPathComponent("schemas"))/), so an editor such as VS Code completes and explains each key.

            Next:
            """)
        for (command, what) in next {
            let line = "flowstage \(command) \(shown)"
            print("  " + line + String(repeating: " ", count: width - line.count + 3) + what)
        }
    }

    /// Says why nothing was written, and exits with status 1.
    private func refuse(_ message: String) throws {
        Terminal.error("flowstage new: " + message)
        throw ExitCode.failure
    }

    private func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .withoutOverwriting)
    }

    /// The names of a folder's visible `*.json` files without the extension, sorted.
    static func names(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}

/// The files `flowstage new` writes (besides schemas/): a contact request in three screens.
/// `flowstage validate` finds no problem in them and `flowstage test` passes their scenario
/// (Tests/CLITests); Tests/Schemas/check_schemas.py validates them against the schemas.
enum StarterProject {
    static let process = "contact"

    static func files(name: String, theme: String) -> [(path: String, contents: String)] {
        [
            ("project.json", """
            {
              "$schema": "./schemas/project.json",
              "name": \(quoted(name)),
              "languages": ["en", "de"],
              "defaultLanguage": "en",
              "locale": "en-GB",
              "theme": \(quoted(theme)),
              "appearance": "auto"
            }

            """),
            ("processes/contact.json", """
            {
              "$schema": "../schemas/process.json",
              "name": "contact",
              "title": "@@contact.title",
              "navigation": "wizard",
              "nodes": [
                { "id": "start", "type": "start", "next": "about" },

                { "id": "about", "type": "userTask", "title": "@@about.title", "step": "@@steps.you",
                  "screen": [
                    { "type": "text", "markdown": "@@about.intro" },
                    { "type": "input", "key": "contact.name", "label": "@@contact.name", "autocomplete": "name",
                      "validators": [ { "type": "required" }, { "type": "maxLength", "value": 80 } ] },
                    { "type": "input", "key": "contact.email", "label": "@@contact.email", "inputType": "email",
                      "autocomplete": "email", "hint": "@@contact.emailHint",
                      "validators": [ { "type": "required" }, { "type": "email" } ] },
                    { "type": "button", "label": "@@actions.continue", "action": "continue" }
                  ],
                  "actions": [ { "name": "continue", "type": "submit", "next": "request" } ] },

                { "id": "request", "type": "userTask", "title": "@@request.title", "step": "@@steps.request",
                  "screen": [
                    { "type": "radio", "key": "request.topic", "label": "@@request.topic",
                      "options": [ { "value": "question", "label": "@@topic.question" },
                                   { "value": "feedback", "label": "@@topic.feedback" },
                                   { "value": "other", "label": "@@topic.other" } ],
                      "validators": [ { "type": "required" } ] },
                    { "type": "textarea", "key": "request.message", "label": "@@request.message", "rows": 5, "maxLength": 500,
                      "validators": [ { "type": "required" } ] },
                    { "type": "button", "label": "@@actions.continue", "action": "continue" }
                  ],
                  "actions": [ { "name": "continue", "type": "submit", "next": "review" } ] },

                { "id": "review", "type": "userTask", "title": "@@review.title", "step": "@@steps.review",
                  "screen": [
                    { "type": "text", "markdown": "@@review.summary" },
                    { "type": "checkbox", "key": "request.consent", "label": "@@review.consent",
                      "validators": [ { "type": "requiredTrue" } ] },
                    { "type": "button", "label": "@@actions.send", "action": "send" }
                  ],
                  "actions": [ { "name": "send", "type": "submit", "next": "done" } ] },

                { "id": "done", "type": "end", "outcome": "completed", "message": "@@done.message" }
              ]
            }

            """),
            ("tags/en.json", """
            {
              "$schema": "../schemas/tags.json",
              "contact.title": "Contact us",
              "steps.you": "About you",
              "steps.request": "Your request",
              "steps.review": "Review",
              "about.title": "Who are you?",
              "about.intro": "Tell us how to reach you. We answer within **two working days**.",
              "contact.name": "Full name",
              "contact.email": "Email address",
              "contact.emailHint": "We only use it to answer you.",
              "request.title": "How can we help?",
              "request.topic": "Topic",
              "topic.question": "A question",
              "topic.feedback": "Feedback",
              "topic.other": "Something else",
              "request.message": "Your message",
              "review.title": "Check and send",
              "review.summary": "We will answer **${contact.name}** at ${contact.email}.",
              "review.consent": "You may store my details to answer this request",
              "actions.continue": "Continue",
              "actions.send": "Send",
              "done.message": "Thank you, ${contact.name}. Your request is on its way."
            }

            """),
            ("tags/de.json", """
            {
              "$schema": "../schemas/tags.json",
              "contact.title": "Kontakt",
              "steps.you": "Über Sie",
              "steps.request": "Ihr Anliegen",
              "steps.review": "Prüfen",
              "about.title": "Wer sind Sie?",
              "about.intro": "Sagen Sie uns, wie wir Sie erreichen. Wir antworten innerhalb von **zwei Werktagen**.",
              "contact.name": "Vollständiger Name",
              "contact.email": "E-Mail-Adresse",
              "contact.emailHint": "Wir nutzen sie nur für die Antwort.",
              "request.title": "Wie können wir helfen?",
              "request.topic": "Thema",
              "topic.question": "Eine Frage",
              "topic.feedback": "Rückmeldung",
              "topic.other": "Etwas anderes",
              "request.message": "Ihre Nachricht",
              "review.title": "Prüfen und senden",
              "review.summary": "Wir antworten **${contact.name}** an ${contact.email}.",
              "review.consent": "Sie dürfen meine Angaben speichern, um dieses Anliegen zu beantworten",
              "actions.continue": "Weiter",
              "actions.send": "Senden",
              "done.message": "Danke, ${contact.name}. Ihr Anliegen ist unterwegs."
            }

            """),
            ("scenarios/happy-path.json", """
            {
              "$schema": "../schemas/scenario.json",
              "process": "contact",
              "language": "en",
              "steps": [
                { "expect": "about", "action": "continue", "values": {},
                  "expectErrors": ["contact.name", "contact.email"] },
                { "expect": "about", "action": "continue",
                  "values": { "contact.name": "Ana Pop", "contact.email": "ana@example.org" }, "expectErrors": [] },
                { "expect": "request", "action": "continue",
                  "values": { "request.topic": "question", "request.message": "When are you open?" } },
                { "expect": "review", "action": "send", "values": { "request.consent": "true" } },
                { "expect": "end:completed" }
              ]
            }

            """),
        ]
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
