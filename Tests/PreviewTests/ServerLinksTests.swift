import Testing
@testable import Preview

/// Every link names its instance, action or event as one percent-encoded path segment.
@Suite struct ServerLinkSegments {
    @Test func plainNamesAreKeptAndOthersArePercentEncodedPerSegment() {
        let links = ServerLinks()
        #expect(links.action("9ef3552b-8aa9", "continue") == "/instances/9ef3552b-8aa9/actions/continue")
        #expect(links.action("a b", "é/x") == "/instances/a%20b/actions/%C3%A9%2Fx")
        #expect(links.event("i~1", "go back") == "/instances/i~1/events/go%20back")
        #expect(links.back("i.1_") == "/instances/i.1_/back")
        #expect(links.action("", "") == "/instances//actions/")
    }

    /// RFC 3986's unreserved characters (letters, digits, `-._~`) stay; every other byte is
    /// `%XX`, whatever the rest of the segment holds.
    @Test func exactlyTheUnreservedASCIICharactersAreKept() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for byte in UInt8(0)...UInt8(255) {
            let segment = String(decoding: [UInt8(ascii: "a"), byte], as: UTF8.self)
            let encoded = Percent.encode(segment)
            if unreserved.contains(byte) {
                #expect(encoded == segment, "byte \(byte)")
            } else {
                #expect(encoded.hasPrefix("a%"), "byte \(byte)")
            }
        }
    }

    /// The same at every place of a long segment, as an instance id is (read eight bytes at a time).
    @Test func eachByteIsJudgedAtEveryPlaceInALongSegment() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for byte in UInt8(0)...UInt8(127) {
            for place in 0..<20 {
                var bytes = Array("0123456789-abcdefXYZ".utf8)
                bytes[place] = byte
                let segment = String(decoding: bytes, as: UTF8.self)
                let encoded = Percent.encode(segment)
                if unreserved.contains(byte) {
                    #expect(encoded == segment, "byte \(byte) at \(place)")
                } else {
                    #expect(encoded.contains("%"), "byte \(byte) at \(place)")
                }
            }
        }
    }
}
