import Foundation

/// One lock per id, in effect: ids hash onto a fixed set of locks, so actions on one instance
/// (or flow run) queue while different ones proceed in parallel. Only an optimisation: the
/// store's compare-and-swap is what keeps two nodes from interleaving.
final class StripedLocks: Sendable {
    private let locks: [NSLock] = (0..<64).map { _ in NSLock() }

    func withLock<T, E: Error>(_ id: String, _ body: () throws(E) -> T) throws(E) -> T {
        var hasher = Hasher()
        hasher.combine(id)
        let lock = locks[Int(UInt(bitPattern: hasher.finalize()) % UInt(locks.count))]
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
