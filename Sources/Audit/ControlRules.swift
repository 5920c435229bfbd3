/// Rules about what a person operates or perceives: controls, groups, links, buttons, images.
enum ControlRules {
    static let labelledControls: Set<String> = ["input", "select", "textarea"]
    /// Inputs that are buttons (named by `value`) or not shown.
    static let nonFieldInputs: Set<String> = ["hidden", "submit", "reset", "button", "image"]

    static func controlLabels(_ page: PageIndex) -> [Violation] {
        page.elements.filter { labelledControls.contains($0.tag) && !($0.tag == "input" && nonFieldInputs.contains(($0["type"] ?? "").lowercased())) }
            .compactMap { control in
                control.accessibleName(in: page).isBlank
                    ? Violation(.controlLabel, control.selector,
                                "\(control.tag) has no label; add <label for=\"\(control["id"] ?? "its-id")\"> with visible text")
                    : nil
            }
    }

    /// Radio buttons always, checkboxes when several share a name: the group needs a fieldset
    /// whose legend (its first child) has text, so the question is read with each option.
    /// A group is the controls of one name *in one form* (what is posted together): a page
    /// with one form per section (the gallery, `single` navigation) may reuse a name.
    static func groups(_ page: PageIndex) -> [Violation] {
        func group(_ input: HTMLElement) -> String {
            // The form named by `form=`, else the enclosing one (its identity: forms may have no id).
            let form = input["form"].map { "#" + $0 }
                ?? input.ancestors().first { $0.tag == "form" }.map { String(describing: ObjectIdentifier($0)) } ?? ""
            return form + " " + (input["name"] ?? "")
        }
        var checkboxGroups: [String: Int] = [:]
        for box in page.elements where box.tag == "input" && box["type"]?.lowercased() == "checkbox" {
            checkboxGroups[group(box), default: 0] += 1
        }
        var found: [Violation] = []
        var reported = Set<String>()
        for input in page.elements where input.tag == "input" {
            let type = input["type"]?.lowercased() ?? ""
            let name = input["name"] ?? ""
            guard type == "radio" || (type == "checkbox" && !name.isEmpty && checkboxGroups[group(input)]! > 1) else { continue }
            let fieldset = input.ancestors().first { $0.tag == "fieldset" }
            let legend = fieldset?.children.first.flatMap { $0.tag == "legend" ? $0 : nil }
            guard legend == nil || legend!.accessibleText.isBlank, reported.insert(type + group(input)).inserted else { continue }
            let group = type == "radio" ? "radio group" : "checkbox group"
            found.append(Violation(.groupFieldset, input.selector, fieldset == nil
                ? "the \(group) \"\(name)\" is not in a fieldset; wrap it in <fieldset> with a <legend> asking the question"
                : "the fieldset of the \(group) \"\(name)\" has no legend with text as its first child"))
        }
        return found
    }

    static func linkNames(_ page: PageIndex) -> [Violation] {
        page.elements.filter { $0.tag == "a" && $0["href"] != nil && $0["aria-hidden"] != "true" }.compactMap { link in
            link.accessibleName(in: page).isBlank
                ? Violation(.linkName, link.selector, "the link to \(link["href"]!) has no text; say where it leads") : nil
        }
    }

    static func buttonNames(_ page: PageIndex) -> [Violation] {
        page.elements.filter { $0.tag == "button" || ($0.tag == "input" && $0["type"]?.lowercased() == "button") || $0["role"] == "button" }
            .compactMap { button in
                button.accessibleName(in: page).isBlank
                    ? Violation(.buttonName, button.selector, "the button has no text; say what it does") : nil
            }
    }

    static func imageAlt(_ page: PageIndex) -> [Violation] {
        page.elements.filter { ($0.tag == "img" || ($0.tag == "input" && $0["type"]?.lowercased() == "image")) && $0["alt"] == nil }
            .map { image in
                Violation(.imageAlt, image.selector,
                          "\(image["src"] ?? "the image") has no alt; describe it, or write alt=\"\" when it is decorative")
            }
    }
}
