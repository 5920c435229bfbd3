/// Growable byte buffer pages are rendered into.
///
/// Pages are written as UTF-8 bytes, not `String`s, so rendering is a sequence of `memcpy`s
/// into one array that is handed to the HTTP layer as-is.
public struct HTMLBuffer: Sendable {
    public private(set) var bytes: [UInt8]

    /// `capacity` is reserved up front so a typical page never reallocates.
    public init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Number of bytes written so far.
    public var count: Int { bytes.count }

    // MARK: Raw

    /// Appends `s` unchanged: the caller vouches that it is safe HTML.
    public mutating func appendRaw(_ s: String) {
        var s = s
        s.withUTF8 { appendRaw($0) }
    }

    public mutating func appendRaw(_ s: StaticString) {
        if s.hasPointerRepresentation {
            appendRaw(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        } else {
            appendRaw(s.description)
        }
    }

    public mutating func appendRaw(_ b: [UInt8]) {
        bytes.append(contentsOf: b)
    }

    public mutating func appendRaw(_ b: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: b)
    }

    // MARK: Escaped

    /// Appends `s` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public mutating func appendEscaped(_ s: String) {
        var s = s
        s.withUTF8 { appendEscaped($0) }
    }

    /// Byte-wise escaping; runs of bytes that need no escaping are copied in one go, so text
    /// without special characters costs one scan and one copy.
    public mutating func appendEscaped(_ b: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = b.count
        while index < count {
            let byte = b[index]
            // All five special characters are below 0x3F ('?'): one compare skips letters
            // and every non-ASCII byte.
            if byte < 0x3F, let replacement = HTMLBuffer.entity(for: byte) {
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[runStart..<index]))
                }
                appendRaw(replacement)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[runStart..<count]))
        }
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    // MARK: Numbers

    /// Writes a number the way people write it: `3` not `3.0`, `2.5` as `2.5`.
    /// Digits never need escaping, so this serves escaped and raw interpolation alike.
    mutating func appendNumber(_ value: Double) {
        if value.rounded(.towardZero) == value, abs(value) < 1e15 {
            appendInteger(Int(value))
        } else {
            appendRaw(value.description)
        }
    }

    /// Integer formatting without building a `String`.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}
