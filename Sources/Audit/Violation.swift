/// One failed check: which rule, where (a selector, a component pointer or a colour pair) and
/// what to do about it.
public struct Violation: Sendable, Hashable, Codable {
    public let rule: AuditRule
    /// A CSS selector for page rules, `file pointer` for project rules, `role on role` for contrast.
    public let location: String
    public let message: String

    public init(_ rule: AuditRule, _ location: String, _ message: String) {
        self.rule = rule; self.location = location; self.message = message
    }
}
