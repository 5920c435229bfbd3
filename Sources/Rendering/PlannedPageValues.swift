import Template

/// What a planned page asks per request: the names its `value(for:)` answers (which are what
/// a page plan leaves dynamic, `answers`), and each inlined component's own (`TemplateKey.part`
/// is its index in `parts`). Everything else the page, screen and form templates print is fixed
/// by the plan's key, or by the conditions under which a page is planned (`Renderer.planKey`).
final class PlannedPageValues: TemplateContext {
    /// The three settings a page prints per request, not a copy of all of them, which retained
    /// each of their strings and lists (the session's, shared by every request on it).
    let appearance: String
    let device: String
    let csrf: String
    let title: String
    let themeURL: String
    let generation: TemplateValue
    let notice: TemplateValue
    let closeURL: TemplateValue
    let stepper: TemplateValue
    let tabs: TemplateValue
    let heading: String
    /// Per form (one per task on the page): the names bound to its row.
    let forms: [FormRequestValues]
    let errors: TemplateValue
    let actionError: TemplateValue
    /// The process map beside the form (`false` for none).
    let map: TemplateValue
    /// Per shown component: a specialized one's request values (a placeholder for a whole part).
    let parts: [FieldRequestValues]
    /// Per part drawn whole for this request, in order: its embedded template and view
    /// (`ScreenViewBuilder.view`) or its printed markup. Apart from `parts`, so a lookup reads
    /// the values in place instead of copying them out of an enum.
    let wholes: [TemplateValue]

    init(settings: borrowing PageSettings, title: String, themeURL: String, generation: TemplateValue, notice: TemplateValue,
         closeURL: TemplateValue, stepper: TemplateValue, tabs: TemplateValue, heading: String, forms: [FormRequestValues],
         errors: TemplateValue, actionError: TemplateValue, map: TemplateValue, parts: [FieldRequestValues],
         wholes: [TemplateValue]) {
        (appearance, device, csrf) = (settings.appearance, settings.device, settings.csrf)
        self.title = title; self.themeURL = themeURL; self.generation = generation
        self.notice = notice; self.closeURL = closeURL; self.stepper = stepper; self.tabs = tabs; self.heading = heading
        self.forms = forms
        self.errors = errors; self.actionError = actionError; self.map = map; self.parts = parts; self.wholes = wholes
    }

    /// Whether a request answers `key` (outside the components): the rest is written into the
    /// plan. The map only on a page that `showsMap` (the plan's key says whether it does).
    static func answers(_ key: TemplateKey, showsMap: Bool) -> Bool {
        probe.value(for: key) != nil && (showsMap || ViewKey(key) != .map)
    }

    private static let probe = PlannedPageValues(
        settings: PageSettings(language: "en", theme: "default", appearance: "auto", csrf: ""), title: "", themeURL: "",
        generation: .bool(false), notice: .bool(false), closeURL: .bool(false), stepper: .bool(false), tabs: .bool(false), heading: "",
        forms: [FormRequestValues(action: "", multipart: false, canGoBack: false, backURL: "")], errors: .list([]),
        actionError: .bool(false), map: .bool(false), parts: [], wholes: [])

    func value(for key: TemplateKey) -> TemplateValue? {
        if key.part >= 0 {
            guard key.part < parts.count else { return nil }
            if let whole = parts[key.part].whole { return wholes[Int(whole)] }
            return FieldRequestValues.value(key, of: parts, at: key.part)
        }
        return switch ViewKey(key) {
        case .appearance: .text(appearance)
        case .device: .text(device)
        case .generation: generation
        case .title: .text(title)
        case .themeURL: .text(themeURL)
        case .notice: notice
        case .closeURL: closeURL
        case .stepper: stepper
        case .tabs: tabs
        case .heading: .text(heading)
        // A form's names are bound to its row (`KeyedRows`); the probe asks with none.
        case .formAction: .text(forms[max(key.row, 0)].action)
        case .multipart: .bool(forms[max(key.row, 0)].multipart)
        case .canGoBack: .bool(forms[max(key.row, 0)].canGoBack)
        case .backURL: .text(forms[max(key.row, 0)].backURL)
        case .csrf: .text(csrf)
        case .errors: errors
        case .actionError: actionError
        case .map: map
        default: nil
        }
    }
}

/// What a page's form asks per request: where it posts, and its Back.
struct FormRequestValues {
    let action: String
    /// Fixed by the task's components; kept in the plan (`ScreenPlan.forms`).
    let multipart: Bool
    let canGoBack: Bool
    let backURL: String
}
