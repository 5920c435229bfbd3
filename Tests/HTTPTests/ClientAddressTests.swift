import Testing
@testable import HTTP

/// Addresses as the per-address limits and `--trust-proxy` read them.
@Suite struct ClientAddresses {
    @Test func ipv4MappedIntoIPv6IsTheIPv4Address() {
        #expect(IPAddress("::ffff:192.0.2.7") == IPAddress("192.0.2.7"))
        #expect(IPAddress("::ffff:192.0.2.7")?.description == "192.0.2.7")
        #expect(IPAddress("2001:DB8::1")?.description == "2001:db8::1")
    }

    @Test func namesPortsAndZonesAreNotAddresses() {
        for text in ["localhost", "192.0.2", "192.0.2.7:80", "[::1]", "fe80::1%eth0", "", " 192.0.2.7"] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }

    @Test func ipv6ClientsAreGroupedPerSlash64() {
        let a = AddressGroup(IPAddress("2001:db8:1:2:aaaa::1")!)
        #expect(a == AddressGroup(IPAddress("2001:db8:1:2:bbbb:cccc:dddd:2")!))
        #expect(a != AddressGroup(IPAddress("2001:db8:1:3::1")!))
        #expect(a.description == "2001:db8:1:2::/64")
        #expect(AddressGroup(IPAddress("192.0.2.7")!).description == "192.0.2.7")
        #expect(AddressGroup(IPAddress("192.0.2.7")!) != AddressGroup(IPAddress("192.0.2.8")!))
    }

    @Test func anAddressRangeContainsTheAddressesUnderItsPrefix() throws {
        let ten = try AddressRange(parsing: "10.0.0.0/8")
        #expect(ten.contains(IPAddress("10.255.3.4")!))
        #expect(!ten.contains(IPAddress("11.0.0.1")!))
        #expect(!ten.contains(IPAddress("::ffff:11.0.0.1")!))
        let six = try AddressRange(parsing: "2001:db8:abcd::/48")
        #expect(six.contains(IPAddress("2001:db8:abcd:12::1")!))
        #expect(!six.contains(IPAddress("2001:db8:abce::1")!))
        #expect(!six.contains(IPAddress("10.0.0.1")!))
        let one = try AddressRange(parsing: " 192.168.1.10 ")
        #expect(one.contains(IPAddress("192.168.1.10")!) && !one.contains(IPAddress("192.168.1.11")!))
        #expect(one.description == "192.168.1.10")
        #expect(try AddressRange(parsing: "0.0.0.0/0").contains(IPAddress("203.0.113.1")!))
        #expect(try AddressRange(parsing: "::1/128").contains(IPAddress("::1")!))
        #expect(try AddressRange(parsing: "fd00::6/127").contains(IPAddress("fd00::7")!))
        #expect(try !AddressRange(parsing: "fd00::6/127").contains(IPAddress("fd00::8")!))
    }

    @Test func aBadRangeIsRefusedWithWhatToWrite() {
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "10.0.0/8") }
        do {
            _ = try AddressRange(parsing: "10.0.0/8")
        } catch {
            #expect(error.message.contains("such as 10.0.0.0/8"))
        }
        do {
            _ = try AddressRange(parsing: "10.0.0.0/33")
        } catch {
            #expect(error.message.contains("from 0 to 32"))
        }
        do {
            _ = try AddressRange(parsing: "10.0.0.1/8")
        } catch {
            #expect(error.message == "“10.0.0.1/8” has bits set past its /8 prefix: write 10.0.0.0/8 for the whole network, or 10.0.0.1 for that one address")
        }
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "proxy.example") }
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "::1/129") }
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "fd00::7/127") }
        #expect(throws: AddressRangeError.self) { try AddressRange(parsing: "10.0.0.0/+8") }
    }

    @Test func trustedProxiesAreACommaListOrRepeatedValues() throws {
        let proxies = try TrustedProxies(parsing: ["10.0.0.0/8, 192.168.1.10", "::1"])
        #expect(proxies.ranges.map(\.description) == ["10.0.0.0/8", "192.168.1.10", "::1"])
        #expect(try TrustedProxies(parsing: []).isEmpty)
        #expect(throws: AddressRangeError.self) { try TrustedProxies(parsing: ["10.0.0.0/8,nope"]) }
    }

    @Test func theClientIsTheRightMostForwardedAddressThatIsNotTrusted() throws {
        let proxies = try TrustedProxies(parsing: ["10.0.0.0/8"])
        let proxy = IPAddress("10.0.0.2")!
        func client(_ headers: [String], peer: IPAddress = proxy) -> String {
            proxies.client(peer: peer, forwardedFor: headers).description
        }
        #expect(client(["203.0.113.7"]) == "203.0.113.7")
        #expect(client(["198.51.100.1, 203.0.113.7"]) == "203.0.113.7", "what the client wrote itself is never believed")
        #expect(client(["203.0.113.7, 10.0.0.5"]) == "203.0.113.7", "a second trusted proxy is passed over")
        #expect(client(["198.51.100.1", "203.0.113.7, 10.1.1.1"]) == "203.0.113.7", "repeated headers are one list")
        #expect(client(["10.0.0.9, 10.0.0.5"]) == "10.0.0.9", "all trusted: the left-most")
        #expect(client([]) == "10.0.0.2", "no header: the proxy itself")
        #expect(client(["unknown, 10.0.0.5"]) == "10.0.0.5", "a hop that is not an address stops the walk")
        #expect(client(["[2001:db8::7]:443"]) == "2001:db8::7")
        #expect(client(["203.0.113.7:51234"]) == "203.0.113.7")
        #expect(client(["203.0.113.7"], peer: IPAddress("192.0.2.1")!) == "192.0.2.1", "an untrusted peer is the client")
    }
}
