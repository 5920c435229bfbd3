/// One problem found while loading a project: where it is and what to do about it.
///
/// The description is the one-line form the spec asks for:
/// `processes/loan.json /nodes/3/branches/0/when: unexpected ')' at column 14`.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Path of the file relative to the project folder.
    public let file: String
    /// JSON pointer inside the file ("" for the whole file).
    public let pointer: String
    public let message: String

    public init(file: String, pointer: String, message: String) {
        self.file = file
        self.pointer = pointer
        self.message = message
    }

    public var description: String {
        pointer.isEmpty ? "\(file): \(message)" : "\(file) \(pointer): \(message)"
    }
}

/// Every error of a load at once, so a designer can fix them in one pass.
public struct LoadErrors: Error, Sendable, CustomStringConvertible {
    public let errors: [LoadError]
    public init(_ errors: [LoadError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
