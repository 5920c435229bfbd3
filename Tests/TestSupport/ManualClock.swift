import Foundation
import Synchronization

/// A clock that moves only when a test says so: what sessions and password guesses are given
/// as `now`, so no test waits on real time.
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSinceReferenceDate: 800_000_000)) {
        current = Mutex(start)
    }

    /// The time now; pass `clock.now` where a `() -> Date` is wanted.
    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

public extension TimeInterval {
    static func minutes(_ n: Double) -> TimeInterval { n * 60 }
    static func hours(_ n: Double) -> TimeInterval { n * 3_600 }
    static func days(_ n: Double) -> TimeInterval { n * 86_400 }
}
