import Foundation

/// The FEEL texts of a BPMN file. Camunda 8 marks an expression with a leading `=` wherever a
/// value may be one (zeebe:input/output `source`, zeebe:script `expression`, header and
/// property values, correlation keys, timers, loop collections, ad-hoc elements…), so every
/// attribute value and element text starting with `=` is FEEL, without the `=`. A sequence
/// flow's condition is FEEL even without `=` (Zeebe reads it as FEEL either way), except a
/// Camunda 7 JUEL condition (`${…}` or `#{…}`), which is no FEEL at all.
enum WildBPMNReader {
    static func read(_ data: Data) -> [(source: String, location: String)] {
        guard let root = WildXMLElement.parse(data) else { return [] }
        var found: [(source: String, location: String)] = []
        root.walk { element, identified in
            let owner = identified.map { "\($0.name) \($0.attribute("id") ?? "")" } ?? "definitions"
            for (name, value) in element.attributes where value.hasPrefix("=") {
                found.append((String(value.dropFirst()), "\(owner): \(element.name)@\(name)"))
            }
            // An element's text is trimmed: the whitespace around it is the file's indentation.
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("=") {
                found.append((String(text.dropFirst()), "\(owner): \(element.name) text"))
            } else if element.name == "conditionExpression", !text.isEmpty, !isJUEL(text) {
                found.append((text, "\(owner): \(element.name) text without ="))
            }
        }
        return found
    }

    private static func isJUEL(_ text: String) -> Bool {
        (text.hasPrefix("${") || text.hasPrefix("#{")) && text.hasSuffix("}")
    }
}
