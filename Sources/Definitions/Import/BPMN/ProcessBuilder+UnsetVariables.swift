import Markdown
import Expressions

/// Never a silent guess: when no condition of a gateway holds and a variable they read is not
/// set (a mapping's source was missing, a stand-in gave nothing), the process does not quietly
/// take the default flow. A "Which way?" page says which variables are unset and which elements
/// set them, and offers every flow.
extension ProcessBuilder {
    /// The branch to that page, placed after the gateway's conditions and before its default;
    /// nil when its conditions read no variable, or are not all FEEL or all JUEL, or one always holds.
    mutating func unsetVariablesPage(_ element: FlowElement, nodeID: String, flows: [SequenceFlow], branches: [JSONValue],
                                     inclusive: Bool) -> JSONValue? {
        let feel = branches.allSatisfy { $0["when"]?["feel"]?.stringValue != nil }
        var conditions: [String] = []
        var paths: [String] = []
        for branch in branches {
            // FEEL conditions are {"feel": …}; translated JUEL ones FlowStage expressions (strings).
            let source = feel ? branch["when"]?["feel"]?.stringValue : branch["when"]?.stringValue
            guard let source, let expression = try? (feel ? Expression(feel: source) : Expression(source)) else { return nil }
            conditions.append(source)
            for path in expression.surelyReadPaths where !path.isEmpty && !path.hasPrefix("$") && !paths.contains(path) {
                // The page's text tests each path in FEEL, so a JUEL path must read the same there.
                guard (try? Expression(feel: path)) != nil, !path.contains("[") else { return nil }
                paths.append(path)
            }
        }
        guard !paths.isEmpty else { return nil }
        let when: JSONValue = feel
            ? ["feel": .string("(\(paths.map { "\($0) = null" }.joined(separator: " or "))) and not(\(conditions.map { "(\n\($0)\n) = true" }.joined(separator: " or ")))")]
            : .string("(\(paths.map { "\($0) == null" }.joined(separator: " || "))) && !(\(conditions.map { "(\($0)) === true" }.joined(separator: " || ")))")
        let id = uniqueID(nodeID + "__unset")
        unsetPages.append((node: nodes.count, element: element, paths: paths, fallback: element.defaultFlow.flatMap { id in flows.first { $0.id == id } }))
        append(choicePage(id: id, title: "Which way?", intro: "", paths: choices(element, flows: flows, inclusive: inclusive)), from: element)
        summary.append("gateway \(element.id): when no condition holds and \(paths.joined(separator: ", ")) is unset, the person chooses")
        return ["when": when, "next": .string(id)]
    }

    /// Writes each unset-variables page's text once every node is known: which variables its
    /// gateway reads, each shown only while unset, and which elements set them.
    /// `writers`: `variableWriters()`, worked out once for this and `validate`'s list.
    mutating func describeUnsetPages(writers setters: [String: [String]]) {
        for page in unsetPages {
            var lines: [String] = []
            for path in page.paths {
                let top = String(path.split(separator: ".").first ?? "")
                let who = setters[top].map { names in "set by " + names.map { "“\(Markdown.escaped($0))”" }.joined(separator: ", ") }
                    ?? "nothing in this model sets it"
                lines.append("{{#if \(path) = null}}\n- `\(path)` is not set (\(who))\n{{/if}}")
            }
            let then = page.fallback.map { "An engine would take the default flow (“\(Markdown.escaped(flowLabel($0)))”). " } ?? ""
            let intro = "At “\(Markdown.escaped(page.element.label))” no condition holds, and the conditions read variables that are not set:\n\n"
                + lines.joined(separator: "\n") + "\n\n\(then)Choose the path to preview."
            guard case .object(var node) = nodes[page.node], case .array(var screen) = node["screen"], case .object(var text) = screen[0] else { continue }
            text["markdown"] = ["template": .string(intro)]
            screen[0] = .object(text)
            node["screen"] = .array(screen)
            nodes[page.node] = .object(node)
        }
    }
}
