import Foundation

/// A regular expression compiled once at load; whole-value matching, as a form pattern.
public struct Pattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented thread-safe; hence @unchecked.
    public let source: String
    private let regex: NSRegularExpression

    public init(_ source: String) throws {
        self.source = source
        _ = try NSRegularExpression(pattern: source)  // the pattern as written must compile on its own
        // Anchored around a group, so every alternative may span the whole value (`a|ab` takes "ab").
        self.regex = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")
    }

    /// True when the pattern matches the whole value.
    public func matchesWhole(_ value: String) -> Bool {
        regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }
}
