import Foundation
import Synchronization

/// The thread behind the header deadline. libmicrohttpd only knows an idle timeout, which a
/// client sending a byte every few seconds never reaches, and calls nothing of ours while a
/// request line and headers are still arriving; so this thread looks at the connection table
/// a few times per deadline and shuts down the connections past theirs.
final class DeadlineSweeper: Sendable {
    private let stopped = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)

    /// Sweeps every `interval` until `stop()`. A deadline is kept to within one interval.
    init(table: ConnectionTable, every interval: Duration) {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        Thread.detachNewThread { [self] in
            while !isStopped {
                _ = wake.wait(timeout: .now() + seconds)
                guard !isStopped else { return }
                table.closeOverdue()
            }
        }
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// A few sweeps per deadline, at most one a second, at least every 50 ms.
    static func interval(for headerTimeout: Duration) -> Duration {
        min(.seconds(1), max(.milliseconds(50), headerTimeout / 4))
    }

    /// Ends the thread (at once, not at its next sweep).
    func stop() {
        stopped.withLock { $0 = true }
        wake.signal()
    }
}
