import Definitions
import Expressions
import Template

/// What a specialized component needs from a request, answered from plain fields. The names
/// `value(_:of:at:)` answers are the ones specialization leaves to the request (`answers`), so a
/// name added here is dynamic at once, and no second list is kept. A value, so a page plan
/// keeps a screen's worth in one array (`PlannedPageValues.parts`), not an object per component.
struct FieldRequestValues {
    let value: String
    let error: String?
    let describedBy: String?
    let disabled: Bool
    let checked: Bool
    /// For a part drawn whole per request: its index in `PlannedPageValues.wholes`, which
    /// answers every name of it.
    var whole: Int16? = nil
    /// Per option, in order.
    let selected: [Bool]
    let changeURL: String?
    let formAction: String
    /// The names of a `ComponentRequestRule`, nil for components without one. Behind one
    /// reference: a page plan's look-ups copy these values, and a copy should stay small.
    var rule: RequestRuleValues? = nil

    /// Whether a request answers `key`: everything else is written into the plan at load.
    static func answers(_ key: TemplateKey, inRow: Bool) -> Bool {
        value(inRow ? key.inRow(0) : key, of: probe, at: 0) != nil
    }

    private static let probe = [FieldRequestValues(value: "", error: nil, describedBy: nil, disabled: false, checked: false,
                                                   selected: [false], changeURL: nil, formAction: "")]
    /// The placeholder of a part whose names the plan answers (a layout part, a component inside
    /// one drawn whole). Made where it is used, of constants: a stored one was copied field by field.
    static var none: FieldRequestValues {
        FieldRequestValues(value: "", error: nil, describedBy: nil, disabled: false, checked: false,
                           selected: [], changeURL: nil, formAction: "")
    }

    /// The placeholder of a part drawn whole, the `index`th of its page.
    static func whole(at index: Int) -> FieldRequestValues {
        var values = none
        values.whole = Int16(index)
        return values
    }

    /// A container's or card's written into a page plan: whether it is disabled, and its words
    /// that read the data (in `scope`, an item's, when it is in one).
    static func layout(_ resolved: borrowing ResolvedComponent, words: DataWords?, state: borrowing ScreenState,
                       tags: borrowing Tags, scope: JSONValue? = nil) -> FieldRequestValues {
        var values = FieldRequestValues(value: "", error: nil, describedBy: nil, disabled: resolved.disabled, checked: false,
                                        selected: [], changeURL: nil, formAction: "")
        if let words {
            values.rule = RequestRuleValues(words: words.written(tags: tags, language: state.language, data: scope ?? state.data))
        }
        return values
    }

    /// The value of `key` for `parts[index]`. Each name reads its one field in place: a method
    /// on the element copied all of them first (a retain and a release per string, per name).
    static func value(_ key: TemplateKey, of parts: borrowing [FieldRequestValues], at index: Int) -> TemplateValue? {
        // In an option's row only `selected` changes; the option's own names are fixed.
        return switch ViewKey(key) {
        case .selected where key.row >= 0: .bool(key.row < parts[index].selected.count && parts[index].selected[key.row])
        case _ where key.row >= 0: nil
        case .value: .text(parts[index].value)
        case .error: .optional(parts[index].error)
        case .invalid: .bool(parts[index].error != nil)
        case .describedBy: .optional(parts[index].describedBy)
        case .disabled: .bool(parts[index].disabled)
        case .checked: .bool(parts[index].checked)
        // A collection's item (`UnrolledCollection`): its label, and whether its radio is chosen.
        case .itemLabel: .text(parts[index].value)
        case .selected: .bool(parts[index].checked)
        case .changeURL: .optional(parts[index].changeURL)
        case .formAction: .text(parts[index].formAction)
        default: parts[index].rule?.value(for: key)
        }
    }
}

