import Definitions
import Expressions
import Foundation
import Template

/// What a specialized component of some types works out per request beyond a field's value,
/// error and choices (`FieldRequestValues`): the facts fixed at load that `RequestRuleValues`
/// works out a request's names from. The names it answers are the ones left to the request;
/// every other name of its template is written in at load.
enum ComponentRequestRule: Sendable {
    case none
    /// A text or message whose markdown reads data: its `html`.
    case markdown(FilledMarkdown)
    /// A slider: a value that is no number shows `min`, and `valueText` writes it in the
    /// page's locale with the suffix ("1.500 €"); a suffix that reads the data is written per
    /// request, and so are the bounds written with it (`bounds`).
    case slider(min: String, bounds: (min: Double, max: Double), suffix: RuleWord, words: Words)
    /// A date picker: a posted text that is no date is shown back in a text input with the
    /// expected form as its placeholder; `min` and `max` may be "today".
    case date(min: DateBound?, max: DateBound?, placeholder: RuleWord, notADate: String)
    /// A `time` or `datetime-local` input: likewise, without bounds.
    case temporal(inputType: String, placeholder: RuleWord, notATime: String)
    /// A file upload: the files stored at its key and its limits in words (the server's limit
    /// is the state's); its remove buttons post where its upload does (`PostTarget`).
    case upload(UploadHint, words: Words)
    /// A table: its rows, read from `source` (or computed by its FEEL) and written per column
    /// (headers and caption are fixed).
    case table(TableColumns)
    /// A select, radio group, multiselect or segmented control whose options are read from the
    /// data (form-js's `valuesKey`), or whose options' labels read it (`Pay ${amount} now`, its
    /// own or its enumeration's, a child list's under one parent value):
    /// its options (each radio's id and the field's names with them: a kept list's rows answer
    /// every name in its body), its id and name.
    case dataOptions(OptionSource)
    /// An image whose source is read from the data (a media key or an address): its `url` (its
    /// `alt` is the component's: the loader asks for one); a page plan prints it whole from its
    /// entry, nothing while the data names none (`SpecializedComponents.Entry.printedWhole`).
    case image(media: [String: MediaItem])

    /// The rule of `component` in `language`; `.none` for a type whose markup is fixed but for a field's names.
    /// `data` holds a child list's parent value, whose options it offers.
    static func of(_ component: Component, task: UserTask, project: Project, language: String,
                   markdown: MarkdownCache, data: JSONValue = .null) -> ComponentRequestRule {
        let words = project.words.for(language)
        if component.readsOptionsFromData { return .dataOptions(.source(component)) }
        if let listed = component.optionsWithLabelsReadingData(project, language: language, data: data) { return .dataOptions(.listed(listed)) }
        switch component.type {
        case .text, .message:
            guard let text = component.markdown, text.dependsOnData(project.tags, language: language) else { return .none }
            return .markdown(markdown.filled(text, tags: project.tags, language: language))
        case .input where component.inputType == "time" || component.inputType == "datetime-local":
            let inputType = component.inputType ?? ""
            return .temporal(inputType: inputType, placeholder: RuleWord(component.placeholder, tags: project.tags, language: language),
                             notATime: words[DateInputValues.placeholderWord(inputType)])
        case .slider:
            let bounds = (min: component.number("min") ?? 0, max: component.number("max") ?? 100)
            return .slider(min: JSONValue.number(bounds.min).displayString, bounds: bounds,
                           suffix: RuleWord(component.text("suffix"), tags: project.tags, language: language), words: words)
        case .datepicker:
            return .date(min: component.dateBound("min"), max: component.dateBound("max"),
                         placeholder: RuleWord(component.placeholder, tags: project.tags, language: language),
                         notADate: words["datePlaceholder"])
        case .fileUpload:
            return .upload(UploadHint(UploadRules(component), words: words), words: words)
        case .image where component.imageSource != nil || component.sourceExpression != nil:
            return .image(media: project.media)
        case .table:
            let columns = component.tableColumns.map {
                TableColumn($0, label: $0.label.resolve(project.tags, language: language, data: .null), ui: words)
            }
            return .table(TableColumns(columns))
        default:
            return .none
        }
    }
}

/// A word a rule writes into what it works out (a date's or a time's placeholder, kept when
/// a posted text is a date or a time): written at load, or per request where it reads the data.
enum RuleWord: Sendable {
    case fixed(String?)
    case readsData(Text)

    init(_ text: Text?, tags: Tags, language: String) {
        if let text, text.dependsOnData(tags, language: language) { self = .readsData(text) }
        else { self = .fixed(text?.resolve(tags, language: language, data: .null)) }
    }

