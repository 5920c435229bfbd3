/// A simplified accessible-name computation (the parts of W3C accname that FlowStage markup
/// uses): `aria-labelledby`, then `aria-label`, then the element's own label or content, then
/// `title`. Enough to tell a named control from an unnamed one without a browser.
extension HTMLElement {
    /// Text as assistive technology reads it: `aria-hidden` subtrees skipped, images by their `alt`.
    public var accessibleText: String {
        var parts: [String] = []
        collectAccessible(&parts)
        return parts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func collectAccessible(_ parts: inout [String]) {
        for node in order {
            switch node {
            case .text(let text): parts.append(text)
            case .element(let element):
                if element["aria-hidden"] == "true" || element.tag == "script" || element.tag == "style" { continue }
                if element.tag == "img" { parts.append(element["alt"] ?? ""); continue }
                element.collectAccessible(&parts)
            }
        }
    }

    /// The name of a link, button or control; empty when it has none. `page` resolves ids.
    func accessibleName(in page: PageIndex) -> String {
        if let ids = self["aria-labelledby"] {
            let name = ids.split(separator: " ").compactMap { page.byID[String($0)]?.accessibleText }.joined(separator: " ")
            if !name.isBlank { return name.trimmed }
        }
        if let label = self["aria-label"], !label.isBlank { return label.trimmed }
        if ["input", "select", "textarea"].contains(tag) {
            if let id = self["id"], !id.isEmpty {
                let name = page.labels(for: id).map(\.accessibleText).joined(separator: " ")
                if !name.isBlank { return name.trimmed }
            }
            if let label = ancestors().first(where: { $0.tag == "label" }), !label.accessibleText.isBlank {
                return label.accessibleText
            }
            if tag == "input", ["submit", "reset", "button"].contains(self["type"] ?? ""), let value = self["value"], !value.isBlank {
                return value.trimmed
            }
        } else if !accessibleText.isBlank {
            return accessibleText
        }
        return (self["title"] ?? "").trimmed
    }

    /// A CSS selector that finds this element: `tag#id` when it has an id, else the path from
    /// the nearest ancestor with an id, `:nth-of-type` where a tag repeats among siblings.
    public var selector: String {
        if let id = self["id"], !id.isEmpty { return tag + Self.idSelector(id) }
        var steps: [String] = []
        var node: HTMLElement? = self
        while let current = node, current.tag != "#document" {
            if let id = current["id"], !id.isEmpty {
                steps.append(current.tag + Self.idSelector(id))
                break
            }
            var step = current.tag
            if let siblings = current.parent?.children.filter({ $0.tag == current.tag }), siblings.count > 1,
               let index = siblings.firstIndex(where: { $0 === current }) {
                step += ":nth-of-type(\(index + 1))"
            }
            steps.append(step)
            node = current.parent
        }
        return steps.reversed().joined(separator: " > ")
    }

    private static func idSelector(_ id: String) -> String {
        let plain = id.first?.isLetter == true && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        return plain ? "#" + id : "[id=\"\(id)\"]"
    }
}

extension String {
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
    var trimmed: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}
