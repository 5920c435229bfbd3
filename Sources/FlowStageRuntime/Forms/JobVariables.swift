import Expressions

/// The variables a person completes a stand-in with (`variablesFrom`): a JSON object typed in a
/// field, set name by name over the data, the field itself dropped.
enum JobVariables {
    /// Nil when the field's text is no JSON object (the page then says how to write one).
    static func take(_ field: DataPath, from data: JSONValue) -> JSONValue? {
        guard case .object(var fields) = data else { return data }
        let text = fields.removeValue(forKey: field.description)?.stringValue ?? ""
        guard !text.allSatisfy(\.isWhitespace) else { return .object(fields) }
        guard let parsed = try? JSONParser.parse(text), case .object = parsed else { return nil }
        return JSONValue.object(fields).overlaid(by: parsed)
    }
}
