import Foundation

/// A regular expression compiled once at load; whole-value matching, as a form pattern.
public struct Pattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented thread-safe; hence @unchecked.
    public let source: String
    private let regex: NSRegularExpression

    public init(_ source: String) throws {
        self.source = source
        self.regex = try NSRegularExpression(pattern: source)
    }

    /// True when the pattern matches the whole value.
    public func matchesWhole(_ value: String) -> Bool {
        let range = NSRange(value.startIndex..., in: value)
        guard let match = regex.firstMatch(in: value, options: [.anchored], range: range) else { return false }
        return match.range == range
    }
}
