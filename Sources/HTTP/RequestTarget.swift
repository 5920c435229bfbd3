/// Splits the request-target from the request line into path and query,
/// decoding strictly: a bad escape or non-UTF-8 is a 400, never guessed at.
struct RequestTarget {
    let rawPath: String
    let path: String
    let query: [(name: String, value: String)]

    init(_ raw: [UInt8], limits: FormLimits) throws(RequestRejection) {
        var target = raw[...]
        if let hash = target.firstIndex(of: 0x23) { target = target[..<hash] } // fragments are not sent, but be safe
        if target.first != 0x2F { // not origin-form: absolute-form "http://host/path", or "*"
            let schemeLength = Self.schemeLength(target)
            if schemeLength > 0 {
                let rest = target.dropFirst(schemeLength)
                target = rest.firstIndex(of: 0x2F).map { rest[$0...] } ?? ArraySlice([0x2F])
            } else if target.elementsEqual([0x2A]) {
                // OPTIONS *: let the handler see "*".
            } else {
                throw .malformed("The address of the request was not valid.")
            }
        }
        let question = target.firstIndex(of: 0x3F)
        let rawPathBytes = question.map { target[..<$0] } ?? target
        let decoded: String?
        if rawPathBytes.contains(0x25) { // %
            rawPath = String(decoding: rawPathBytes, as: UTF8.self)
            decoded = URLEncoding.decodeText(rawPathBytes, plusAsSpace: false)
        } else { // the usual path: nothing to decode, so one checked string serves as both
            // ASCII needs no UTF-8 check (the generic `String(validating:)` was most of this).
            decoded = rawPathBytes.allSatisfy { $0 < 0x80 }
                ? String(decoding: rawPathBytes, as: UTF8.self) : String(validating: rawPathBytes, as: UTF8.self)
            rawPath = decoded ?? ""
        }
        guard let decoded else {
            throw .malformed("The address contained an invalid percent-encoding or text that is not UTF-8.")
        }
        path = decoded
        if let question {
            query = try URLEncoding.parseForm(Array(target[target.index(after: question)...]), limits: limits, what: "address")
        } else {
            query = []
        }
    }

    /// 7 for "http://", 8 for "https://" (ASCII, any case), else 0.
    private static func schemeLength(_ bytes: ArraySlice<UInt8>) -> Int {
        for scheme in ["http://", "https://"] {
            let expected = Array(scheme.utf8)
            if bytes.count >= expected.count,
               zip(bytes.prefix(expected.count), expected).allSatisfy({ HTTPHeaders.asciiLower($0) == $1 }) {
                return expected.count
            }
        }
        return 0
    }
}
