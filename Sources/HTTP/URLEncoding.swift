/// Strict percent-decoding and `application/x-www-form-urlencoded`
/// parsing: invalid escapes and invalid UTF-8 are errors (400), never
/// passed through, so the handler only ever sees well-formed text.
enum URLEncoding {
    /// Decodes `%HH` (and `+` as space when `plusAsSpace`); nil on a bad escape.
    static func percentDecode<C: Collection>(_ bytes: C, plusAsSpace: Bool) -> [UInt8]? where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let c = bytes[i]
            if c == 0x25 { // %
                let h = bytes.index(after: i)
                guard h != bytes.endIndex else { return nil }
                let l = bytes.index(after: h)
                guard l != bytes.endIndex, let hi = hexValue(bytes[h]), let lo = hexValue(bytes[l]) else { return nil }
                out.append(hi << 4 | lo)
                i = bytes.index(after: l)
                continue
            }
            out.append(plusAsSpace && c == 0x2B ? 0x20 : c)
            i = bytes.index(after: i)
        }
        return out
    }

    /// Percent-decodes and checks UTF-8 in one step.
    static func decodeText<C: Collection>(_ bytes: C, plusAsSpace: Bool) -> String? where C.Element == UInt8 {
        guard let raw = percentDecode(bytes, plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: raw, as: UTF8.self)
    }

    /// Parses `a=1&b=2&a=3`; empty pieces are skipped, a piece without `=`
    /// is a name with an empty value.
    static func parseForm(_ bytes: [UInt8], limits: FormLimits, what: String = "form")
        throws(RequestRejection) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for piece in bytes.split(separator: 0x26, omittingEmptySubsequences: true) {
            if fields.count >= limits.maxFields { throw limits.tooManyFields }
            let eq = piece.firstIndex(of: 0x3D)
            let rawName = eq.map { piece[..<$0] } ?? piece[...]
            let rawValue = eq.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            guard let name = percentDecode(rawName, plusAsSpace: true),
                  let value = percentDecode(rawValue, plusAsSpace: true) else {
                throw .malformed("The \(what) contained an invalid percent-encoding (a % not followed by two hex digits).")
            }
            if name.count > limits.maxFieldBytes || value.count > limits.maxFieldBytes { throw limits.fieldTooLong }
            guard let n = String(validating: name, as: UTF8.self), let v = String(validating: value, as: UTF8.self) else {
                throw .malformed("The \(what) contained text that is not valid UTF-8.")
            }
            fields.append((name: n, value: v))
        }
        return fields
    }

    @inline(__always) static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
