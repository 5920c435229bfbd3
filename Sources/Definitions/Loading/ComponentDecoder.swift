import Expressions

/// Decodes the components of a screen, checking types, keys, expressions and validators.
struct ComponentDecoder {
    let diagnostics: Diagnostics
    /// Names a `custom` validator may use: registered in Swift or in validators.json.
    let knownValidators: Set<String>

    func decodeList(_ items: [(value: JSONValue, pointer: JSONPointer)]) -> [Component] {
        items.compactMap { decode($0.value, at: $0.pointer) }
    }

    func decode(_ value: JSONValue, at pointer: JSONPointer) -> Component? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "A component") else { return nil }
        guard let typeName = reader.string("type", required: "A component") else { return nil }
        guard let type = ComponentType(rawValue: typeName) else {
            diagnostics.error(at: reader.at("type"), "unknown component type \"\(typeName)\"; the catalogue has "
                + ComponentType.allCases.map(\.rawValue).joined(separator: ", ")
                + " (use \"custom\" with an \"identifier\" for your own)")
            return nil
        }
        let key = reader.path("key", required: type.isField ? ComponentDecoder.article(typeName) : nil)
        if type == .button, !reader.has("action"), !reader.has("event") {
            diagnostics.error(at: pointer, "a button needs \"action\" (a user-task action) or \"event\" (an app-flow event)")
        }
        // A collection's `item` is the components repeated per item (docs/reference/components.md).
        let children = reader.array(type == .collection && reader.has("item") ? "item" : "children").map(decodeList) ?? []
        ComponentChecks.check(type, reader)
        if !children.isEmpty, !type.isContainer, type != .collection {
            diagnostics.error(at: reader.at("children"), "a \(typeName) cannot hold children; put them in a card or container")
        }
        if type == .image, !reader.has("media"), !reader.has("source"), !reader.has("url") {
            diagnostics.error(at: pointer, "an image needs \"media\" (a key in media/media.json), \"source\" (a data path) or \"url\"")
        }
        if type == .link, let url = reader.string("url"), !SafeLink.isSafe(url) {
            diagnostics.error(at: reader.at("url"), "\"\(url)\" is not a safe address; use https://, http://, mailto:, tel: or a path on this server starting with /")
        }
        if type == .image { reader.pathOrFEEL("source"); _ = reader.string("media"); _ = reader.bool("decorative") }
        // Words in untyped properties (`caption`, `prefix`, `alt` …) are read as texts: a
        // `{"feel"}` that does not parse or a template's problem is said where it is.
        for name in Component.textPropertyNames where reader.has(name) { _ = reader.text(name) }
        if reader.has("enumeration") { _ = reader.string("enumeration"); _ = reader.path("parentKey") }
        if (type == .radio || type == .segmented || type == .select || type == .multiselect),
           !reader.has("options"), !reader.has("enumeration"), !reader.has("source") {
            diagnostics.error(at: pointer, "a \(typeName) needs \"options\", \"enumeration\" or \"source\"")
        }
        if [.radio, .segmented, .select, .multiselect, .checkbox].contains(type), reader.has("source") { reader.pathOrFEEL("source") }
        return Component(
            type: type,
            id: reader.string("id"),
            key: key,
            label: reader.text("label"),
            hint: reader.text("hint"),
            placeholder: reader.text("placeholder"),
            title: reader.text("title"),
            markdown: reader.text("markdown"),
            hide: reader.expression("hide"),
            disabled: reader.expression("disabled"),
            defaultValue: reader.expression("default"),
            validators: (reader.array("validators").map { $0.compactMap { decodeValidator($0.value, at: $0.pointer) } } ?? [])
                + implicitValidators(type, reader),
            options: reader.array("options").map { $0.compactMap { decodeOption($0.value, at: $0.pointer) } } ?? [],
            children: children,
            action: reader.string("action"),
            event: reader.string("event"),
            validate: reader.bool("validate") ?? true,
            variant: reader.oneOf("variant", ["primary", "secondary", "ghost", "text"]),
            inputType: reader.oneOf("inputType", ["text", "number", "email", "password", "tel", "url", "time", "datetime-local"]),
            autocomplete: reader.string("autocomplete"),
            kind: reader.oneOf("kind", ["info", "success", "warning", "error"]),
            className: reader.string("className"),
            change: reader.string("change"),
            pointer: pointer,
            properties: reader.fields)
    }

    /// A textarea's `maxLength` counter is also its limit: it validates like a maxLength validator.
    private func implicitValidators(_ type: ComponentType, _ reader: ObjectReader) -> [ValidatorDefinition] {
        guard type == .textarea, case .number(let max)? = reader.value("maxLength"), max >= 1 else { return [] }
        return [ValidatorDefinition(kind: .maxLength, value: .constant(.number(max.rounded())), pointer: reader.at("maxLength"))]
    }

    private func decodeOption(_ value: JSONValue, at pointer: JSONPointer) -> Option? {
        if case .string(let text) = value { return Option(value: text, label: Text(text)) }
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "An option") else { return nil }
        let optionValue: String?
        switch reader.value("value") {
        case .string(let text)?: optionValue = text
        case .number(let number)?: optionValue = JSONValue.number(number).displayString
        case .bool(let flag)?: optionValue = flag ? "true" : "false"
        case nil: reader.missing("value", "An option"); optionValue = nil
        case let other?:
            diagnostics.error(at: reader.at("value"), "must be a string or number, found \(other.kindName)")
            optionValue = nil
        }
        guard let optionValue else { return nil }
        return Option(value: optionValue, label: reader.text("label") ?? Text(optionValue))
    }

    private func decodeValidator(_ value: JSONValue, at pointer: JSONPointer) -> ValidatorDefinition? {
        guard let reader = ObjectReader(value, at: pointer, diagnostics, what: "A validator") else { return nil }
        guard let typeName = reader.string("type", required: "A validator") else { return nil }
        guard let kind = ValidatorDefinition.Kind(rawValue: typeName) else {
            diagnostics.error(at: reader.at("type"), "unknown validator \"\(typeName)\"; built in are "
                + ValidatorDefinition.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        var bound: ValidatorDefinition.Bound?
        if let raw = reader.value("value") {
            if case .object = raw {
                bound = ObjectReader.expression(raw, at: reader.at("value"), diagnostics).map(ValidatorDefinition.Bound.expression)
            } else if case .string(let text) = raw, text.hasPrefix("=") {
                if let expression = ObjectReader.expression(.string(String(text.dropFirst())), at: reader.at("value"), diagnostics) {
                    bound = .expression(expression)
                }
            } else {
                bound = .constant(raw)
            }
        }
        let needsValue: Set<ValidatorDefinition.Kind> = [.minLength, .maxLength, .min, .max, .pattern, .step, .decimalPlaces]
        if needsValue.contains(kind), bound == nil {
            reader.missing("value", ComponentDecoder.article(typeName) + " validator")
        }
        if kind == .step, case .constant(let raw)? = bound, (raw.numberValue ?? 0) <= 0 {
            diagnostics.error(at: reader.at("value"), "a step must be a number greater than 0, found \(raw.serialized(pretty: false))")
        }
        if kind == .decimalPlaces, case .constant(let raw)? = bound,
           !(raw.numberValue.map { $0 >= 0 && $0 <= 40 && $0 == $0.rounded() } ?? false) {
            diagnostics.error(at: reader.at("value"), "decimal places must be a whole number from 0 to 40, found \(raw.serialized(pretty: false))")
        }
        var pattern: Pattern?
        if kind == .pattern, case .constant(let raw)? = bound {
            if case .string(let source) = raw {
                do { pattern = try Pattern(source) } catch {
                    diagnostics.error(at: reader.at("value"), "\"\(source)\" is not a valid regular expression")
                }
            } else {
                diagnostics.error(at: reader.at("value"), "a pattern must be a string")
            }
        } else if kind == .pattern, bound != nil {
            diagnostics.error(at: reader.at("value"), "a pattern is a regular expression written as it is, not an expression; remove the leading \"=\"")
        }
        let name = reader.string("name", required: kind == .custom ? "A custom validator" : nil)
        if kind == .custom, let name, !knownValidators.contains(name) {
            diagnostics.error(at: reader.at("name"), "unknown custom validator \"\(name)\": register it in Swift or add it to validators.json")
        }
        let params = reader.array("params")?.map { $0.value.displayString } ?? []
        return ValidatorDefinition(kind: kind, value: bound, message: reader.text("message"), name: name,
                                   params: params, pattern: pattern, pointer: pointer)
    }

    /// "A select", "An input": load errors start with the type's name.
    static func article(_ name: String) -> String {
        ("aeiou".contains(name.first?.lowercased() ?? "") ? "An " : "A ") + name
    }
}
