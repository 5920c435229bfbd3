import Expressions
import Foundation

/// What a store keeps: process instances, flow runs and browser sessions. All have the same
/// shape — an id, the owning session, a version for compare-and-swap, timestamps — so one
/// store implementation (memory, SQLite, later PostgreSQL) serves them all.
public protocol StoredRecord: Sendable, Codable, Equatable {
    /// What the record is called in messages: "instance", "flow run".
    static var recordName: String { get }
    /// The SQL table holding records of this kind.
    static var table: String { get }
    /// Columns copied out of the body for queries and for people reading the file.
    static var columns: [String] { get }

    var id: String { get }
    /// The session that owns the record; no other session can see it.
    var session: String { get }
    var version: Int { get set }
    var createdAt: Date { get }
    var updatedAt: Date { get }
    /// The values of `columns`, in order.
    var columnValues: [String] { get }
    /// JSON has no infinity or NaN (an expression can overflow): the store calls this when
    /// the record cannot be written, and the numbers become null, as everywhere FlowStage writes JSON.
    mutating func replaceNonFiniteNumbers()
}

extension Instance: StoredRecord {
    public static let recordName = "instance"
    public static let table = "instances"
    public static let columns = ["process", "status"]
    public var columnValues: [String] { [process, status.rawValue] }
    public mutating func replaceNonFiniteNumbers() { data = data.replacingNonFiniteNumbers() }
}

extension FlowRun: StoredRecord {
    public static let recordName = "flow run"
    public static let table = "flow_runs"
    public static let columns = ["flow", "status"]
    public var columnValues: [String] { [flow, status.rawValue] }
    public mutating func replaceNonFiniteNumbers() { data = data.replacingNonFiniteNumbers() }
}

extension Session: StoredRecord {
    public static let recordName = "session"
    public static let table = "sessions"
    public static let columns: [String] = []
    /// A session owns itself: deleting session `s` deletes its row.
    public var session: String { id }
    public var columnValues: [String] { [] }
    public mutating func replaceNonFiniteNumbers() {}
}

extension JSONValue {
    func replacingNonFiniteNumbers() -> JSONValue {
        switch self {
        case .number(let n) where !n.isFinite: .null
        case .array(let items): .array(items.map { $0.replacingNonFiniteNumbers() })
        case .object(let members): .object(members.mapValues { $0.replacingNonFiniteNumbers() })
        default: self
        }
    }
}
