/// One problem found while loading a project: where it is and what to do about it.
///
/// The description is the one-line form of docs/reference/project.md, "Errors and warnings":
/// `processes/loan.json /nodes/3/branches/0/when: unexpected ')' at column 14`, or for an
/// XML model `models/claim.bpmn:12:5 /Task_1: no sequence flow leaves this task`.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Path of the file relative to the project folder.
    public let file: String
    /// JSON pointer inside the file ("" for the whole file); for a BPMN model, the element id.
    public let pointer: String
    public let message: String
    /// 1-based line and column, for files that are not JSON (BPMN and other XML).
    public let line: Int?
    public let column: Int?

    public init(file: String, pointer: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.pointer = pointer
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return pointer.isEmpty ? "\(place): \(message)" : "\(place) \(pointer): \(message)"
    }
}

/// Every error of a load at once, so a designer can fix them in one pass.
public struct LoadErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [LoadError]
    public init(_ errors: [LoadError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
