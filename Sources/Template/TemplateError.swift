/// Why a template does not compile, pointing at the offending tag so an author can fix it.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// Name of the template (or partial) the tag is in.
    public let template: String
    /// 1-based line of the offending tag.
    public let line: Int
    /// 1-based column (in characters) of the offending tag.
    public let column: Int
    public let message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(template):\(line):\(column): \(message)" }
}
