import Foundation

/// The words of the page chrome in every shipped language (English and Romanian).
/// Unknown languages fall back to English.
public final class UIStrings: TemplateContext {
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
        UIStrings.fill(self[key]) { $0 == "x" ? String(x) : $0 == "y" ? String(y) : nil }
    }

    /// "Start {name}" and friends.
    public func named(_ key: String, _ name: String) -> String {
        UIStrings.fill(self[key]) { $0 == "name" ? name : nil }
    }

    /// Replaces each `{placeholder}` of `pattern` with its value; unknown ones stay as written.
    public static func fill(_ pattern: String, _ values: [String: String]) -> String {
        fill(pattern) { values[String($0)] }
    }

    /// The same with the values given by a function: the stepper's "Step {x} of {y}" is filled
    /// on every page, and a dictionary for two numbers costs more than the rest of it. A scan
    /// of the UTF-8 bytes, since `{` and `}` never occur inside a multi-byte character.
    static func fill(_ pattern: String, _ value: (Substring) -> String?) -> String {
        var out = ""
        let bytes = pattern.utf8
        var copied = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "{"),
                  let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                index = bytes.index(after: index)
                continue
            }
            let name = pattern[bytes.index(after: index)..<close]
            if let replacement = value(name) {
                out += pattern[copied..<index]
                out += replacement
                copied = bytes.index(after: close)
            }
            index = bytes.index(after: close)
        }
        out += pattern[copied...]
        return out
    }

    /// A language's name in that language, so a reader finds their own in the list.
    public static func languageName(_ code: String) -> String {
        let own = Locale(identifier: code).localizedString(forLanguageCode: code)
        return own.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
    }

    public func value(for key: TemplateKey) -> TemplateValue? {
        table[key.text].map(TemplateValue.text) ?? UIStrings.english[key.text].map(TemplateValue.text)
    }

    /// "PDF, PNG or JPEG": a list joined the way the language joins alternatives.
    public func orList(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " " + self["or"] + " " + words.last!
    }

    static let english: [String: String] = [
        "or": "or",
        "uploadLimit": "{types}, up to {size}.",
        "uploadLimitAny": "Any file up to {size}.",
        "uploadFile": "Upload file",
        "uploadFiles": "Upload files",
        "uploadedFiles": "Uploaded files",
        // The comfort script's upload progress (rendered as data- attributes of a file form).
        "uploadBusy": "Uploading…",
        "uploadProgress": "Upload progress",
        "uploadPercent": "Uploading… {x}%",
        "uploadSent": "Upload complete. Waiting for the answer…",
        "remove": "Remove",
        "actionFailed": "That did not work",
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
        "chooseParentFirst": "Choose {name} first; the choices here depend on it.",
        "opensInNewTab": "opens in a new tab",
        "componentNotSupported": "Component not supported:",
        "incident": "What went wrong:",
        "startAgain": "Start again",
        "processes": "Processes",
        "yourInstances": "Your instances",
        "catalogueLead": "Start a process to preview its screens. Your instances are kept for this browser session.",
        "start": "Start",
        "optional": "(optional)",
        "textareaLimit": "You can enter up to {x} characters",
        "charactersRemaining": "You have {x} characters remaining",
        "charactersTooMany": "You have {x} characters too many",
        "itemOf": "Item {x} of {y}",
        "collectionEmpty": "There is nothing here yet.",
        "tableEmpty": "There are no rows to show.",
        "sliderRange": "From {x} to {y}",
        "yes": "Yes",
        "no": "No",
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
        "status.stopped": "Stopped",
        "siteLead": "Every screen of every scenario, as the preview shows it. Buttons lead to the next screen of the walk.",
        "siteWithErrors": "with the errors of a refused post",
        "device": "Device width",
        "device.full": "Full width",
        "device.tablet": "Tablet (820 px)",
        "device.phone": "Phone (390 px)",
        "accessTitle": "This preview is protected",
        "accessLead": "Enter the password you were given for this demo.",
        "accessPassword": "Password",
        "accessSubmit": "Open the preview",
        "accessWrong": "The password is not right",
        "accessTooMany": "Too many wrong passwords were tried from your network address. Wait {minutes} minutes, then try again",
        "accessTooManyOneMinute": "Too many wrong passwords were tried from your network address. Wait a minute, then try again",
        "projectErrors": "The project files have errors. This is the last version that loaded; fix these and save to see your change:",
        "projectWarnings": "The project has warnings. It runs, but these are probably mistakes; fix them and save:",
        "status.waiting": "Waiting for its process",
        "stop": "Stop",
        "stopLabel": "Stop {name}",
        "continueLabel": "Continue {name}",
        "continueLatest": "Continue the latest",
        "inspect": "Inspect",
        "inspectLabel": "Inspect {name}",
        "galleryTitle": "Component gallery",
        "galleryLead": "Every component in every state it has, drawn by the same renderer as a screen, in your current theme, appearance and language.",
        "galleryLink": "Open the component gallery",
        "galleryComponents": "Components",
        "galleryProblems": "Examples files that could not be read",
        "galleryPage": "{name} – component gallery",
        "galleryExamples": "{x} examples",
        "endSession": "End session",
        "endSessionLead": "Ending the session stops and forgets every instance and flow of this browser.",
        "sessionEnded": "The session has ended: its instances and flows are forgotten.",
        "noLatest": "There is no running “{name}” in this session; start one below.",
        "stopped": "“{name}” was stopped.",
        "closeTitle": "Close “{name}”?",
        "closeLead": "Closing stops this process; what was entered is not kept.",
        "closeConfirm": "Yes, close it",
        "closeCancel": "No, go back",
        "inspector": "Inspector",
        "inspectorKind": "Kind",
        "inspectorKindProcess": "Process",
        "inspectorKindFlow": "App flow",
        "inspectorID": "Id",
        "inspectorStatus": "Status",
        "inspectorCurrent": "Current node or state",
        "inspectorHistory": "Back stack",
        "inspectorIncident": "Incident",
        "inspectorData": "Data",
        "inspectorWarnings": "Warnings",
        "inspectorEvents": "Analytics events",
        "inspectorNone": "None",
        "inspectorToScreen": "Back to the screen",
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
        "chooseParentFirst": "Alegeți mai întâi {name}; opțiunile de aici depind de aceasta.",
        "opensInNewTab": "se deschide într-o filă nouă",
        "componentNotSupported": "Componentă neacceptată:",
        "or": "sau",
        "uploadLimit": "{types}, de cel mult {size}.",
        "uploadLimitAny": "Orice fișier de cel mult {size}.",
        "uploadFile": "Încărcați fișierul",
        "uploadFiles": "Încărcați fișierele",
        "uploadedFiles": "Fișiere încărcate",
        "uploadBusy": "Se încarcă fișierele…",
        "uploadProgress": "Progresul încărcării",
        "uploadPercent": "Se încarcă… {x}%",
        "uploadSent": "Încărcarea s-a terminat. Se așteaptă răspunsul…",
        "remove": "Ștergeți",
        "actionFailed": "Acțiunea nu a reușit",
        "incident": "Ce nu a mers:",
        "startAgain": "Începe din nou",
        "processes": "Procese",
        "yourInstances": "Instanțele tale",
        "catalogueLead": "Porniți un proces pentru a-i previzualiza ecranele. Instanțele sunt păstrate pentru această sesiune de navigare.",
        "start": "Începe",
        "optional": "(opțional)",
        "textareaLimit": "Puteți introduce cel mult {x} caractere",
        "charactersRemaining": "Mai puteți introduce {x} caractere",
        "charactersTooMany": "Ați depășit limita cu {x} caractere",
        "itemOf": "Elementul {x} din {y}",
        "collectionEmpty": "Nu există încă nimic aici.",
        "tableEmpty": "Nu există rânduri de afișat.",
        "sliderRange": "De la {x} la {y}",
        "yes": "Da",
        "no": "Nu",
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
        "status.stopped": "Oprit",
        "siteLead": "Fiecare ecran al fiecărui scenariu, așa cum îl arată previzualizarea. Butoanele duc la ecranul următor al parcursului.",
        "siteWithErrors": "cu erorile unei trimiteri refuzate",
        "device": "Lățimea dispozitivului",
        "device.full": "Lățime completă",
        "device.tablet": "Tabletă (820 px)",
        "device.phone": "Telefon (390 px)",
        "accessTitle": "Această previzualizare este protejată",
        "accessLead": "Introduceți parola primită pentru această demonstrație.",
        "accessPassword": "Parolă",
        "accessSubmit": "Deschide previzualizarea",
        "accessWrong": "Parola nu este corectă",
        "accessTooMany": "Au fost încercate prea multe parole greșite de la adresa dumneavoastră de rețea. Așteptați {minutes} min, apoi încercați din nou",
        "accessTooManyOneMinute": "Au fost încercate prea multe parole greșite de la adresa dumneavoastră de rețea. Așteptați un minut, apoi încercați din nou",
        "projectErrors": "Fișierele proiectului au erori. Aceasta este ultima versiune încărcată; corectați-le și salvați pentru a vedea modificarea:",
        "projectWarnings": "Proiectul are avertismente. Funcționează, dar acestea sunt probabil greșeli; corectați-le și salvați:",
        "status.waiting": "Așteaptă procesul său",
        "stop": "Oprește",
        "stopLabel": "Oprește {name}",
        "continueLabel": "Continuă {name}",
        "continueLatest": "Continuă ultima",
        "inspect": "Inspectează",
        "inspectLabel": "Inspectează {name}",
        "galleryTitle": "Galeria de componente",
        "galleryLead": "Fiecare componentă în fiecare stare a sa, desenată de același motor ca un ecran, în tema, aspectul și limba curente.",
        "galleryLink": "Deschideți galeria de componente",
        "galleryComponents": "Componente",
        "galleryProblems": "Fișiere de exemple care nu au putut fi citite",
        "galleryPage": "{name} – galeria de componente",
        "galleryExamples": "{x} exemple",
        "endSession": "Încheie sesiunea",
        "endSessionLead": "Încheierea sesiunii oprește și uită toate instanțele și fluxurile acestui browser.",
        "sessionEnded": "Sesiunea s-a încheiat: instanțele și fluxurile ei au fost uitate.",
        "noLatest": "Nu există niciun „{name}” în desfășurare în această sesiune; porniți unul mai jos.",
        "stopped": "„{name}” a fost oprit.",
        "closeTitle": "Închideți „{name}”?",
        "closeLead": "Închiderea oprește acest proces; ce s-a introdus nu se păstrează.",
        "closeConfirm": "Da, închide",
        "closeCancel": "Nu, înapoi",
        "inspector": "Inspector",
        "inspectorKind": "Tip",
        "inspectorKindProcess": "Proces",
        "inspectorKindFlow": "Flux de aplicație",
        "inspectorID": "Id",
        "inspectorStatus": "Stare",
        "inspectorCurrent": "Nodul sau starea curentă",
        "inspectorHistory": "Stiva de revenire",
        "inspectorIncident": "Incident",
        "inspectorData": "Date",
        "inspectorWarnings": "Avertismente",
        "inspectorEvents": "Evenimente de analiză",
        "inspectorNone": "Niciunul",
        "inspectorToScreen": "Înapoi la ecran",
    ]
}

