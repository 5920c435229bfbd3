/// The typed view model every component template reads. One struct for all types keeps
/// lookups a plain `switch` (no dictionaries, no `Any`); a key a type does not use is false.
struct ComponentView: TemplateContext {
    var id = ""
    var name = ""
    var label = ""
    var hint: String?
    var hintID = ""
    var error: String?
    var errorID = ""
    var describedBy: String?
    var invalid = false
    var disabled = false
    var value = ""
    var inputType = "text"
    var inputMode: String?
    var autocomplete: String?
    var placeholder: String?
    var prefix: String?
    var suffix: String?
    var spellcheckOff = false
    var rows = 5
    /// The choices, already as template values: a template reads them more than once.
    var options: [TemplateValue] = []
    var emptyLabel = ""
    var group = false
    var checked = false
    var html: String?
    var title: String?
    var subtitle: String?
    var children: [TemplateValue] = []
    var direction = "column"
    var kind = "info"
    var kindLabel = ""
    var variant = "primary"
    var formAction = ""
    var formNoValidate = false
    var url = ""
    var newTab = false
    var identifier = ""
    var changeURL: String?
    /// Image: the text alternative ("" for a decorative image) and the intrinsic size, if given.
    var alt = ""
    var width: Int?
    var height: Int?
    /// Values only the newer catalogue components read (slider bounds, table rows, collection
    /// items…), so adding a component does not grow the switch below.
    var extra: [String: TemplateValue] = [:]
    /// fileUpload: `accept` for the input, the limits in words, the files already stored.
    var accept: String?
    var multiple = false
    var uploadHint = ""
    var uploadHintID = ""
    var uploadLabel = ""
    var files: [UploadedFileView] = []
    let ui: UIStrings

    init(ui: UIStrings) { self.ui = ui }

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .text(id)
        case "name": .text(name)
        case "label": .text(label)
        case "hint": optional(hint)
        case "hintID": .text(hintID)
        case "error": optional(error)
        case "errorID": .text(errorID)
        case "describedBy": optional(describedBy)
        case "invalid": .bool(invalid)
        case "disabled": .bool(disabled)
        case "value": .text(value)
        case "inputType": .text(inputType)
        case "inputMode": optional(inputMode)
        case "autocomplete": optional(autocomplete)
        case "placeholder": optional(placeholder)
        case "prefix": optional(prefix)
        case "suffix": optional(suffix)
        case "spellcheckOff": .bool(spellcheckOff)
        case "rows": .number(Double(rows))
        case "options": .list(options)
        case "emptyLabel": .text(emptyLabel)
        case "group": .bool(group)
        case "checked": .bool(checked)
        case "html": html.map(TemplateValue.html) ?? .bool(false)
        case "title": optional(title)
        case "subtitle": optional(subtitle)
        case "children": .list(children)
        case "direction": .text(direction)
        case "kind": .text(kind)
        case "kindLabel": .text(kindLabel)
        case "variant": .text(variant)
        case "formAction": .text(formAction)
        case "formNoValidate": .bool(formNoValidate)
        case "url": .text(url)
        case "newTab": .bool(newTab)
        case "identifier": .text(identifier)
        case "changeURL": optional(changeURL)
        case "alt": .text(alt)
        case "width": width.map { .number(Double($0)) } ?? .bool(false)
        case "height": height.map { .number(Double($0)) } ?? .bool(false)
        case "accept": optional(accept)
        case "multiple": .bool(multiple)
        case "uploadHint": .text(uploadHint)
        case "uploadHintID": .text(uploadHintID)
        case "uploadLabel": .text(uploadLabel)
        case "files": .list(files.map { .object($0) })
        case "hasFiles": .bool(!files.isEmpty)
        case "ui": .object(ui)
        default: extra[key]
        }
    }

    private func optional(_ text: String?) -> TemplateValue {
        guard let text, !text.isEmpty else { return .bool(false) }
        return .text(text)
    }
}

/// One choice of a select, radio group or checkbox group. `name`, `invalid` and
/// `disabled` come from the enclosing component through the context stack.
struct OptionView: TemplateContext {
    let id: String
    let value: String
    let label: String
    let selected: Bool

    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": .text(id)
        case "value": .text(value)
        case "label": .text(label)
        case "selected": .bool(selected)
        default: nil
        }
    }
}
