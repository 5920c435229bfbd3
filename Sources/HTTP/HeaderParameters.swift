/// Parses header values of the form `token; key=value; key="quoted"`
/// (Content-Type, Content-Disposition). Keys are lowercased; quoted
/// strings may contain `;` and backslash escapes. Never fails: junk yields
/// fewer parameters, and the callers decide what is missing.
struct HeaderParameters: Sendable {
    /// The leading token, lowercased (e.g. "multipart/form-data").
    let value: String
    let parameters: [String: String]

    init(_ header: String) {
        let bytes = Array(header.utf8)
        var i = 0
        func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        skipSpace()
        let start = i
        while i < bytes.count, bytes[i] != 0x3B { i += 1 }
        value = String(decoding: bytes[start..<i], as: UTF8.self)
            .trimmingScalars(" \t").lowercased()
        var params: [String: String] = [:]
        while i < bytes.count {
            i += 1 // past ';'
            skipSpace()
            let keyStart = i
            while i < bytes.count, bytes[i] != 0x3D, bytes[i] != 0x3B { i += 1 }
            let key = String(decoding: bytes[keyStart..<i], as: UTF8.self).trimmingScalars(" \t").lowercased()
            guard i < bytes.count, bytes[i] == 0x3D else { continue }
            i += 1
            skipSpace()
            var raw: [UInt8] = []
            if i < bytes.count, bytes[i] == 0x22 {
                i += 1
                while i < bytes.count, bytes[i] != 0x22 {
                    if bytes[i] == 0x5C, i + 1 < bytes.count { i += 1 }
                    raw.append(bytes[i])
                    i += 1
                }
                i = min(i + 1, bytes.count) // past closing quote
                while i < bytes.count, bytes[i] != 0x3B { i += 1 }
            } else {
                let valueStart = i
                while i < bytes.count, bytes[i] != 0x3B { i += 1 }
                raw = Array(bytes[valueStart..<i])
                while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }
            }
            if !key.isEmpty, params[key] == nil {
                params[key] = String(decoding: raw, as: UTF8.self)
            }
        }
        parameters = params
    }

    subscript(key: String) -> String? { parameters[key] }
}

extension String {
    func trimmingScalars(_ set: String) -> String {
        let chars = Set(set.unicodeScalars)
        var scalars = Substring(self).unicodeScalars[...]
        while let f = scalars.first, chars.contains(f) { scalars = scalars.dropFirst() }
        while let l = scalars.last, chars.contains(l) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
