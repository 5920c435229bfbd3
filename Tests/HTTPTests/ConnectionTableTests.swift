import Glibc
import Testing
@testable import HTTP

/// The bookkeeping behind the per-address limit and the header deadline, with time moved by hand.
@Suite struct ConnectionTableRules {
    private func record(_ address: String, socket: Int32 = -1, proxy: Bool = false) -> ConnectionRecord {
        ConnectionRecord(socket: socket, peer: IPAddress(address), isTrustedProxy: proxy)
    }

    @Test func anAddressIsAdmittedUntilItHoldsItsLimitAndAgainOnceOneCloses() {
        let table = ConnectionTable(perAddressLimit: 2, headerTimeout: nil, idleTimeout: nil)
        let group = AddressGroup(IPAddress("192.0.2.7")!)
        let first = record("192.0.2.7"), second = record("192.0.2.7")
        table.opened(first)
        #expect(table.admits(group))
        table.opened(second)
        #expect(!table.admits(group))
        #expect(table.admits(AddressGroup(IPAddress("192.0.2.8")!)), "another address has its own count")
        table.closed(first)
        #expect(table.admits(group))
        table.closed(second)
        #expect(table.count(of: group) == 0 && table.openConnections == 0)
    }

    @Test func ipv6ConnectionsCountAgainstTheirSlash64() {
        let table = ConnectionTable(perAddressLimit: 1, headerTimeout: nil, idleTimeout: nil)
        table.opened(record("2001:db8:1:2::1"))
        #expect(!table.admits(AddressGroup(IPAddress("2001:db8:1:2:ffff::9")!)))
        #expect(table.admits(AddressGroup(IPAddress("2001:db8:1:3::1")!)))
    }

    @Test func aTrustedProxysConnectionsAreNotCountedItsClientsRequestsAre() {
        let table = ConnectionTable(perAddressLimit: 1, headerTimeout: nil, idleTimeout: nil)
        let proxy = record("10.0.0.2", proxy: true)
        table.opened(proxy)
        #expect(table.count(of: AddressGroup(IPAddress("10.0.0.2")!)) == 0)
        let client = AddressGroup(IPAddress("203.0.113.7")!)
        #expect(table.startRequest(from: client))
        #expect(!table.startRequest(from: client))
        table.endRequest(from: client)
        #expect(table.startRequest(from: client))
    }

    @Test func onlyConnectionsPastTheirHeaderDeadlineAreShutDown() throws {
        let table = ConnectionTable(perAddressLimit: nil, headerTimeout: .seconds(10), idleTimeout: .seconds(30))
        var slow: [Int32] = [0, 0], done: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &slow) == 0)
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &done) == 0)
        defer { for fd in slow + done { close(fd) } }
        let start = ContinuousClock.now
        let stalled = record("192.0.2.7", socket: slow[0]), sent = record("192.0.2.8", socket: done[0])
        table.opened(stalled, at: start)
        table.opened(sent, at: start)
        table.headersArrived(sent)
        #expect(table.closeOverdue(at: start + .seconds(9)) == 0)
        #expect(table.closeOverdue(at: start + .seconds(10)) == 1)
        var byte: UInt8 = 0
        #expect(recv(slow[1], &byte, 1, Int32(MSG_DONTWAIT)) == 0, "the stalled connection's stream has ended")
        #expect(recv(done[1], &byte, 1, Int32(MSG_DONTWAIT)) == -1, "the other is untouched")
        #expect(table.closeOverdue(at: start + .seconds(20)) == 0, "shut down once")
    }

    @Test func afterARequestTheNextHeadersHaveTheIdleTimePlusTheHeaderTimeout() {
        let table = ConnectionTable(perAddressLimit: nil, headerTimeout: .seconds(10), idleTimeout: .seconds(30))
        let connection = record("192.0.2.7")
        let start = ContinuousClock.now
        table.opened(connection, at: start)
        table.headersArrived(connection)
        table.requestFinished(connection, at: start + .seconds(1))
        #expect(table.closeOverdue(at: start + .seconds(40)) == 0)
        #expect(table.closeOverdue(at: start + .seconds(41)) == 1)
    }
}
