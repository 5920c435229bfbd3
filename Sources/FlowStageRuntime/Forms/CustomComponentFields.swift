import Definitions
import Expressions

/// The posting half of a custom component registered in Swift (docs/reference/components.md, "Custom
/// components": the equivalent of save-data and validate hooks): the data paths it posts and
/// an optional validator. Its view half is `CustomComponentRegistry` in Rendering.
public struct CustomComponentFields: Sendable {
    /// Data paths the component posts; each is read as text, like an `input`, and only while
    /// the component is shown and enabled.
    public var keys: [DataPath]
    /// Checks the posted values (by key) and answers an error message for the first key, or nil.
    public var validate: (@Sendable (_ values: [String: JSONValue]) -> String?)?

    public init(keys: [DataPath], validate: (@Sendable (_ values: [String: JSONValue]) -> String?)? = nil) {
        self.keys = keys
        self.validate = validate
    }

    /// The text fields standing for the shown, enabled custom components' posted keys.
    static func postable(_ resolved: [ResolvedComponent], _ registry: [String: CustomComponentFields]) -> [Component] {
        shown(resolved, registry).flatMap { component, fields in
            fields.keys.map { Component(type: .input, key: $0, label: component.label, pointer: component.pointer) }
        }
    }

    /// The first message of each shown custom component's validator, at its first key.
    static func errors(_ resolved: [ResolvedComponent], _ registry: [String: CustomComponentFields],
                       data: JSONValue) -> [FieldError] {
        shown(resolved, registry).compactMap { _, fields in
            guard let validate = fields.validate, let first = fields.keys.first else { return nil }
            var values: [String: JSONValue] = [:]
            for key in fields.keys { values[key.description] = key.get(in: data) }
            return validate(values).map { FieldError(key: first.description, message: $0) }
        }
    }

    private static func shown(_ resolved: [ResolvedComponent], _ registry: [String: CustomComponentFields])
        -> [(Component, CustomComponentFields)] {
        guard !registry.isEmpty else { return [] }
        return resolved.flatMap(\.flattened).filter { !$0.disabled && $0.definition.type == .custom }.compactMap { item in
            registry[item.definition.properties["identifier"]?.stringValue ?? ""].map { (item.definition, $0) }
        }
    }
}
