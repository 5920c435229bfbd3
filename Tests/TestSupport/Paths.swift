import Definitions
import Foundation
import Synchronization

/// Folders of the checkout, found from this file's place so tests run from anywhere.
public enum RepositoryPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static var examples: URL { root.appendingPathComponent("Examples") }
    public static var templates: URL { root.appendingPathComponent("Templates") }
    public static var themes: URL { root.appendingPathComponent("Themes") }
    public static var publicFolder: URL { root.appendingPathComponent("Public") }
    public static var words: URL { root.appendingPathComponent("Words") }

    /// FlowStage's shipped interface words (`Words/`), read once.
    public static let shippedWords: ShippedWords = {
        var errors: [LoadError] = []
        let catalogue = ShippedWords.load(words, errors: &errors)
        precondition(errors.isEmpty, "Words/ does not load: \(errors)")
        return catalogue
    }()

    /// The words a shipped language writes as English does (the same word, a unit, a
    /// format): every other word of it must differ from the English one.
    public static let sameAsEnglish: [String: Set<String>] = [
        "ro": ["fileType.audio", "fileType.text", "fileType.video", "inspector", "inspectorID", "inspectorIncident",
               "size.kilobytes", "size.megabytes", "theme.ocean"],
        "de": ["device.tablet", "optional", "size.kilobytes", "size.megabytes"],
        "fr": ["feelContext", "feelExpression", "feelType", "fileType.audio", "fileType.image", "inspectorIncident", "inspectorOutlineDescription",
               "inspectorStepAction", "kind.info"],
        "es": ["errorPrefix", "feelContext", "fileType.audio", "inspector", "inspectorOutlineError", "kind.error", "no", "size.bytes", "size.kilobytes",
               "size.megabytes", "size.oneByte"],
        "ar": ["datePlaceholder", "dateTimePlaceholder"],
    ]

    /// Keys that are no words but forms, the same in many languages.
    public static let formKeys: Set<String> = ["errorSummary.inItem", "format.date", "format.dateTime", "listSeparator", "timePlaceholder"]

    /// The shipped words of `language` alone, as a project with no `ui.*` tags sees them.
    public static func shippedWords(_ language: String, defaultLanguage: String = "en", locale: String = "en-GB") -> Words {
        InterfaceWords(shipped: shippedWords, overrides: [:], languages: [language, defaultLanguage],
                       defaultLanguage: defaultLanguage, locale: locale).for(language)
    }

    /// A fresh folder for a fixture project, with the given files (path → contents); removed
    /// when the test process exits.
    public static func fixture(_ files: [String: String]) throws -> URL {
        let folder = temporaryFolder()
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return folder
    }

    /// A copy of `Examples/` that a test may change (live reload), removed when the test process exits.
    public static func copyOfExamples() throws -> URL {
        let folder = temporaryFolder()
        try FileManager.default.copyItem(at: examples, to: folder)
        return folder
    }

    private static func temporaryFolder() -> URL {
        _ = removeFixturesAtExit
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowstage-fixture-\(UUID().uuidString)")
        fixtureFolders.withLock { $0.append(folder) }
        return folder
    }
}

private let fixtureFolders = Mutex<[URL]>([])
private let removeFixturesAtExit: Void = {
    atexit {
        for folder in fixtureFolders.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
    }
}()
