/// What the per-address limits count against: an IPv4 address, or an IPv6 /64 network. One
/// IPv6 host is usually given a whole /64, so counting single IPv6 addresses would let it
/// open connections (or guess passwords) from as many addresses as it likes.
public struct AddressGroup: Hashable, Sendable, CustomStringConvertible {
    /// The address itself (IPv4), or its /64 with the interface half zeroed (IPv6).
    public let network: IPAddress

    public init(_ address: IPAddress) {
        switch address {
        case .v4: network = address
        case .v6(let high, _): network = .v6(high: high, low: 0)
        }
    }

    /// "192.0.2.7", or "2001:db8:1:2::/64" for an IPv6 network.
    public var description: String {
        switch network {
        case .v4: return network.description
        case .v6(let high, _):
            return stride(from: 48, through: 0, by: -16).map { String((high >> UInt64($0)) & 0xFFFF, radix: 16) }
                .joined(separator: ":") + "::/64"
        }
    }
}
