import Foundation

/// Where instances and flow runs live. Everything that matters goes through this protocol so
/// a shared store (PostgreSQL for several nodes) can replace the embedded one without a rewrite.
///
/// `save` is compare-and-swap on `version`: two writers can never interleave actions on one
/// record, even in different processes.
public protocol RecordStore<Record>: Sendable {
    associatedtype Record: StoredRecord
    func load(_ id: String) throws(StoreError) -> Record?
    /// The record, at `version` or newer if it has reached it: a store that keeps copies
    /// (PostgreSQL's node cache) reads the row rather than hand out an older one. How a page
    /// shown right after a change made on another node is never the page before it.
    func load(_ id: String, atLeast version: Int) throws(StoreError) -> Record?
    /// Stores a new record (version 0 becomes 1); an existing id is a conflict.
    func insert(_ record: Record) throws(StoreError) -> Record
    /// Stores `record` if the stored version is still `record.version`; returns it with the next version.
    func save(_ record: Record) throws(StoreError) -> Record
    /// The session's records, newest first.
    func records(session: String) throws(StoreError) -> [Record]
    func delete(session: String) throws(StoreError)
    /// Ids of the records last updated before `cutoff`, oldest first, at most `limit`: what an
    /// expiry sweep looks at (for sessions, `updatedAt` is the last time the session was seen).
    func ids(updatedBefore cutoff: Date, limit: Int) throws(StoreError) -> [String]
}

public typealias InstanceStore = any RecordStore<Instance>
public typealias FlowRunStore = any RecordStore<FlowRun>

extension RecordStore {
    /// Stores whose `load` is always current (memory, SQLite) need nothing more.
    public func load(_ id: String, atLeast version: Int) throws(StoreError) -> Record? {
        try load(id)
    }

    /// The record if it exists and belongs to `session`: a foreign id is as unknown as a missing one.
    /// Inlined: called on `any RecordStore<Instance>` on every page view, the generic body
    /// looked up the metadata of `Record?` each time.
    @inline(__always)
    func load(_ id: String, ownedBy session: String) throws(StoreError) -> Record? {
        guard let record = try load(id), record.session == session else { return nil }
        return record
    }
}

public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Someone else saved the record first; reload and try again.
    case conflict(id: String)
    case failed(String)

    public var description: String {
        switch self {
        case .conflict(let id): "record \(id) was changed by another request"
        case .failed(let message): "the store failed: \(message)"
        }
    }
}