/// What a `ComponentRequestRule` works out for one request: a markdown text's HTML, a slider's
/// written value, a date picker's input, a file upload's files and limits, a table's rows, a
/// select's options read from the data, an image's address.
final class RequestRuleValues: Sendable {
    let html: String?
    let valueText: String?
    let date: DateInputValues?
    let files: [UploadedFileView]?
    let uploadHint: String?
    let tableRows: [TemplateValue]?
    let options: OptionRows?
    let imageURL: String?
    /// With options read from the data: the field's id and name.
    let fieldID: String?
    /// Its words that read the data (`DataWords`), written for this request.
    let words: [(key: ViewKey, text: String)]

    init(html: String? = nil, valueText: String? = nil, date: DateInputValues? = nil, files: [UploadedFileView]? = nil,
         uploadHint: String? = nil, tableRows: [TemplateValue]? = nil, options: OptionRows? = nil,
         imageURL: String? = nil, fieldID: String? = nil, words: [(key: ViewKey, text: String)] = []) {
        self.html = html; self.valueText = valueText; self.date = date; self.files = files; self.uploadHint = uploadHint
        self.tableRows = tableRows; self.options = options; self.imageURL = imageURL; self.fieldID = fieldID; self.words = words
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        let name = ViewKey(key)
        if !words.isEmpty, let word = words.first(where: { $0.key == name }) { return .text(word.text) }
        return switch name {
        case .html: html.map(TemplateValue.html)
        case .valueText: valueText.map(TemplateValue.text)
        case .inputType: date.map { .text($0.inputType) }
        case .placeholder: date.map { .optional($0.placeholder) }
        case .spellcheckOff: date.map { .bool($0.spellcheckOff) }
        case .min: date.map { .optional($0.min) }
        case .max: date.map { .optional($0.max) }
        case .files: files.map { .list($0.map { .object($0) }) }
        case .hasFiles: files.map { .bool(!$0.isEmpty) }
        case .uploadHint: uploadHint.map(TemplateValue.text)
        case .tableRows: tableRows.map(TemplateValue.list)
        case .options: options.map { .rows($0) }
        case .id: fieldID.map(TemplateValue.text)
        case .name: options.map { .text($0.name) }
        case .url: imageURL.map(TemplateValue.text)
        default: nil
        }
    }
}

/// The context a specialized component's template is drawn with by `ScreenViewBuilder` (while
/// a page's plan is made, or inside a part drawn whole): its request values, as a plan reads them.
final class SpecializedComponentContext: TemplateContext {
    /// One element: the look-up reads it as a page plan reads its parts.
    let fields: [FieldRequestValues]

    init(_ fields: FieldRequestValues) {
        self.fields = [fields]
    }

    func value(for key: TemplateKey) -> TemplateValue? {
        FieldRequestValues.value(key, of: fields, at: 0)
    }
}

extension FieldRequestValues {
    /// A part its page plan prints whole from its entry (`Entry.printedWhole`): a table's
    /// markup, kept with its rows; an image drawn from its source, or nothing while the data
    /// names none. Both read their source in `scope`, an item's, when they are in one.
    static func printedWhole(_ entry: SpecializedComponents.Entry, _ component: Component, state: borrowing ScreenState,
                             links: any PageLinks, tags: Tags, scope: JSONValue? = nil) -> TemplateValue {
        var values = FieldRequestValues.none
        switch entry.rule {
        case .table(let columns):
            return .html(columns.markup(of: component.sourceValue(in: scope ?? state.data).arrayValue ?? []) { body in
                values.rule = RequestRuleValues(tableRows: body)
                return entry.template.render(SpecializedComponentContext(values))
            })
        case .image(let media):
            guard let image = ImageSource(media: media, tags: tags, links: links)
                .resolve(component, data: scope ?? state.data, language: state.language) else { return .html("") }
            // Its own alt may read the data (form-js's `=alt`): a word of the request's.
            let words = entry.words?.written(tags: tags, language: state.language, data: scope ?? state.data) ?? []
            values.rule = RequestRuleValues(imageURL: image.url, words: words)
            return .embed(entry.template, SpecializedComponentContext(values))
        default:
            return .html("")
        }
    }
}
