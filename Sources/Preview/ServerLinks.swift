import Rendering

/// The preview server's URLs (docs/reference/http.md).
public struct ServerLinks: PageLinks {
    public init() {}
    public var home: String { "/" }
    public var stylesheet: String { "/public/flowstage.css" }
    public var script: String { "/public/flowstage.js" }
    public func theme(_ name: String) -> String { "/themes/\(Percent.encode(name)).css" }
    public func instance(_ id: String) -> String { "/instances/\(Percent.encode(id))" }
    public func action(_ instance: String, _ action: String) -> String {
        Self.joined("/instances/", Percent.encode(instance), "/actions/", Percent.encode(action))
    }
    public func upload(_ id: String) -> String? { Self.joined("/uploads/", Percent.encode(id), "") }
    public func back(_ instance: String) -> String { Self.joined("/instances/", Percent.encode(instance), "/back") }
    public func event(_ instance: String, _ event: String) -> String {
        Self.joined("/instances/", Percent.encode(instance), "/events/", Percent.encode(event))
    }
    public func startFlow(_ flow: String) -> String { "/flows/\(Percent.encode(flow))/start" }
    public func start(_ process: String) -> String { "/processes/\(Percent.encode(process))/start" }
    public var settings: String { "/settings" }
    public func latest(_ process: String) -> String { "/processes/\(Percent.encode(process))/latest" }
    public func stop(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/stop" }
    public func close(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/close" }
    public func inspect(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/inspect" }
    public func map(_ instance: String) -> String? { "/instances/\(Percent.encode(instance))/map" }
    public var endSession: String { "/session/end" }
    public var resetSession: String? { "/session/reset" }
    /// Where the inspector's Share and Stop sharing post.
    public func share(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/share" }
    public func stopSharing(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/unshare" }
    /// A read-only link: `/shared/{id}.{secret}` (ids have no dots; the secret is hex).
    public func shared(_ instance: String, secret: String) -> String { "/shared/\(Percent.encode(instance)).\(secret)" }
    /// Where "Restart from here" posts, with `step`.
    public func restart(_ instance: String) -> String { "/instances/\(Percent.encode(instance))/restart" }
    /// The instance id and secret of a share link's last segment.
    static func shareParts(_ token: String) -> (id: String, secret: String)? {
        guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return nil }
        return (String(token[..<dot]), String(token[token.index(after: dot)...]))
    }
    public func startScenario(_ scenario: String) -> String? { "/scenarios/\(Percent.encode(scenario))/start" }
    public func startTestCase(_ number: Int) -> String? { "/test-cases/\(number)/start" }
    public var access: String { "/access" }
    public var gallery: String? { "/gallery" }
    public func feel(_ instance: String?) -> String? { instance.map { "/instances/\(Percent.encode($0))/feel" } ?? "/feel" }
    public func testCase(_ instance: String) -> String? { "/instances/\(Percent.encode(instance))/test-case.json" }
    public func decision(_ id: String) -> String? { "/decisions/\(Percent.encode(id))" }

    /// The links every screen page makes several of, written byte by byte into one
    /// allocation: interpolation and `+` build the string piece by piece, at a few hundred
    /// instructions a piece.
    private static func joined(_ a: String, _ b: String, _ c: String, _ d: String = "") -> String {
        let count = a.utf8.count + b.utf8.count + c.utf8.count + d.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            // Each part read in place (no `inout` of a captured variable: the exclusivity check
            // that needs cost more than the copy).
            func copy(_ part: String, at offset: Int) -> Int {
                let copied = part.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
                }
                if let copied { return copied }
                var index = offset
                for byte in part.utf8 { buffer[index] = byte; index += 1 }
                return index - offset
            }
            var written = copy(a, at: 0)
            written += copy(b, at: written)
            written += copy(c, at: written)
            written += copy(d, at: written)
            return written
        }
    }
}

/// Percent-encoding of one path segment.
enum Percent {
    static func encode(_ segment: String) -> String {
        // Ids and names are nearly always unreserved already: give them back as they are.
        if isUnreserved(segment) { return segment }
        var out = ""
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func isUnreserved(_ segment: String) -> Bool {
        // Over the contiguous bytes, eight at a time while they are letters, digits and `-` (an
        // instance id), then a byte at a time: walking `utf8` or `allSatisfy` cost tens of
        // instructions a byte, and every screen page encodes its instance id several times.
        if let all = segment.utf8.withContiguousStorageIfAvailable({ bytes in
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count, isAlphanumericOrHyphen(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            while index < bytes.count {
                if !isUnreserved(bytes[index]) { return false }
                index += 1
            }
            return true
        }) { return all }
        return segment.utf8.allSatisfy(isUnreserved)
    }

    /// Whether each of the eight bytes in `word` is an ASCII letter, a digit or `-`: a range
    /// test on every byte at once (the sum of a 7-bit byte and a bound never carries into the
    /// next byte), `-` by an exact zero-byte test.
    @inline(__always)
    private static func isAlphanumericOrHyphen(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80, low = ones &* 0x7F
        if word & high != 0 { return false }
        func within(_ lowest: UInt64, _ highest: UInt64) -> UInt64 {
            let atLeast = word &+ ones &* (128 - lowest)       // high bit set where byte >= lowest
            let beyond = word &+ ones &* (127 - highest)       // high bit set where byte > highest
            return atLeast & ~beyond & high
        }
        let hyphen = word ^ (ones &* UInt64(UInt8(ascii: "-")))
        let isHyphen = ~(((hyphen & low) &+ low) | hyphen | low)
        return (within(0x30, 0x39) | within(0x41, 0x5A) | within(0x61, 0x7A) | isHyphen) == high
    }

    /// A bit per unreserved ASCII byte (RFC 3986: letters, digits, `-._~`), in two words.
    @inline(__always)
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_6000_0000_0000    // `-` `.` and `0`…`9`
        let high: UInt64 = 0x47FF_FFFE_87FF_FFFE   // `A`…`Z` `_` `a`…`z` `~`
        return byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
