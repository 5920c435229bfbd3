/// What a screen reader announces on a page, in reading order: the landmarks, the headings
/// with their levels, the groups (fieldsets) and each control, link and image with its
/// accessible name, role, state, description and error. Computed from the rendered HTML
/// with the audit's parser and accessible-name rules, so the sign-off report and the
/// inspector show what the audit checked, not what the designer meant.
///
/// Roles and states are the WAI-ARIA tokens (`textbox`, `combobox`, `required`, `checked`):
/// screen readers word them in the user's language, so the outline names them the way the
/// specification does.
public struct ScreenReaderOutline: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public enum Kind: String, Sendable { case landmark, heading, group, control, image }
        public let kind: Kind
        /// The ARIA role: `main`, `navigation`, `heading`, `group`, `textbox`, `button`, `link`, …
        public let role: String
        /// The heading's level (1–6); nil for everything else.
        public let level: Int?
        public let name: String
        /// A text field's value or a select's chosen option, as announced after the role.
        public let value: String
        /// `required`, `checked` / `not checked`, `expanded` / `collapsed`, `disabled`, `invalid`, `selected`.
        public let states: [String]
        /// The `aria-describedby` texts that are not the error: the hint.
        public let description: String
        /// The error message the control points to (`aria-errormessage`, or an `aria-describedby`
        /// target that is an error message).
        public let error: String
        /// The landmarks it sits in, outermost first (`["main", "form"]`).
        public let landmarks: [String]

        /// The item as one announcement: "Full name, textbox, required, invalid, Enter your name as on your passport, Error: Enter your full name".
        public var announcement: String {
            var parts: [String]
            switch kind {
            case .landmark: parts = [role + " landmark", name]
            case .heading: parts = ["heading level \(level ?? 2)", name]
            case .group, .control, .image: parts = [name, role]
            }
            parts += [value] + states + [description, error]
            return parts.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    public let items: [Item]

    public init(items: [Item]) { self.items = items }

    public init(html: String) { self.init(PageIndex(html: html)) }

    /// Walks the body in document order, skipping what assistive technology does not reach:
    /// `hidden` and `aria-hidden="true"` subtrees, hidden inputs, scripts, styles, templates.
    public init(_ page: PageIndex) {
        var items: [Item] = []
        func walk(_ element: HTMLElement, landmarks: [String]) {
            for child in element.children where !Self.isHidden(child) {
                var inner = landmarks
                if let item = Self.item(child, in: page, landmarks: landmarks) {
                    items.append(item)
                    if item.kind == .landmark { inner.append(item.role) }
                }
                walk(child, landmarks: inner)
            }
        }
        walk(page.all("body").first ?? page.root, landmarks: [])
        self.items = items
    }

    static let skipped: Set<String> = ["head", "script", "style", "template", "noscript"]
    static let landmarkRoles: Set<String> = ["banner", "navigation", "main", "contentinfo", "complementary", "region", "form", "search"]
    static let widgetRoles: Set<String> = ["button", "link", "checkbox", "radio", "switch", "textbox", "combobox", "listbox",
                                           "spinbutton", "slider", "searchbox", "tab", "menuitem", "option"]
    /// A header or footer inside these is not the page's banner or contentinfo.
    static let sectioning: Set<String> = ["article", "aside", "main", "nav", "section"]

    static func isHidden(_ element: HTMLElement) -> Bool {
        skipped.contains(element.tag) || element["hidden"] != nil || element["aria-hidden"] == "true"
            || (element.tag == "input" && element["type"]?.lowercased() == "hidden")
    }

    static func item(_ element: HTMLElement, in page: PageIndex, landmarks: [String]) -> Item? {
        let explicit = element["role"]?.split(separator: " ").first.map { String($0).lowercased() }
        if let role = landmarkRole(element, explicit: explicit, in: page) {
            return Item(kind: .landmark, role: role, level: nil, name: labelledName(element, in: page), value: "", states: [],
                        description: "", error: "", landmarks: landmarks)
        }
        if let level = headingLevel(element, explicit: explicit) {
            return Item(kind: .heading, role: "heading", level: level, name: element.accessibleText, value: "", states: [],
                        description: "", error: "", landmarks: landmarks)
        }
        if element.tag == "fieldset" || explicit == "group" || explicit == "radiogroup" {
            let legend = element.children.first { $0.tag == "legend" }
            let name = labelledName(element, in: page).isEmpty ? (legend?.accessibleText ?? "") : labelledName(element, in: page)
            let (description, error) = descriptions(element, in: page)
            return Item(kind: .group, role: explicit ?? "group", level: nil, name: name, value: "",
                        states: isDisabled(element) ? ["disabled"] : [], description: description, error: error, landmarks: landmarks)
        }
        if element.tag == "img" || explicit == "img" {
            let alt = element["alt"] ?? ""
            guard !alt.isBlank || explicit == "img" else { return nil }
            let name = element["aria-label"] ?? element["aria-labelledby"].map { _ in element.accessibleName(in: page) } ?? alt
            return Item(kind: .image, role: "img", level: nil, name: name.trimmed, value: "", states: [],
                        description: "", error: "", landmarks: landmarks)
        }
        guard let role = widgetRole(element, explicit: explicit) else { return nil }
        let (description, error) = descriptions(element, in: page)
        return Item(kind: .control, role: role, level: nil, name: element.accessibleName(in: page), value: value(element, role: role),
                    states: states(element, role: role), description: description, error: error, landmarks: landmarks)
    }

    static func landmarkRole(_ element: HTMLElement, explicit: String?, in page: PageIndex) -> String? {
        if let explicit { return landmarkRoles.contains(explicit) ? explicit : nil }
        let insideSectioning = element.ancestors().contains { sectioning.contains($0.tag) }
        switch element.tag {
        case "main": return "main"
        case "nav": return "navigation"
        case "aside": return "complementary"
        case "search": return "search"
        case "header": return insideSectioning ? nil : "banner"
        case "footer": return insideSectioning ? nil : "contentinfo"
        // A section or form is a landmark only when it is named.
        case "section": return labelledName(element, in: page).isEmpty ? nil : "region"
        case "form": return labelledName(element, in: page).isEmpty ? nil : "form"
        default: return nil
        }
    }

    static func headingLevel(_ element: HTMLElement, explicit: String?) -> Int? {
        if explicit == "heading" { return Int(element["aria-level"] ?? "") ?? 2 }
        guard element.tag.count == 2, element.tag.first == "h", let level = Int(element.tag.dropFirst()), (1...6).contains(level) else { return nil }
        return level
    }

    static func widgetRole(_ element: HTMLElement, explicit: String?) -> String? {
        if let explicit, widgetRoles.contains(explicit) { return explicit }
        switch element.tag {
        case "a": return element["href"] == nil ? nil : "link"
        case "button", "summary": return "button"
        case "textarea": return "textbox"
        case "select": return element["multiple"] != nil || (Int(element["size"] ?? "") ?? 1) > 1 ? "listbox" : "combobox"
        case "input":
            switch (element["type"] ?? "text").lowercased() {
            case "submit", "reset", "button", "image": return "button"
            case "checkbox": return "checkbox"
            case "radio": return "radio"
            case "range": return "slider"
            case "number": return "spinbutton"
            case "search": return "searchbox"
            // Browsers expose a file input as a button that opens the file chooser.
            case "file": return "button"
            default: return "textbox"
            }
        default: return nil
        }
    }

    /// `aria-label` or `aria-labelledby` only: what names a landmark or a group.
    static func labelledName(_ element: HTMLElement, in page: PageIndex) -> String {
        guard element["aria-labelledby"] != nil || element["aria-label"] != nil else { return "" }
        return element.accessibleName(in: page)
    }

    static func value(_ element: HTMLElement, role: String) -> String {
        switch element.tag {
        case "select":
            let options = element.all("option")
            return (options.first { $0["selected"] != nil } ?? (role == "combobox" ? options.first : nil))?.accessibleText ?? ""
        case "textarea": return element.text
        case "input" where ["textbox", "searchbox", "spinbutton", "slider"].contains(role): return (element["value"] ?? "").trimmed
        default: return ""
        }
    }

    static func states(_ element: HTMLElement, role: String) -> [String] {
        var states: [String] = []
        if element["required"] != nil || element["aria-required"] == "true" { states.append("required") }
        if ["checkbox", "radio", "switch"].contains(role) {
            let checked = element["aria-checked"].map { $0 == "true" } ?? (element["checked"] != nil)
            states.append(checked ? "checked" : "not checked")
        }
        if element.tag == "summary", let details = element.parent, details.tag == "details" {
            states.append(details["open"] != nil ? "expanded" : "collapsed")
        } else if let expanded = element["aria-expanded"] {
            states.append(expanded == "true" ? "expanded" : "collapsed")
        }
        if element["aria-selected"] == "true" || element["aria-current"].map({ $0 != "false" }) == true { states.append("selected") }
        if isDisabled(element) { states.append("disabled") }
        if element["aria-invalid"].map({ $0 != "false" }) == true { states.append("invalid") }
        return states
    }

    /// Disabled itself, by `aria-disabled`, or inside a disabled fieldset (outside its legend).
    static func isDisabled(_ element: HTMLElement) -> Bool {
        if element["disabled"] != nil || element["aria-disabled"] == "true" { return true }
        return element.ancestors().contains { ancestor in
            ancestor.tag == "fieldset" && ancestor["disabled"] != nil
                && !(ancestor.children.first { $0.tag == "legend" }.map { legend in element.ancestors().contains { $0 === legend } } ?? false)
        }
    }

    /// The `aria-describedby` texts, split into the description and the error: a target that is
    /// `aria-errormessage`, or whose class names an error message, is the error.
    static func descriptions(_ element: HTMLElement, in page: PageIndex) -> (description: String, error: String) {
        let errorIDs = Set((element["aria-errormessage"] ?? "").split(separator: " ").map(String.init))
        var described: [String] = [], errors: [String] = []
        for id in (element["aria-describedby"] ?? "").split(separator: " ").map(String.init) {
            guard let target = page.byID[id] else { continue }
            let isError = errorIDs.contains(id) || (target["class"] ?? "").split(separator: " ").contains { $0.contains("error-message") }
            if isError { errors.append(target.accessibleText) } else { described.append(target.accessibleText) }
        }
        for id in errorIDs where !(element["aria-describedby"] ?? "").split(separator: " ").contains(Substring(id)) {
            if let target = page.byID[id] { errors.append(target.accessibleText) }
        }
        return (described.filter { !$0.isBlank }.joined(separator: " "), errors.filter { !$0.isBlank }.joined(separator: " "))
    }
}
