import Expressions

/// Collects the errors of one file while it is decoded, so a load reports all of them, and
/// its warnings: slips that do not stop the project from loading.
///
/// A class because every nested decoder appends to the same list.
final class Diagnostics {
    let file: String
    private(set) var errors: [LoadError] = []
    private(set) var warnings: [LoadError] = []

    init(file: String) { self.file = file }

    func error(at pointer: JSONPointer, _ message: String) {
        errors.append(LoadError(file: file, pointer: pointer.description, message: message))
    }

    func warning(at pointer: JSONPointer, _ message: String) {
        warnings.append(LoadError(file: file, pointer: pointer.description, message: message))
    }
}

/// Reads typed members of one JSON object, recording a precise error for each wrong one.
struct ObjectReader {
    let fields: [String: JSONValue]
    let pointer: JSONPointer
    let diagnostics: Diagnostics

    /// Nil (with an error recorded) when `value` is not an object.
    init?(_ value: JSONValue, at pointer: JSONPointer, _ diagnostics: Diagnostics, what: String) {
        guard case .object(let fields) = value else {
            diagnostics.error(at: pointer, "\(what) must be a JSON object, found \(value.kindName)")
            return nil
        }
        self.fields = fields
        self.pointer = pointer
        self.diagnostics = diagnostics
    }

    func at(_ key: String) -> JSONPointer { pointer.appending(key) }

    func has(_ key: String) -> Bool { fields[key] != nil && fields[key] != .null }

    func value(_ key: String) -> JSONValue? {
        guard let value = fields[key], value != .null else { return nil }
        return value
    }

    func missing(_ key: String, _ what: String) {
        diagnostics.error(at: pointer, "\(what) needs \"\(key)\"")
    }

    func string(_ key: String, required: String? = nil) -> String? {
        guard let value = value(key) else {
            if let required { missing(key, required) }
            return nil
        }
        guard case .string(let text) = value else {
            diagnostics.error(at: at(key), "must be a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    func bool(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            diagnostics.error(at: at(key), "must be true or false, found \(value.kindName)")
            return nil
        }
        return flag
    }

    func number(_ key: String) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value else {
            diagnostics.error(at: at(key), "must be a number, found \(value.kindName)")
            return nil
        }
        return number
    }

    func int(_ key: String) -> Int? {
        guard let number = number(key) else { return nil }
        guard number == number.rounded(), abs(number) < 1e15 else {
            diagnostics.error(at: at(key), "must be a whole number")
            return nil
        }
        return Int(number)
    }

    func oneOf(_ key: String, _ allowed: [String], required: String? = nil) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard allowed.contains(text) else {
            diagnostics.error(at: at(key), "\"\(text)\" is not one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
            return nil
        }
        return text
    }

    /// A text: words with `@@tag`s and `${path}`s; or, as a Camunda form writes them, FEEL
    /// (`{"feel": "…"}`, its value shown) or form-js templating (`{"template": "Hi {{name}}"}`).
    func text(_ key: String, required: String? = nil) -> Text? {
        guard case .object? = value(key) else { return string(key, required: required).map { Text($0) } }
        guard let written = ObjectReader(value(key)!, at: at(key), diagnostics, what: "A text"),
              written.fields.count == 1, written.has("feel") || written.has("template") else {
            diagnostics.error(at: at(key), "a text written as an object is {\"feel\": \"…\"} or {\"template\": \"…\"}, with nothing else")
            return nil
        }
        if let feel = written.string("feel") {
            do {
                return try Text.feel(feel)
            } catch {
                diagnostics.error(at: written.at("feel"), "the FEEL expression does not parse: \(error.description)")
                return nil
            }
        }
        guard let template = written.string("template") else { return nil }
        let (text, problems) = Text.template(template)
        for problem in problems { diagnostics.warning(at: written.at("template"), problem.message) }
        return text
    }

    func expression(_ key: String) -> Expression? {
        guard let value = value(key) else { return nil }
        return ObjectReader.expression(value, at: at(key), diagnostics)
    }

    func path(_ key: String, required: String? = nil) -> DataPath? {
        guard let text = string(key, required: required) else { return nil }
        return ObjectReader.path(text, at: at(key), diagnostics)
    }

    /// A data path, or FEEL computing the value (`{"feel": "…"}`): where a table, an image or a
    /// choice field finds what it shows. True when present and readable.
    @discardableResult
    func pathOrFEEL(_ key: String, required: String? = nil) -> Bool {
        if case .object? = value(key) { return expression(key) != nil }
        return path(key, required: required) != nil
    }

    /// An `addItem` or `removeItem` action's list (`children`, `groups[].people`).
    func listKey(_ key: String, required: String? = nil) -> ListKey? {
        guard let text = string(key, required: required) else { return nil }
        do {
            return try ListKey(text)
        } catch {
            diagnostics.error(at: at(key), "\"\(text)\" is not a list's data path: \(error)")
            return nil
        }
    }

    func array(_ key: String) -> [(value: JSONValue, pointer: JSONPointer)]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else {
            diagnostics.error(at: at(key), "must be a list, found \(value.kindName)")
            return nil
        }
        return items.enumerated().map { ($0.element, at(key).appending($0.offset)) }
    }

    /// A list of strings; each item that is no string is an error (`item` names what it should be).
    func strings(_ key: String, item: String) -> [String]? {
        array(key)?.compactMap { entry -> String? in
            guard case .string(let text) = entry.value else {
                diagnostics.error(at: entry.pointer, "\(item) must be a string, found \(entry.value.kindName)")
                return nil
            }
            return text
        }
    }

    func object(_ key: String, what: String) -> ObjectReader? {
        guard let value = value(key) else { return nil }
        return ObjectReader(value, at: at(key), diagnostics, what: what)
    }

    /// An expression written as a string; booleans and numbers are accepted as constants; FEEL
    /// is written `{"feel": "…"}` (what a Camunda model's `=…` becomes).
    static func expression(_ value: JSONValue, at pointer: JSONPointer, _ diagnostics: Diagnostics) -> Expression? {
        let source: String
        switch value {
        case .string(let text): source = text
        case .bool(let flag): source = flag ? "true" : "false"
        case .number: source = value.displayString
        case .object(let members):
            guard members.count == 1, let written = ObjectReader(value, at: pointer, diagnostics, what: "FEEL"), written.has("feel") else {
                diagnostics.error(at: pointer, "an expression written as an object is FEEL, {\"feel\": \"…\"}, with nothing else")
                return nil
            }
            guard let feel = written.string("feel") else { return nil }
            do {
                return try Expression(feel: feel)
            } catch {
                diagnostics.error(at: written.at("feel"), "the FEEL expression does not parse: \(error.description)")
                return nil
            }
        default:
            diagnostics.error(at: pointer, "must be an expression in a string (or FEEL as {\"feel\": \"…\"}), found \(value.kindName)")
            return nil
        }
        do {
            return try Expression(source)
        } catch {
            diagnostics.error(at: pointer, error.description)
            return nil
        }
    }

    static func path(_ text: String, at pointer: JSONPointer, _ diagnostics: Diagnostics) -> DataPath? {
        do {
            return try DataPath(text)
        } catch {
            diagnostics.error(at: pointer, "\"\(text)\" is not a data path: \(error)")
            return nil
        }
    }
}

extension JSONValue {
    /// How a value's kind is named in error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
