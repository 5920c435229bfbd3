import Foundation

/// RFC 6901 pointers, built while decoding so every error can say exactly where it is.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    public private(set) var description: String

    public init(_ text: String = "") { description = text }

    public func appending(_ key: String) -> JSONPointer {
        let escaped = key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        return JSONPointer(description + "/" + escaped)
    }

    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(description + "/" + String(index))
    }
}
