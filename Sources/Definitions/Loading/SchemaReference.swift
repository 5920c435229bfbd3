import Expressions

extension JSONValue {
    /// The member every project file may start with to name its JSON Schema for editors
    /// (`"$schema": "../schemas/process.json"`, see Schemas/README.md).
    static let schemaMember = "$schema"

    /// A file's top level without its `"$schema"`: the schema is for editors, never data (it
    /// would be a tag in tags/<language>.json, a media key, a validator's name). Nested objects
    /// keep theirs: start data or posted values may hold any name.
    var withoutSchemaReference: JSONValue {
        guard case .object(var members) = self, members[JSONValue.schemaMember] != nil else { return self }
        members[JSONValue.schemaMember] = nil
        return .object(members)
    }
}
