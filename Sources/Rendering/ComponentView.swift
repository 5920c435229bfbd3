import Definitions
import Template
/// The typed view model every component template reads. One struct for all types keeps
/// lookups a plain `switch` (no dictionaries, no `Any`); a key a type does not use is false.
/// Built as a value, then handed to templates inside a `ComponentViewContext`.
struct ComponentView {
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
    var options: [OptionView] = []
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
    private var extra: [KeyedView.Field] = []
    /// fileUpload: `accept` for the input, the limits in words, the files already stored.
    var accept: String?
    var multiple = false
    var uploadHint = ""
    var uploadHintID = ""
    var uploadLabel = ""
    var files: [UploadedFileView] = []
    let ui: Words

    init(ui: Words) { self.ui = ui }

    /// Sets a value of the `extra` kind (the first one set for a key wins).
    mutating func set(_ key: ViewKey, _ value: TemplateValue) {
        extra.append(KeyedView.Field(key: key, value: value))
    }

    func extra(_ key: ViewKey) -> TemplateValue? {
        for index in extra.indices where extra[index].key == key { return extra[index].value }
        return nil
    }
}

/// One choice of a select, radio group or checkbox group.
struct OptionView {
    /// Nil for a select's options, which need no id of their own.
    let id: String?
    let value: String
    let label: String
    let selected: Bool

    /// A field's options as the page prints them. A radio's or checkbox's id is its own, the
    /// first being the field's (so the label and the error summary point at it): `fieldID-2`,
    /// `fieldID-3`…; a select's options have none. `reserve` takes each further id (the general
    /// path's `FieldIDs`, which moves one that another element holds).
    static func views(_ options: [Option], fieldID: String, type: ComponentType, chosen: Set<String>,
                      reserve: (String) -> String = { $0 }, label: (Option) -> String) -> [OptionView] {
        options.enumerated().map { offset, option in
            OptionView(id: type == .select ? nil : offset == 0 ? fieldID : reserve("\(fieldID)-\(offset + 1)"),
                       value: option.value, label: label(option), selected: chosen.contains(option.value))
        }
    }

    /// What an option's row answers, for every view that lists options.
    func value(for key: TemplateKey) -> TemplateValue? {
        switch ViewKey(key) {
        case .id: id.map(TemplateValue.text) ?? .bool(false)
        case .value: .text(value)
        case .label: .text(label)
        case .selected: .bool(selected)
        default: nil
        }
    }
}

/// Options worked out per request (read from the data), as rows that answer every name an
/// option's markup reads, the field's too: a kept list's body finds nothing outside its rows.
final class OptionRows: TemplateRows {
    let options: [OptionView]
    let name: String
    let invalid: Bool
    let disabled: Bool

    init(_ options: [OptionView], name: String, invalid: Bool, disabled: Bool) {
        self.options = options
        self.name = name
        self.invalid = invalid
        self.disabled = disabled
    }

    var count: Int { options.count }

    func value(for key: TemplateKey, row: Int) -> TemplateValue? {
        switch ViewKey(key) {
        case .name: .text(name)
        case .invalid: .bool(invalid)
        case .disabled: .bool(disabled)
        default: options[row].value(for: key)
        }
    }
}

/// A component as templates see it: its view, and its choices as rows (one object for both, so
/// a 30-option select allocates nothing per option). In an option row, `name`, `invalid` and
/// `disabled` fall through to the component.
final class ComponentViewContext: TemplateContext, TemplateRows {
    let view: ComponentView

    init(_ view: consuming ComponentView) {
        self.view = view
    }

    /// Reads `view`'s fields one by one: calling a method on the stored struct would copy all
    /// of it on every lookup.
    func value(for key: TemplateKey) -> TemplateValue? {
        switch ViewKey(key) {
        case .id: .text(view.id)
        case .name: .text(view.name)
        case .label: .text(view.label)
        case .hint: .optional(view.hint)
        case .hintID: .text(view.hintID)
        case .error: .optional(view.error)
        case .errorID: .text(view.errorID)
        case .describedBy: .optional(view.describedBy)
        case .invalid: .bool(view.invalid)
        case .disabled: .bool(view.disabled)
        case .value: .text(view.value)
        case .inputType: .text(view.inputType)
        case .inputMode: .optional(view.inputMode)
        case .autocomplete: .optional(view.autocomplete)
        case .placeholder: .optional(view.placeholder)
        case .prefix: .optional(view.prefix)
        case .suffix: .optional(view.suffix)
        case .spellcheckOff: .bool(view.spellcheckOff)
        case .rows: .number(Double(view.rows))
        case .options: .rows(self)
        case .emptyLabel: .text(view.emptyLabel)
        case .group: .bool(view.group)
        case .checked: .bool(view.checked)
        case .html: view.html.map(TemplateValue.html) ?? .bool(false)
        case .title: .optional(view.title)
        case .subtitle: .optional(view.subtitle)
        case .children: .list(view.children)
        case .direction: .text(view.direction)
        case .kind: .text(view.kind)
        case .kindLabel: .text(view.kindLabel)
        case .variant: .text(view.variant)
        case .formAction: .text(view.formAction)
        case .formNoValidate: .bool(view.formNoValidate)
        case .url: .text(view.url)
        case .newTab: .bool(view.newTab)
        case .identifier: .text(view.identifier)
        case .changeURL: .optional(view.changeURL)
        case .alt: .text(view.alt)
        case .width: view.width.map { .number(Double($0)) } ?? .bool(false)
        case .height: view.height.map { .number(Double($0)) } ?? .bool(false)
        case .accept: .optional(view.accept)
        case .multiple: .bool(view.multiple)
        case .uploadHint: .text(view.uploadHint)
        case .uploadHintID: .text(view.uploadHintID)
        case .uploadLabel: .text(view.uploadLabel)
        case .files: .list(view.files.map { .object($0) })
        case .hasFiles: .bool(!view.files.isEmpty)
        case .ui: .object(view.ui)
        case let other?: view.extra(other)
        case nil: nil
        }
    }

    var count: Int { view.options.count }

    func value(for key: TemplateKey, row: Int) -> TemplateValue? {
        view.options[row].value(for: key)
    }
}
