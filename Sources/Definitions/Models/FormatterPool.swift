import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Foundation's formatters are slow to make (each opens ICU: tens of microseconds, more than a
/// whole planned page) and not safe to use from two threads at once. A pool makes each kind
/// once per thread and keeps it in that thread's own storage: no two threads share one, and
/// lending one takes no lock. (A pool behind a `Mutex` made the server's two workers wait on
/// each other in the kernel: Swift's `Mutex` on Linux always sleeps a waiter.)
final class FormatterPool<Formatter: AnyObject>: Sendable {
    /// Tells pools apart in a thread's storage; never reused, unlike an object's address.
    private let serial = FormatterPools.next.add(1, ordering: .relaxed).newValue

    /// `body` with this thread's formatter of `kind`, made by `make` on first use.
    func with<Result>(_ kind: String, make: () -> Formatter, _ body: (Formatter) -> Result) -> Result {
        let kept = FormatterPools.thread
        let key = FormatterPools.Key(pool: serial, kind: kind)
        if let formatter = kept.formatters[key] as? Formatter { return body(formatter) }
        let formatter = make()
        kept.keep(formatter, for: key)
        return body(formatter)
    }

    /// What `body` writes of `input` with this thread's formatter of `kind`, remembered in the
    /// thread's storage: a page writes the same amounts and dates on every view, and a look-up
    /// costs a small part of formatting. `body` must be a function of the input alone.
    func written(_ kind: String, of input: FormatterPools.Input, make: () -> Formatter, _ body: (Formatter) -> String?) -> String? {
        let kept = FormatterPools.thread
        let key = FormatterPools.Written(pool: serial, kind: kind, input: input)
        if let known = kept.written[key] { return known }
        let text = with(kind, make: make, body)
        kept.remember(text, for: key)
        return text
    }
}

/// The formatters of the running thread, by pool and kind.
enum FormatterPools {
    struct Key: Hashable {
        let pool: Int
        let kind: String
    }

    /// What a formatter is asked to write.
    enum Input: Hashable {
        case number(Double)
        case text(String)
    }

    /// A text written by a pool's formatter of a kind.
    struct Written: Hashable {
        let pool: Int
        let kind: String
        let input: Input
    }

    static let next = Atomic<Int>(0)

    /// One thread's formatters. Pools of projects reloaded since leave theirs behind: the
    /// table is emptied when it holds more than `limit`.
    final class Kept {
        var formatters: [Key: AnyObject] = [:]
        /// Texts written, bounded like the formatters (emptied when full).
        private(set) var written: [Written: String?] = [:]
        static var limit: Int { 256 }
        static var writtenLimit: Int { 4_096 }

        func keep(_ formatter: AnyObject, for key: Key) {
            if formatters.count >= Kept.limit { formatters.removeAll() }
            formatters[key] = formatter
        }

        func remember(_ text: String?, for key: Written) {
            if written.count >= Kept.writtenLimit { written.removeAll() }
            written[key] = .some(text)
        }
    }

    /// The key of each thread's `Kept`, released when the thread ends.
    private static let storage: pthread_key_t = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<Kept>.fromOpaque(pointer).release()
        }
        precondition(made == 0, "no thread-local storage left for formatters")
        return key
    }()

    static var thread: Kept {
        if let pointer = pthread_getspecific(storage) { return Unmanaged<Kept>.fromOpaque(pointer).takeUnretainedValue() }
        let kept = Kept()
        pthread_setspecific(storage, Unmanaged.passRetained(kept).toOpaque())
        return kept
    }
}
