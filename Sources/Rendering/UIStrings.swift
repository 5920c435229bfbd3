import Foundation

/// The words of the page chrome in every shipped language (English and Romanian).
/// Unknown languages fall back to English.
public struct UIStrings: TemplateContext {
    public let language: String
    private let table: [String: String]

    public init(language: String) {
        self.language = language
        self.table = language == "ro" ? UIStrings.romanian : UIStrings.english
    }

    public subscript(_ key: String) -> String {
        table[key] ?? UIStrings.english[key] ?? key
    }

    /// "Step {x} of {y}" and friends.
    public func format(_ key: String, _ x: Int, _ y: Int) -> String {
        self[key].replacingOccurrences(of: "{x}", with: String(x)).replacingOccurrences(of: "{y}", with: String(y))
    }

    /// A language's name in that language, so a reader finds their own in the list.
    public static func languageName(_ code: String) -> String {
        let own = Locale(identifier: code).localizedString(forLanguageCode: code)
        return own.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
    }

    public func value(forKey key: String) -> TemplateValue? {
        table[key].map(TemplateValue.text) ?? UIStrings.english[key].map(TemplateValue.text)
    }

    static let english: [String: String] = [
        "skipLink": "Skip to main content",
        "siteNavigation": "Preview",
        "allProcesses": "All processes",
        "footer": "Previewed with FlowStage",
        "errorPrefix": "Error:",
        "errorSummaryTitle": "There is a problem",
        "back": "Back",
        "continue": "Continue",
        "close": "Close",
        "progress": "Progress",
        "tasks": "Tasks",
        "stepOf": "Step {x} of {y}",
        "substepOf": "Part {x} of {y}",
        "completed": "Completed",
        "update": "Update",
        "selectOption": "Select an option",
        "opensInNewTab": "opens in a new tab",
        "componentNotSupported": "Component not supported:",
        "incident": "What went wrong:",
        "startAgain": "Start again",
        "processes": "Processes",
        "yourInstances": "Your instances",
        "catalogueLead": "Start a process to preview its screens. Your instances are kept for this browser session.",
        "start": "Start",
        "optional": "(optional)",
        "outcome.completed": "Completed",
        "outcome.failed": "Something went wrong",
        "outcome.cancelled": "Cancelled",
        "status.running": "In progress",
        "status.completed": "Completed",
        "status.failed": "Failed",
        "status.cancelled": "Cancelled",
        "kind.info": "Information",
        "kind.success": "Success",
        "kind.warning": "Warning",
        "kind.error": "Error",
        "navigation.wizard": "Wizard: one screen at a time",
        "navigation.single": "Single page",
        "navigation.tabs": "Tabs",
        "startProcess": "Start {name}",
        "settings": "Preview settings",
        "flows": "App flows",
        "flowMeta": "Screens without a process, with their own back stack",
        "language": "Language",
        "theme": "Theme",
        "appearance": "Appearance",
        "appearance.auto": "Follow the device",
        "appearance.light": "Light",
        "appearance.dark": "Dark",
        "saveSettings": "Save settings",
        "settingsSaved": "Settings saved.",
    ]

    static let romanian: [String: String] = [
        "skipLink": "Treci la conținutul principal",
        "siteNavigation": "Previzualizare",
        "allProcesses": "Toate procesele",
        "footer": "Previzualizat cu FlowStage",
        "errorPrefix": "Eroare:",
        "errorSummaryTitle": "Există o problemă",
        "back": "Înapoi",
        "continue": "Continuă",
        "close": "Închide",
        "progress": "Progres",
        "tasks": "Sarcini",
        "stepOf": "Pasul {x} din {y}",
        "substepOf": "Partea {x} din {y}",
        "completed": "Finalizat",
        "update": "Actualizează",
        "selectOption": "Selectați o opțiune",
        "opensInNewTab": "se deschide într-o filă nouă",
        "componentNotSupported": "Componentă neacceptată:",
        "incident": "Ce nu a mers:",
        "startAgain": "Începe din nou",
        "processes": "Procese",
        "yourInstances": "Instanțele tale",
        "catalogueLead": "Porniți un proces pentru a-i previzualiza ecranele. Instanțele sunt păstrate pentru această sesiune de navigare.",
        "start": "Începe",
        "optional": "(opțional)",
        "outcome.completed": "Finalizat",
        "outcome.failed": "Ceva nu a mers bine",
        "outcome.cancelled": "Anulat",
        "status.running": "În desfășurare",
        "status.completed": "Finalizat",
        "status.failed": "Eșuat",
        "status.cancelled": "Anulat",
        "kind.info": "Informație",
        "kind.success": "Succes",
        "kind.warning": "Avertisment",
        "kind.error": "Eroare",
        "navigation.wizard": "Asistent: câte un ecran",
        "navigation.single": "O singură pagină",
        "navigation.tabs": "File",
        "settings": "Setări de previzualizare",
        "flows": "Fluxuri de aplicație",
        "flowMeta": "Ecrane fără proces, cu propria stivă de revenire",
        "language": "Limba",
        "theme": "Temă",
        "appearance": "Aspect",
        "appearance.auto": "Ca dispozitivul",
        "appearance.light": "Luminos",
        "appearance.dark": "Întunecat",
        "saveSettings": "Salvează setările",
        "settingsSaved": "Setările au fost salvate.",
        "startProcess": "Începe {name}",
    ]
}

