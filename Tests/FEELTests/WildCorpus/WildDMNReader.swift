import Foundation

/// The FEEL texts of a DMN file: the `<text>` of every literal expression, input expression
/// and output entry (expressions) and of every input entry (unary tests). An empty input
/// entry is left out: a decision table's empty cell means "any input" (as `-`) to the DMN
/// engines, and is no FEEL text the engine is given.
enum WildDMNReader {
    static let expressionOwners: Set<String> = ["literalExpression", "inputExpression", "outputEntry"]

    static func read(_ data: Data) -> [(kind: CorpusExpression.Kind, source: String, location: String)] {
        guard let root = WildXMLElement.parse(data) else { return [] }
        var found: [(kind: CorpusExpression.Kind, source: String, location: String)] = []
        var decision = "definitions"
        func visit(_ element: WildXMLElement, rule: String?) {
            if element.name == "decision" { decision = "decision \(element.attribute("id") ?? "")" }
            let rule = element.name == "rule" ? element.attribute("id") : rule
            for child in element.children {
                visit(child, rule: rule)
                guard child.name == "text" else { continue }
                // Trimmed: some cells start with a line break the modeler kept (`\n40`).
                let text = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
                let place = "\(decision)" + (rule.map { " rule \($0)" } ?? "") + ": \(element.name) \(element.attribute("id") ?? "")"
                if expressionOwners.contains(element.name) {
                    found.append((.expression, text, place))
                } else if element.name == "inputEntry", !text.isEmpty {
                    found.append((.unaryTests, text, place))
                }
            }
        }
        visit(root, rule: nil)
        return found
    }
}
