/// A small HTML parser, so the audit (and the tests) reason about structure (labels, ids,
/// attributes) instead of page strings. It understands what FlowStage writes: elements,
/// attributes, void elements, text, comments and a doctype; it is not a full HTML5 parser.
public final class HTMLElement: @unchecked Sendable {
    public let tag: String
    public let attributes: [String: String]
    public private(set) var children: [HTMLElement] = []
    public private(set) var textParts: [String] = []
    public weak var parent: HTMLElement?

    init(tag: String, attributes: [String: String]) {
        self.tag = tag
        self.attributes = attributes
    }

    public subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Text of this element and its descendants, whitespace collapsed.
    public var text: String {
        var parts: [String] = []
        collect(&parts)
        return parts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private func collect(_ parts: inout [String]) {
        // Text and children interleave in document order.
        for node in order {
            switch node {
            case .text(let text): parts.append(text)
            case .element(let element): element.collect(&parts)
            }
        }
    }

    enum Child { case text(String), element(HTMLElement) }
    /// Text and child elements in document order.
    private(set) var order: [Child] = []

    func append(_ element: HTMLElement) {
        element.parent = self
        children.append(element)
        order.append(.element(element))
    }

    func append(text: String) {
        textParts.append(text)
        order.append(.text(text))
    }

    /// Every descendant, depth first.
    public var descendants: [HTMLElement] {
        children.flatMap { [$0] + $0.descendants }
    }

    public func all(_ tag: String) -> [HTMLElement] {
        descendants.filter { $0.tag == tag }
    }

    public func first(_ tag: String) -> HTMLElement? { all(tag).first }

    public func element(id: String) -> HTMLElement? {
        descendants.first { $0["id"] == id }
    }

    public func all(where predicate: (HTMLElement) -> Bool) -> [HTMLElement] {
        descendants.filter(predicate)
    }

    public func hasClass(_ name: String) -> Bool {
        (self["class"] ?? "").split(separator: " ").contains { $0 == name }
    }

    public func ancestors() -> [HTMLElement] {
        var out: [HTMLElement] = []
        var node = parent
        while let current = node { out.append(current); node = current.parent }
        return out
    }
}

public enum HTMLDocument {
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
    static let rawText: Set<String> = ["script", "style"]

    /// Parses `html`; the returned root holds the top-level elements. Unbalanced end tags
    /// close up to the matching element, as browsers do.
    public static func parse(_ html: String) -> HTMLElement {
        let root = HTMLElement(tag: "#document", attributes: [:])
        var stack = [root]
        let chars = Array(html.unicodeScalars)
        var i = 0
        var text = ""
        func flushText() {
            if !text.isEmpty { stack.last!.append(text: decode(text)); text = "" }
        }
        while i < chars.count {
            if chars[i] == "<" {
                if matches(chars, i, "<!--") {
                    flushText()
                    i = find(chars, i + 4, "-->").map { $0 + 3 } ?? chars.count
                    continue
                }
                if matches(chars, i, "<!") {
                    flushText()
                    i = find(chars, i, ">").map { $0 + 1 } ?? chars.count
                    continue
                }
                if i + 1 < chars.count, chars[i + 1] == "/" {
                    flushText()
                    let end = find(chars, i, ">") ?? chars.count
                    let name = String(String.UnicodeScalarView(chars[(i + 2)..<end])).trimmingSpaces().lowercased()
                    if let index = stack.lastIndex(where: { $0.tag == name }), index > 0 {
                        stack.removeSubrange(index...)
                    }
                    i = end + 1
                    continue
                }
                if i + 1 < chars.count, chars[i + 1].properties.isAlphabetic {
                    flushText()
                    let (element, next, selfClosing) = parseTag(chars, i + 1)
                    stack.last!.append(element)
                    i = next
                    if rawText.contains(element.tag) {
                        let close = find(chars, i, "</\(element.tag)") ?? chars.count
                        element.append(text: String(String.UnicodeScalarView(chars[i..<close])))
                        i = find(chars, close, ">").map { $0 + 1 } ?? chars.count
                    } else if !voidElements.contains(element.tag) && !selfClosing {
                        stack.append(element)
                    }
                    continue
                }
            }
            text.unicodeScalars.append(chars[i])
            i += 1
        }
        flushText()
        return root
    }

    private static func parseTag(_ chars: [Unicode.Scalar], _ start: Int) -> (HTMLElement, Int, Bool) {
        var i = start
        var name = ""
        while i < chars.count, !chars[i].properties.isWhitespace, chars[i] != ">", chars[i] != "/" {
            name.unicodeScalars.append(chars[i]); i += 1
        }
        var attributes: [String: String] = [:]
        var selfClosing = false
        while i < chars.count {
            while i < chars.count, chars[i].properties.isWhitespace { i += 1 }
            guard i < chars.count else { break }
            if chars[i] == ">" { i += 1; break }
            if chars[i] == "/" { selfClosing = true; i += 1; continue }
            var attribute = ""
            while i < chars.count, !chars[i].properties.isWhitespace, chars[i] != "=", chars[i] != ">", chars[i] != "/" {
                attribute.unicodeScalars.append(chars[i]); i += 1
            }
            var value = ""
            if i < chars.count, chars[i] == "=" {
                i += 1
                if i < chars.count, chars[i] == "\"" || chars[i] == "'" {
                    let quote = chars[i]
                    i += 1
                    while i < chars.count, chars[i] != quote { value.unicodeScalars.append(chars[i]); i += 1 }
                    i += 1
                } else {
                    while i < chars.count, !chars[i].properties.isWhitespace, chars[i] != ">" {
                        value.unicodeScalars.append(chars[i]); i += 1
                    }
                }
            }
            if !attribute.isEmpty { attributes[attribute.lowercased()] = decode(value) }
        }
        return (HTMLElement(tag: name.lowercased(), attributes: attributes), i, selfClosing)
    }

    private static func matches(_ chars: [Unicode.Scalar], _ at: Int, _ literal: String) -> Bool {
        let scalars = Array(literal.unicodeScalars)
        guard at + scalars.count <= chars.count else { return false }
        for (offset, scalar) in scalars.enumerated() where chars[at + offset] != scalar { return false }
        return true
    }

    private static func find(_ chars: [Unicode.Scalar], _ from: Int, _ literal: String) -> Int? {
        var i = from
        while i < chars.count {
            if matches(chars, i, literal) { return i }
            i += 1
        }
        return nil
    }

    /// Decodes the character references FlowStage writes, plus numeric ones.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            if let semi = after.firstIndex(of: ";"), after.distance(from: amp, to: semi) <= 10 {
                let entity = String(after[after.index(after: amp)..<semi])
                let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{a0}"]
                if let value = named[entity] {
                    out += value; rest = after[after.index(after: semi)...]; continue
                }
                if entity.hasPrefix("#"), let code = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : UInt32(entity.dropFirst()),
                   let scalar = Unicode.Scalar(code) {
                    out.unicodeScalars.append(scalar); rest = after[after.index(after: semi)...]; continue
                }
            }
            out += "&"
            rest = after.dropFirst()
        }
        return out + rest
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
        while slice.last?.isWhitespace == true { slice = slice.dropLast() }
        return String(slice)
    }
}
