/// A range of addresses as `--trust-proxy` takes it: `10.0.0.0/8`, `2001:db8::/32`, or a
/// single address (`192.168.1.10`, which is `/32`; an IPv6 one is `/128`).
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    public let network: IPAddress
    public let prefixLength: Int

    /// Refuses, with what to write instead, anything that is not an address with an optional
    /// prefix length, and a range with bits set past its prefix (`10.0.0.1/8`): that is
    /// usually a typing mistake, and guessing which of the two was meant would trust the wrong
    /// machines.
    public init(parsing text: String) throws(AddressRangeError) {
        let trimmed = text.trimmingScalars(" \t")
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = parts.first.flatMap({ IPAddress($0) }) else {
            throw AddressRangeError("“\(trimmed)” is not an IP address or address range: write one such as 10.0.0.0/8, 192.168.1.10 or fd00::/8")
        }
        let bits = if case .v4 = address { 32 } else { 128 }
        var length = bits
        if parts.count == 2 {
            guard parts[1].allSatisfy({ ("0"..."9").contains($0) }), let given = Int(parts[1]), (0...bits).contains(given) else {
                throw AddressRangeError("“\(trimmed)”: the prefix length of an \(bits == 32 ? "IPv4" : "IPv6") range is a number from 0 to \(bits), such as \(bits == 32 ? "10.0.0.0/8" : "fd00::/8")")
            }
            length = given
        }
        let range = AddressRange(address, prefixLength: length)
        guard range.network == address else {
            throw AddressRangeError("“\(trimmed)” has bits set past its /\(length) prefix: write \(range) for the whole network, or \(address) for that one address")
        }
        self = range
    }

    /// The range of `prefixLength` leading bits of `address` (the others are cleared).
    public init(_ address: IPAddress, prefixLength: Int) {
        switch address {
        case .v4(let value):
            self.prefixLength = max(0, min(32, prefixLength))
            network = .v4(value & Self.mask32(self.prefixLength))
        case .v6(let high, let low):
            self.prefixLength = max(0, min(128, prefixLength))
            network = .v6(high: high & Self.mask64(self.prefixLength), low: low & Self.mask64(self.prefixLength - 64))
        }
    }

    public func contains(_ address: IPAddress) -> Bool {
        switch (network, address) {
        case (.v4(let net), .v4(let value)):
            return value & Self.mask32(prefixLength) == net
        case (.v6(let netHigh, let netLow), .v6(let high, let low)):
            return high & Self.mask64(prefixLength) == netHigh && low & Self.mask64(prefixLength - 64) == netLow
        default:
            return false
        }
    }

    /// "10.0.0.0/8"; a single address is written without its prefix.
    public var description: String {
        let whole = if case .v4 = network { 32 } else { 128 }
        return prefixLength == whole ? network.description : "\(network)/\(prefixLength)"
    }

    /// The top `bits` bits set (0 or fewer: none; 32 or more: all).
    private static func mask32(_ bits: Int) -> UInt32 {
        bits <= 0 ? 0 : bits >= 32 ? .max : ~(UInt32.max >> UInt32(bits))
    }

    private static func mask64(_ bits: Int) -> UInt64 {
        bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits))
    }
}

/// Why an address range was refused, with what to write instead.
public struct AddressRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
