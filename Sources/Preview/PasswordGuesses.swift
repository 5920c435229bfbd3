import Foundation
import HTTP
import Synchronization

/// What the access gate asks about wrong passwords: `PasswordGuesses` on one node; with several
/// nodes, a counter in the shared database (flowstage's `SharedPasswordGuesses`), so N nodes
/// do not allow N times the guesses.
public protocol PasswordGuessCounting: Sendable {
    /// Seconds until `address` may try a password again; nil when it may try now.
    func wait(for address: String?) -> Int?
    /// Counts a wrong password from `address`; the seconds it must now wait, or nil while it has tries left.
    @discardableResult func failed(from address: String?) -> Int?
}

/// Wrong access passwords per client address (`--password`): after `maxFailures` wrong ones
/// within `window`, the address may not try again until `window` has passed since the last of
/// them, so guessing costs time. Only that address waits: a right password from anywhere else
/// still opens the preview, and a browser that already has the access cookie is never asked.
///
/// The table is bounded (`capacity` addresses); when it is full, finished windows go first,
/// then the addresses whose last failure is oldest. IPv6 clients are counted per /64 network,
/// which one host usually holds whole. Time comes from `now`, so tests move it by hand.
public final class PasswordGuesses: PasswordGuessCounting {
    public struct Policy: Sendable {
        /// Wrong passwords allowed within `window`; the next answer is 429.
        public var maxFailures: Int
        /// How long failures count, and how long an address waits once it has used them up.
        public var window: TimeInterval
        /// Most addresses remembered at once.
        public var capacity: Int

        public init(maxFailures: Int = 10, window: TimeInterval = 15 * 60, capacity: Int = 10_000) {
            self.maxFailures = max(1, maxFailures)
            self.window = max(1, window)
            self.capacity = max(1, capacity)
        }
    }

    private struct Record {
        var failures: Int
        var firstFailure: Date
        var lastFailure: Date
        var blockedUntil: Date?
    }

    public let policy: Policy
    private let now: @Sendable () -> Date
    private let table = Mutex<[String: Record]>([:])

    public init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = Date.init) {
        self.policy = policy
        self.now = now
    }

    /// Seconds until `address` may try a password again; nil when it may try now.
    public func wait(for address: String?) -> Int? {
        let key = Self.key(address), now = self.now()
        return table.withLock { all -> Int? in
            guard let record = all[key] else { return nil }
            if let until = record.blockedUntil {
                if until > now { return Self.seconds(until.timeIntervalSince(now)) }
                all[key] = nil
            } else if now.timeIntervalSince(record.firstFailure) >= policy.window {
                all[key] = nil
            }
            return nil
        }
    }

    /// Counts a wrong password from `address`; returns the seconds it must now wait, or nil
    /// while it has tries left.
    @discardableResult
    public func failed(from address: String?) -> Int? {
        let key = Self.key(address), now = self.now()
        return table.withLock { all -> Int? in
            var record = all[key] ?? Record(failures: 0, firstFailure: now, lastFailure: now)
            if let until = record.blockedUntil, until > now { return Self.seconds(until.timeIntervalSince(now)) }
            if record.blockedUntil != nil || now.timeIntervalSince(record.firstFailure) >= policy.window {
                record = Record(failures: 0, firstFailure: now, lastFailure: now)
            }
            record.failures += 1
            record.lastFailure = now
            if record.failures >= policy.maxFailures { record.blockedUntil = now.addingTimeInterval(policy.window) }
            if all[key] == nil, all.count >= policy.capacity { Self.makeRoom(in: &all, now: now, policy: policy) }
            all[key] = record
            return record.blockedUntil.map { Self.seconds($0.timeIntervalSince(now)) }
        }
    }

    /// How many addresses are remembered (for tests of the bound).
    var count: Int { table.withLock { $0.count } }

    /// Drops finished windows; if that frees nothing, the eighth of the table whose last failure
    /// is oldest, so a flood of new addresses sorts the table once per many inserts, not each time.
    private static func makeRoom(in all: inout [String: Record], now: Date, policy: Policy) {
        all = all.filter { _, record in
            if let until = record.blockedUntil { return until > now }
            return now.timeIntervalSince(record.firstFailure) < policy.window
        }
        guard all.count >= policy.capacity else { return }
        let oldest = all.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(max(1, all.count / 8))
        for (key, _) in oldest { all[key] = nil }
    }

    private static func seconds(_ interval: TimeInterval) -> Int { max(1, Int(interval.rounded(.up))) }

    /// The address a failure is counted against: the same unit as the server's per-address
    /// connection limit (`AddressGroup`: IPv4 as it is, also when mapped into IPv6, IPv6 by its
    /// /64 network); "unknown" when the server could not tell.
    public static func key(_ address: String?) -> String {
        guard let address, !address.isEmpty else { return "unknown" }
        guard let parsed = IPAddress(address) else { return address }
        return AddressGroup(parsed).description
    }
}
