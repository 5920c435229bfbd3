import Foundation

/// The FEEL texts of a form-js schema: every string property starting with `=` (conditions,
/// expressions, value sources, validation bounds…, without the `=`), and in every other string
/// each `{{…}}` insert and the condition of `{{#if …}}` and the list of `{{#loop …}}`
/// (form-js's templating, whose expressions are FEEL too).
enum WildFormReader {
    static func read(_ data: Data) -> [(source: String, location: String)] {
        guard let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        var found: [(source: String, location: String)] = []
        func visit(_ value: Any, component: String, path: [String]) {
            switch value {
            case let object as [String: Any]:
                // A component (anything with a type and a key or id) names the place of what is below it.
                var component = component
                var path = path
                if let type = object["type"] as? String, let name = (object["key"] ?? object["id"]) as? String {
                    component = "\(type) \(name)"
                    path = []
                }
                for key in object.keys.sorted() {
                    visit(object[key]!, component: component, path: path + [key])
                }
            case let array as [Any]:
                for (index, item) in array.enumerated() {
                    visit(item, component: component, path: path + ["[\(index)]"])
                }
            case let text as String:
                let location = "\(component): \(path.joined(separator: "."))"
                if text.hasPrefix("=") {
                    found.append((String(text.dropFirst()), location))
                } else {
                    found += templateExpressions(text).map { ($0, location + " template") }
                }
            default:
                break
            }
        }
        visit(json, component: "form", path: [])
        return found
    }

    /// `Hi {{name}}{{#if vip}}!{{/if}}` gives `name` and `vip`; closing tags and `else` give nothing.
    static func templateExpressions(_ text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[close.upperBound...]
            if inner.hasPrefix("/") || inner == "else" || inner.isEmpty { continue }
            var expression = inner
            for block in ["#if", "#loop"] where inner.hasPrefix(block + " ") {
                expression = String(inner.dropFirst(block.count)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            found.append(expression)
        }
        return found
    }
}
