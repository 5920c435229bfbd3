import Expressions
import Foundation

/// Reads the component gallery's examples files (`<component>.examples.json` beside each
/// component template). A broken file is a list of `LoadError`s with file and JSON pointer,
/// never a crash, so a test or the gallery page can say exactly what to fix.
public enum ComponentExamplesLoader {
    public static let suffix = ".examples.json"

    /// Every examples file in `folder` (sorted by name), and the errors of those that did not load.
    public static func loadAll(_ folder: URL) -> (examples: [ComponentExamples], errors: [LoadError]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(suffix) }.sorted()
        var loaded: [ComponentExamples] = []
        var errors: [LoadError] = []
        for name in names {
            let file = "components/" + name
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                errors.append(LoadError(file: file, pointer: "", message: "cannot be read; check its permissions"))
                continue
            }
            switch decode([UInt8](data), file: file, component: String(name.dropLast(suffix.count))) {
            case .success(let examples): loaded.append(examples)
            case .failure(let failure): errors += failure.errors
            }
        }
        return (loaded, errors)
    }

    /// One file's examples. `component` is the template name the file sits beside; the
    /// file's `"component"` must agree with it.
    public static func decode(_ bytes: [UInt8], file: String, component: String) -> Result<ComponentExamples, LoadErrors> {
        guard bytes.count <= ProjectLoader.maxFileBytes else {
            return .failure(LoadErrors([LoadError(file: file, pointer: "", message: "is \(bytes.count) bytes; at most \(ProjectLoader.maxFileBytes)")]))
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes).withoutSchemaReference } catch {
            return .failure(LoadErrors([LoadError(file: file, pointer: "", message: "is not valid JSON: \(error)")]))
        }
        let diagnostics = Diagnostics(file: file)
        let examples = ExamplesDecoder(diagnostics: diagnostics, component: component).decode(value)
        guard let examples, diagnostics.errors.isEmpty else { return .failure(LoadErrors(diagnostics.errors)) }
        return .success(ComponentExamples(component: component, file: file, examples: examples))
    }
}

/// Checks one examples file: `{"component": "input", "examples": [{name, title, states,
/// component, data?, errors?, actions?}]}`.
private struct ExamplesDecoder {
    let diagnostics: Diagnostics
    let component: String

    func decode(_ value: JSONValue) -> [ComponentExample]? {
        guard let reader = ObjectReader(value, at: JSONPointer(), diagnostics, what: "An examples file") else { return nil }
        if let named = reader.string("component", required: "An examples file"), named != component {
            diagnostics.error(at: reader.at("component"), "names \"\(named)\" but the file sits beside \(component).mustache")
        }
        guard let items = reader.array("examples"), !items.isEmpty else {
            diagnostics.error(at: reader.at("examples"), "needs a non-empty list of examples")
            return nil
        }
        var names = Set<String>()
        return items.compactMap { item in
            let example = decodeExample(item.value, at: item.pointer)
            if let example, !names.insert(example.name).inserted {
                diagnostics.error(at: item.pointer.appending("name"), "another example is already named \"\(example.name)\"")
            }
            return example
        }
    }

    private func decodeExample(_ value: JSONValue, at pointer: JSONPointer) -> ComponentExample? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "An example") else { return nil }
        let name = reader.string("name", required: "An example")
        if let name, name.isEmpty || !name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) {
            diagnostics.error(at: reader.at("name"), "use letters, digits, \"-\" and \"_\" only")
        }
        let title = reader.string("title", required: "An example")
        let states = decodeStates(reader)
        let decoded = reader.value("component").flatMap {
            ComponentDecoder(diagnostics: diagnostics, knownValidators: []).decode($0, at: reader.at("component"))
        }
        if !reader.has("component") { reader.missing("component", "An example") }
        if let decoded, decoded.type.rawValue != component, !(component == "actionLink" && decoded.type == .button) {
            diagnostics.error(at: reader.at("component").appending("type"), "is \"\(decoded.type.rawValue)\" in the examples of \(component)")
        }
        let data = reader.value("data") ?? .object([:])
        if case .object = data {} else { diagnostics.error(at: reader.at("data"), "must be a JSON object, found \(data.kindName)") }
        let errors = decodeErrors(reader)
        let actions = reader.array("actions").map { $0.compactMap { decodeAction($0.value, at: $0.pointer) } } ?? []
        guard let name, let title, let decoded else { return nil }
        return ComponentExample(name: name, title: title, states: states, component: decoded, data: data,
                                errors: errors, actions: actions, pointer: pointer)
    }

    private func decodeStates(_ reader: ObjectReader) -> [ExampleState] {
        guard let items = reader.array("states"), !items.isEmpty else {
            diagnostics.error(at: reader.at("states"), "needs a non-empty list of states: "
                + ExampleState.allCases.map(\.rawValue).joined(separator: ", "))
            return []
        }
        return items.compactMap { item in
            guard let text = item.value.stringValue, let state = ExampleState(rawValue: text) else {
                diagnostics.error(at: item.pointer, "unknown state \(item.value.serialized()); use one of "
                    + ExampleState.allCases.map(\.rawValue).joined(separator: ", "))
                return nil
            }
            return state
        }
    }

    /// `"errors": {"client.name": "Enter your name"}`: data path → message.
    private func decodeErrors(_ reader: ObjectReader) -> [FieldError] {
        guard let value = reader.value("errors") else { return [] }
        guard case .object(let fields) = value else {
            diagnostics.error(at: reader.at("errors"), "must be an object of data path → message, found \(value.kindName)")
            return []
        }
        return fields.keys.sorted().compactMap { key in
            guard let message = fields[key]?.stringValue, !message.isEmpty else {
                diagnostics.error(at: reader.at("errors").appending(key), "must be a non-empty message")
                return nil
            }
            guard let path = try? DataPath(key) else {
                diagnostics.error(at: reader.at("errors").appending(key), "\"\(key)\" is not a data path")
                return nil
            }
            return FieldError(key: path.description, message: message)
        }
    }

    /// `{"name": "help", "type": "link", "url": "https://…", "newTab": true}`: enough of an
    /// action for a button to render as it would on a screen.
    private func decodeAction(_ value: JSONValue, at pointer: JSONPointer) -> ActionDefinition? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "An action") else { return nil }
        guard let name = reader.string("name", required: "An action") else { return nil }
        let kindName = reader.string("type") ?? "submit"
        guard let kind = ActionDefinition.Kind(rawValue: kindName) else {
            diagnostics.error(at: reader.at("type"), "unknown action type \"\(kindName)\"")
            return nil
        }
        return ActionDefinition(name: name, kind: kind, validate: reader.bool("validate") ?? true, url: reader.string("url"),
                                newTab: reader.bool("newTab") ?? false, pointer: pointer)
    }
}
