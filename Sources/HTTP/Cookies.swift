/// A request's cookies, read from its `Cookie` headers when one is asked for by name: a
/// request asks for one or two, and a dictionary of all of them cost more than routing it.
public struct RequestCookies: Sendable {
    /// The `Cookie` header values, as sent.
    let headers: [String]

    public init(headers: [String]) { self.headers = headers }

    /// The value of the first cookie called `name`: browsers send the most specific path
    /// first. Values are kept as sent, except that surrounding quotes are removed.
    public subscript(name: String) -> String? {
        var found: String?
        var name = name
        name.withUTF8 { wanted in
            Cookies.forEachPair(headers) { pair, value in
                guard pair.elementsEqual(wanted) else { return true }
                found = String(decoding: value, as: UTF8.self)
                return false
            }
        }
        return found
    }
}

/// Reading the `Cookie` header and building `Set-Cookie` values.
public enum Cookies {
    /// Each `name=value` piece of the headers, in order, trimmed of spaces and tabs and the
    /// value of its quotes, until `body` returns false. Works on the UTF-8 bytes (the
    /// separators are ASCII): a page view reads its session cookie, and walking `Character`s cost about
    /// 3 % of a page view's server time.
    static func forEachPair(_ headerValues: [String],
                            _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool) {
        for header in headerValues {
            var header = header
            let more = header.withUTF8 { bytes in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != 0x3B { end += 1 } // ;
                    if let (name, value) = pair(bytes, from: start, to: end), !body(name, value) { return false }
                    start = end + 1
                }
                return true
            }
            if !more { return }
        }
    }

    /// One `name=value` piece of a `Cookie` header, trimmed; nil without `=` or a name.
    private static func pair(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> (name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)? {
        let (lower, upper) = trimmed(bytes, start, end)
        guard let eq = bytes[lower..<upper].firstIndex(of: 0x3D) else { return nil } // =
        let (nameStart, nameEnd) = trimmed(bytes, lower, eq)
        guard nameStart < nameEnd else { return nil }
        var (valueStart, valueEnd) = trimmed(bytes, eq + 1, upper)
        if valueEnd - valueStart >= 2, bytes[valueStart] == 0x22, bytes[valueEnd - 1] == 0x22 { // "…"
            valueStart += 1
            valueEnd -= 1
        }
        return (UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var (lower, upper) = (start, end)
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return (lower, upper)
    }

    public enum SameSite: String, Sendable { case lax = "Lax", strict = "Strict", none = "None" }

    /// A `Set-Cookie` value. Defaults suit a session cookie: `Path=/`,
    /// `HttpOnly`, `SameSite=Lax`; `Secure` when served over TLS.
    /// Characters a cookie may not hold are percent-encoded, so the result
    /// can never inject another attribute or header line.
    public static func setCookie(name: String, value: String, maxAge: Int? = nil, path: String = "/",
                                 secure: Bool = false, httpOnly: Bool = true,
                                 sameSite: SameSite? = .lax) -> String {
        var out = "\(sanitizeName(name))=\(sanitizeValue(value))"
        if let maxAge { out += "; Max-Age=\(maxAge)" }
        out += "; Path=\(sanitizeValue(path))"
        if secure { out += "; Secure" }
        if httpOnly { out += "; HttpOnly" }
        if let sameSite { out += "; SameSite=\(sameSite.rawValue)" }
        return out
    }

    /// A `Set-Cookie` value that makes the browser forget `name`.
    public static func expire(name: String, path: String = "/") -> String {
        "\(sanitizeName(name))=; Max-Age=0; Path=\(sanitizeValue(path))"
    }

    // RFC 6265 cookie-octet: visible ASCII except " , ; \ and space.
    static func sanitizeValue(_ s: String) -> String {
        encode(s) { c in c >= 0x21 && c <= 0x7E && c != 0x22 && c != 0x2C && c != 0x3B && c != 0x5C && c != 0x25 }
    }

    // RFC 7230 token characters.
    static func sanitizeName(_ s: String) -> String {
        let out = encode(s) { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || "!#$&'*+-.^_`|~".utf8.contains(c)
        }
        return out.isEmpty ? "_" : out
    }

    private static func encode(_ s: String, allowed: (UInt8) -> Bool) -> String {
        var bytes: [UInt8] = []
        for c in s.utf8 {
            if allowed(c) { bytes.append(c) } else {
                let hex = Array("0123456789ABCDEF".utf8)
                bytes += [0x25, hex[Int(c >> 4)], hex[Int(c & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    func trimmingASCIIWhitespace() -> Substring {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
