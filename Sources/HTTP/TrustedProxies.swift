/// The reverse proxies whose `X-Forwarded-For` is believed (`--trust-proxy`). Anyone can send
/// that header, so it says who the client is only when the connection comes from a proxy we
/// run; from any other peer it is ignored and the peer is the client. Empty: never trusted.
public struct TrustedProxies: Sendable, Equatable {
    public var ranges: [AddressRange]

    public init(_ ranges: [AddressRange] = []) {
        self.ranges = ranges
    }

    /// Flag values, each a range or a comma-separated list of them (`10.0.0.0/8,::1`).
    public init(parsing values: [String]) throws(AddressRangeError) {
        var ranges: [AddressRange] = []
        for value in values {
            for item in value.split(separator: ",") where !item.allSatisfy({ $0 == " " || $0 == "\t" }) {
                ranges.append(try AddressRange(parsing: String(item)))
            }
        }
        self.ranges = ranges
    }

    public var isEmpty: Bool { ranges.isEmpty }

    public func contains(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// Who sent a request that reached us from `peer`: the peer itself unless it is trusted;
    /// then the right-most address of `X-Forwarded-For` (all of its headers, in order) that is
    /// not itself trusted, which is the last one a proxy of ours wrote. Every hop to its left
    /// was written by the client or by machines we know nothing of, so it is never believed.
    /// If every hop is trusted the left-most is the client; a hop that is not an address
    /// ("unknown", a name) stops the walk at the trusted hop to its right.
    public func client(peer: IPAddress, forwardedFor headers: [String]) -> IPAddress {
        guard contains(peer), !headers.isEmpty else { return peer }
        let hops = headers.flatMap { $0.split(separator: ",") }
        var client = peer
        for hop in hops.reversed() {
            guard let address = Self.address(ofHop: hop) else { break }
            client = address
            if !contains(address) { break }
        }
        return client
    }

    /// One entry of `X-Forwarded-For`: an address, also as some proxies write it with a
    /// port (`192.0.2.7:51234`, `[2001:db8::1]:443`).
    static func address(ofHop hop: Substring) -> IPAddress? {
        var text = hop.drop { $0 == " " || $0 == "\t" }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        if text.first == "[", let close = text.firstIndex(of: "]") {
            return IPAddress(text[text.index(after: text.startIndex)..<close])
        }
        if let address = IPAddress(text) { return address }
        if let colon = text.firstIndex(of: ":"), text[text.index(after: colon)...].allSatisfy(\.isNumber) {
            return IPAddress(text[..<colon]).flatMap { if case .v4 = $0 { $0 } else { nil } }
        }
        return nil
    }
}
