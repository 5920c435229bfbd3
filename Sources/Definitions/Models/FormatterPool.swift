import Foundation
import Synchronization

/// Foundation's formatters are slow to make (each opens ICU: tens of microseconds, more than a
/// whole planned page) and not safe to use from two threads at once. A pool makes each kind
/// once and lends it to one caller at a time; a caller that finds none free makes another,
/// which joins the pool (at most `limit` kept per kind: one per thread in practice).
final class FormatterPool<Formatter: AnyObject>: Sendable {
    /// Formatters never leave the pool while another caller holds them: the lock hands each
    /// one to a single caller at a time.
    private struct Free: @unchecked Sendable {
        var byKind: [String: [Formatter]] = [:]
    }

    private let free = Mutex(Free())
    static var limit: Int { 16 }

    /// `body` with the formatter of `kind`, made by `make` when none is free.
    func with<Result>(_ kind: String, make: () -> Formatter, _ body: (Formatter) -> Result) -> Result {
        let lent = free.withLock { free -> Formatter? in
            guard var formatters = free.byKind[kind], let formatter = formatters.popLast() else { return nil }
            free.byKind[kind] = formatters
            return formatter
        }
        let formatter = lent ?? make()
        let result = body(formatter)
        free.withLock { free in
            if free.byKind[kind, default: []].count < Self.limit { free.byKind[kind, default: []].append(formatter) }
        }
        return result
    }
}
