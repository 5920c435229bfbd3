/// The fields of an urlencoded or multipart form.
///
/// Order and repeated names are kept because a checkbox group or a
/// multiselect posts its name once per chosen value.
public struct FormData: Sendable {
    public var fields: [(name: String, value: String)]
    public var files: [UploadedFile]

    public init(fields: [(name: String, value: String)] = [], files: [UploadedFile] = []) {
        self.fields = fields
        self.files = files
    }

    /// Every value posted under `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The first value posted under `name`.
    public func first(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The files posted under `name`, in order.
    public func files(_ name: String) -> [UploadedFile] {
        files.filter { $0.fieldName == name }
    }
}
