import Definitions
import Expressions
import Template

/// Turns the runtime's screen state into component view models, allocating field ids as
/// it goes so the error summary can link to them.
struct ScreenViewBuilder {
    /// What the builder reads and never changes, behind one reference: a builder is copied
    /// where a method reads it (`text(_:)` from a mutating one copied it whole, a retain per
    /// reference the project and the state hold), and a copy should cost one retain.
    private final class Inputs: Sendable {
        let templates: TemplateSet
        let project: Project
        let links: any PageLinks
        let markdown: MarkdownCache
        let state: ScreenState
        let ui: Words

        init(templates: TemplateSet, project: Project, links: any PageLinks, markdown: MarkdownCache, state: ScreenState, ui: Words) {
            self.templates = templates; self.project = project; self.links = links
            self.markdown = markdown; self.state = state; self.ui = ui
        }
    }

    private let inputs: Inputs
    var templates: TemplateSet { inputs.templates }
    var project: Project { inputs.project }
    var links: any PageLinks { inputs.links }
    var markdown: MarkdownCache { inputs.markdown }
    var state: ScreenState { inputs.state }
    var ui: Words { inputs.ui }
    var ids = FieldIDs()
    /// Swift providers of custom components, asked before the project's custom templates.
    var customComponents = CustomComponentRegistry()
    /// Inside a collection item: the data with `$item` and `$index`, for texts.
    var scope: JSONValue?
    /// Inside collection items: their positions, outermost first, which a list's buttons post.
    var rows: [Int] = []
    /// Components specialized at load, and the page language's index among them (-1: none).
    var specialized = SpecializedComponents.none
    var languageIndex = -1
    /// At load, while specializing: every component's view, by `Component.identity`.
    var recorded: [ObjectIdentifier: ComponentView]?

    /// `ids` are those already used on the page (earlier sections of a `single` page).
    init(templates: TemplateSet, project: Project, links: any PageLinks, markdown: MarkdownCache,
         state: ScreenState, ui: Words, ids: FieldIDs = FieldIDs()) {
        inputs = Inputs(templates: templates, project: project, links: links, markdown: markdown, state: state, ui: ui)
        self.ids = ids
    }

    mutating func build(_ components: [ResolvedComponent]) -> [TemplateValue] {
        components.map { view($0) }
    }

    func text(_ text: Text?) -> String? {
        text?.resolve(project.tags, language: state.language, data: scope ?? state.data)
    }

    func textProperty(_ component: Component, _ key: String) -> String? {
        text(component.text(key))
    }

    mutating func view(_ resolved: ResolvedComponent) -> TemplateValue {
        let component = resolved.definition
        // A collection's item components have entries of their own (their ids hold the item's
        // index); a custom component's Swift provider comes before its template's entry.
        if let entry = specialized.entry(for: component, language: languageIndex, data: state.data),
           component.type != .custom || customComponents.provider(for: component.properties["identifier"]?.stringValue ?? "custom") == nil {
            return specializedView(entry, resolved)
        }
        var view = ComponentView(ui: ui)
        view.id = ids.allocate(component.htmlID, key: component.key?.description)
        view.disabled = resolved.disabled
        view.label = text(component.label) ?? ""
        view.title = text(component.title)
        if component.type.isField, let key = component.key {
            fillField(&view, component: component, key: key, resolved: resolved)
        }
        var templateName = component.type.rawValue
        switch component.type {
        case .input:
            switch component.inputType ?? "text" {
            case "number": view.inputType = "text"; view.inputMode = "decimal"; view.spellcheckOff = true
            case "email": view.inputType = "email"; view.spellcheckOff = true
            case "time", "datetime-local": fillTemporal(&view, inputType: component.inputType ?? "")
            case let other: view.inputType = other
            }
            view.prefix = textProperty(component, "prefix")
            view.suffix = textProperty(component, "suffix")
            describeAffixes(&view)
        case .textarea:
            view.rows = component.properties["rows"]?.numberValue.map { max(1, min(40, Int($0))) } ?? 5
            fillCounter(&view, component)
        case .select:
            view.emptyLabel = textProperty(component, "emptyLabel") ?? ui["selectOption"]
        case .checkbox:
            view.group = component.isCheckboxGroup
            view.checked = state.isChecked(resolved)
        case .segmented, .multiselect, .switch, .slider, .datepicker, .table, .collection:
            fillTypeSpecific(&view, resolved)
        case .fileUpload:
            fillUpload(&view, component: component)
        case .button where component.action.flatMap({ state.task.action(named: $0) })?.kind == .link:
            // A `link` action posts nothing: it is a real link, styled as the button.
            let definition = component.action.flatMap { state.task.action(named: $0) }
            view.variant = component.variant ?? "primary"
            view.url = SafeURL.check(definition?.url) ?? "#"
            view.newTab = definition?.newTab ?? false
            templateName = "actionLink"
        case .button:
            view.variant = component.variant ?? "primary"
            view.formAction = PostTarget(component, task: state.task)?.url(links, instance: state.instanceID) ?? ""
            if let action = component.action {
                let definition = state.task.action(named: action)
                view.formNoValidate = definition.map { $0.kind != .submit || !$0.validate } ?? false
                // A list's button names the rows it is in (`ListKey`): a row's Remove button says
                // which row it removes, to the server and to the ear.
                if let posted = definition?.posted(rows: rows) {
                    view.name = "_item"
                    view.value = posted
                    if definition?.kind == .removeItem, let row = rows.last { view.label += " " + ui.number(Double(row + 1)) }
                }
            } else if component.event != nil {
                view.formNoValidate = !component.validate
            }
        case .text:
            view.html = component.markdown.map { markdown.render($0, tags: project.tags, language: state.language, data: scope ?? state.data) }
        case .message:
            view.kind = component.kind ?? "info"
            view.kindLabel = ui["kind." + view.kind]
            view.html = component.markdown.map { markdown.render($0, tags: project.tags, language: state.language, data: scope ?? state.data) }
        case .card, .container:
            view.subtitle = textProperty(component, "subtitle")
            // `fieldset: true`: the card groups fields, named by a legend (a form-js group).
            view.group = component.type == .card && component.properties["fieldset"]?.boolValue == true
            view.direction = component.properties["direction"]?.stringValue == "row" ? "row" : "column"
            view.children = build(resolved.children)
        case .image:
            // Nothing, but as a part of its own: a plan asks the next page for it again.
            guard let image = ImageSource(media: project.media, tags: project.tags, links: links)
                .resolve(component, data: scope ?? state.data, language: state.language) else {
                return .embed(templates.nothing, KeyedView([]))
            }
            view.url = image.url
            view.alt = image.alt
            view.width = image.width
            view.height = image.height
        case .link:
            view.url = SafeURL.check(component.properties["url"]?.stringValue) ?? "#"
            view.newTab = component.properties["newTab"]?.boolValue ?? false
        case .custom:
            let identifier = component.properties["identifier"]?.stringValue ?? "custom"
            view.identifier = identifier
            if let custom = customView(view, component, resolved: resolved) { return custom }
            if let template = templates.custom[identifier] {
                recorded?[component.identity] = view
                return .embed(template, ComponentViewContext(view))
            }
            templateName = "unsupported"
        default:
            break
        }
        guard let template = templates.components[templateName] else {
            view.identifier = component.type.rawValue
            return .embed(templates.components["unsupported"]!, ComponentViewContext(view))
        }
        recorded?[component.identity] = view
        return .embed(template, ComponentViewContext(view))
    }

