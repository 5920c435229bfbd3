/// Strong entity tags for bytes held in memory, and `If-None-Match` matching.
public enum ETag {
    /// `"<64-bit FNV-1a hex>-<length hex>"`: changes whenever the bytes do
    /// (for practical purposes), cheap to compute once at load.
    public static func strong(for bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return "\"\(String(hash, radix: 16))-\(String(bytes.count, radix: 16))\""
    }

    /// Whether an `If-None-Match` header matches `etag`. Uses the weak
    /// comparison RFC 9110 prescribes for this header (`W/` is ignored), and
    /// `*` matches anything.
    public static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
        guard let header else { return false }
        let wanted = opaque(etag)
        for candidate in header.split(separator: ",") {
            let tag = candidate.trimmingASCIIWhitespace()
            if tag == "*" { return true }
            if opaque(String(tag)) == wanted { return true }
        }
        return false
    }

    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
    }
}
