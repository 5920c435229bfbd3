import Foundation

/// Addresses a designer may send people to (a `link` action, a redirect after one): http(s),
/// mailto, tel, a path on this server or a fragment. Never `javascript:`, `data:` or a
/// protocol-relative `//host` that would leave the server unnoticed.
public enum SafeLink {
    public static func isSafe(_ url: String) -> Bool {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        if trimmed.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\\" }) { return false }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") || lower.hasPrefix("tel:") {
            return true
        }
        return trimmed.hasPrefix("/") && !trimmed.hasPrefix("//") || trimmed.hasPrefix("#")
    }
}