    private mutating func fillField(_ view: inout ComponentView, component: Component, key: DataPath,
                                    resolved: ResolvedComponent) {
        view.name = key.description
        // An optional field says so after its label ("(optional)", as the catalogue's start form does).
        if component.isRequired { view.set(.required, .bool(true)) }
        view.hint = text(component.hint)
        view.placeholder = text(component.placeholder)
        view.autocomplete = component.autocomplete
        view.error = state.errors(for: key).first?.message
        view.invalid = view.error != nil
        var described: [String] = []
        if view.hint != nil {
            view.hintID = ids.reserve(view.id + "-hint")
            described.append(view.hintID)
        }
        if view.invalid {
            view.errorID = ids.reserve(view.id + "-error")
            described.append(view.errorID)
        }
        view.describedBy = described.isEmpty ? nil : described.joined(separator: " ")
        if let change = component.change {
            view.changeURL = links.action(state.instanceID, change)
        }
        let (current, shown) = state.shownValue(key, resolved)
        view.value = shown
        if let parentKey = project.waitsForParent(component, data: state.data) {
            view.hint = DataWords.WaitingHint.written(own: view.hint, parentLabel: text(state.task.parentLabel(parentKey)),
                                                      parentKey: parentKey, ui: ui)
            if view.hintID.isEmpty {
                view.hintID = ids.reserve(view.id + "-hint")
                view.describedBy = ([view.hintID] + (view.describedBy.map { [$0] } ?? [])).joined(separator: " ")
            }
        }
        let options = project.options(for: component, data: state.data, language: state.language)
        if !options.isEmpty {
            // Labels are texts: in a collection's item, `${$item…}` reads the item.
            let (tags, language, data) = (project.tags, state.language, scope ?? state.data)
            view.options = OptionView.views(options, fieldID: view.id, type: component.type, chosen: current.chosenValues,
                                            reserve: { ids.reserve($0) }) { $0.label.resolve(tags, language: language, data: data) }
        }
    }
}

extension UserTask {
    /// The words naming the field of this screen that holds `key` (its label, else its title):
    /// a child list waiting for it names it.
    func parentLabel(_ key: DataPath) -> Text? {
        let field = screen.flatMap(\.flattened).first { $0.key == key }
        return field?.label ?? field?.title
    }
}

extension JSONValue {
    func value(at path: DataPath) -> JSONValue { path.get(in: self) }
}

/// Links a designer writes: only what `SafeLink` allows (http(s), mailto, tel, site-relative
/// paths, fragments) reaches a page — the same rule as a `link` action's load check.
enum SafeURL {
    static func check(_ url: String?) -> String? {
        guard let url = url?.trimmingCharacters(in: .whitespaces), !url.isEmpty, SafeLink.isSafe(url) else { return nil }
        return url
    }
}