    /// Out of line: inlined, it grew `RequestRuleValues.of` past what the optimizer inlines into
    /// a planned page's loop (0.6k instructions and 3 retains more a view with a date picker).
    @inline(never)
    func written(tags: borrowing Tags, language: String, data: JSONValue) -> String? {
        switch self {
        case .fixed(let text): text
        case .readsData(let text): text.resolve(tags, language: language, data: data)
        }
    }

    var readsData: Bool {
        if case .readsData = self { true } else { false }
    }
}

extension ComponentRequestRule {
    /// Whether what the rule works out reads the data beside the field's value: a text's
    /// markdown, an image's source, a table's rows, a date's or a time's placeholder
    /// (`e.g. ${example}`), a slider's suffix, a field's own option labels.
    var readsData: Bool {
        switch self {
        case .markdown, .image, .table, .dataOptions(.listed): true
        case .date(_, _, let placeholder, _), .temporal(_, let placeholder, _): placeholder.readsData
        case .slider(_, _, let suffix, _): suffix.readsData
        default: false
        }
    }
}

/// Where a choice field's options come from per request (`ComponentRequestRule.dataOptions`).
enum OptionSource: Sendable {
    /// The component's `source`: read from the data at its path (form-js's `valuesKey`), or
    /// computed by its FEEL (`valuesExpression`).
    case source(Component)
    /// Its own or its enumeration's (a child list's under one parent value), whose labels read the data.
    case listed([Option])

    func options(in data: JSONValue) -> [Option] {
        switch self {
        case .source(let component): Component.options(from: component.sourceValue(in: data))
        case .listed(let options): options
        }
    }
}

extension Component {
    /// A choice field whose options are read from the data at `optionsSource` (not an enumeration's).
    var readsOptionsFromData: Bool {
        isChoiceWithoutEnumeration && (optionsSource != nil || isChoiceFromExpression)
    }

    /// A choice field's options, its own or its enumeration's (not the data's; a child list's
    /// under the parent value `data` holds), when a label of theirs reads the data in `language`:
    /// they are worked out per request, as options read from the data are. Nil when none does.
    func optionsWithLabelsReadingData(_ project: Project, language: String, data: JSONValue = .null) -> [Option]? {
        guard Self.choiceTypes.contains(type), optionsSource == nil else { return nil }
        let options = project.options(for: self, data: data, language: language)
        return options.contains { $0.label.dependsOnData(project.tags, language: language) } ? options : nil
    }

    private static let choiceTypes: [ComponentType] = [.select, .radio, .checkbox, .multiselect, .segmented]

    private var isChoiceWithoutEnumeration: Bool {
        Self.choiceTypes.contains(type) && enumerationName == nil
    }
}

/// How a slider shows its value, for the general path and the specialized one alike.
enum SliderText {
    /// The value a range input holds: the shown one, else `min` (a range input always has a
    /// value, so the output and the posted value agree without script).
    static func value(_ shown: String, min: String) -> String {
        number(shown) == nil ? min : shown
    }

    /// The number a slider's text holds. Digits alone (a slider's value, as a rule) are read
    /// here: `Double(String)` goes through `strtod`, and a page read each value twice per view.
    static func number(_ text: String) -> Double? {
        var digits = 0
        var whole = 0.0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return Double(text) }
            whole = whole * 10 + Double(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits == 0 ? nil : whole
    }

    /// A number as people read it: the page's locale and the slider's suffix ("1.500 €").
    static func written(_ number: Double, words: Words, suffix: String?) -> String {
        words.number(number) + (suffix.map { " " + $0 } ?? "")
    }

    /// The value written for people; a value that is no number stays as it is.
    static func valueText(_ value: String, words: Words, suffix: String?) -> String {
        number(value).map { written($0, words: words, suffix: suffix) } ?? value
    }
}

/// A date picker's input, for the general path and the specialized one alike
/// (`ComponentRequestRule.date`).
struct DateInputValues {
    let inputType: String
    let placeholder: String?
    let spellcheckOff: Bool
    let min: String?
    let max: String?
    /// A date input (with its bounds); else a text input showing back what was posted.
    var isDate: Bool { inputType == "date" }

    init(value: String, min: DateBound?, max: DateBound?, placeholder: String?, notADate: String) {
        guard value.isEmpty || CivilDate(iso: value)?.description == value else {
            (inputType, self.placeholder, spellcheckOff, self.min, self.max) = ("text", notADate, true, nil, nil)
            return
        }
        let today = min == .today || max == .today ? CivilDate(Date(), in: .current).description : ""
        (inputType, self.placeholder, spellcheckOff) = ("date", placeholder, false)
        self.min = min?.iso(today: today)
        self.max = max?.iso(today: today)
    }
}
