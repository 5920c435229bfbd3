import Glibc

/// A client's IP address as a value: parsed once, then compared, grouped and matched against
/// address ranges without strings. IPv4 mapped into IPv6 (`::ffff:192.0.2.7`) is IPv4, so one
/// client is one value however it reached us.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// In host byte order: 127.0.0.1 is 0x7F000001.
    case v4(UInt32)
    /// The 128 bits as two halves in host byte order: the network /64, then the interface.
    case v6(high: UInt64, low: UInt64)

    /// A literal such as `192.0.2.7`, `2001:db8::1` or `::ffff:192.0.2.7`; nil for anything else
    /// (names, zone suffixes, ports).
    public init?(_ text: some StringProtocol) {
        let string = String(text)
        if !string.contains(":") {
            var v4 = in_addr()
            guard inet_pton(AF_INET, string, &v4) == 1 else { return nil }
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, string, &v6) == 1 else { return nil }
        self.init(v6)
    }

    /// The address of a socket peer, as libmicrohttpd hands it over.
    init?(_ address: UnsafePointer<sockaddr>?) {
        guard let address else { return nil }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: raw))
        case AF_INET6:
            self.init(address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr })
        default:
            return nil
        }
    }

    private init(_ bytes: in6_addr) {
        var copy = bytes
        let (high, low) = withUnsafeBytes(of: &copy) { raw in
            (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self).bigEndian,
             raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian)
        }
        if high == 0, low >> 32 == 0xFFFF {
            self = .v4(UInt32(truncatingIfNeeded: low))
        } else {
            self = .v6(high: high, low: low)
        }
    }

    /// "192.0.2.7", "2001:db8::1": the usual short forms.
    ///
    /// Runs on every request: IPv4 is written by hand (glibc's `inet_ntop` formats with
    /// `sprintf`, about 1.5 % of a page view's server time), IPv6 still goes through `inet_ntop`.
    public var description: String {
        switch self {
        case .v4(let address):
            return ipv4String(address)
        case .v6(let high, let low):
            var bytes = in6_addr()
            withUnsafeMutableBytes(of: &bytes) { raw in
                raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            guard inet_ntop(AF_INET6, &bytes, &buffer, socklen_t(buffer.count)) != nil else { return "::" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// Dotted decimal of an address in host byte order: 0x7F000001 is "127.0.0.1".
func ipv4String(_ address: UInt32) -> String {
    String(unsafeUninitializedCapacity: 15) { buffer in
        var count = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            let octet = Int((address >> UInt32(shift)) & 0xFF)
            if shift != 24 { buffer[count] = 0x2E; count += 1 } // .
            if octet >= 100 { buffer[count] = UInt8(0x30 + octet / 100); count += 1 }
            if octet >= 10 { buffer[count] = UInt8(0x30 + octet / 10 % 10); count += 1 }
            buffer[count] = UInt8(0x30 + octet % 10); count += 1
        }
        return count
    }
}
