import Expressions
import Foundation

/// What a store keeps: process instances and flow runs. Both have the same shape — an id, the
/// owning session, a version for compare-and-swap, timestamps and JSON data — so one store
/// implementation (memory, SQLite, later PostgreSQL) serves both.
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
    var data: JSONValue { get set }
    /// The values of `columns`, in order.
    var columnValues: [String] { get }
}

extension Instance: StoredRecord {
    public static let recordName = "instance"
    public static let table = "instances"
    public static let columns = ["process", "status"]
    public var columnValues: [String] { [process, status.rawValue] }
}

extension FlowRun: StoredRecord {
    public static let recordName = "flow run"
    public static let table = "flow_runs"
    public static let columns = ["flow", "status"]
    public var columnValues: [String] { [flow, status.rawValue] }
}
