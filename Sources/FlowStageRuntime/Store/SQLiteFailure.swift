import Foundation
import GRDB

/// Turns what SQLite or the file system said into a `StoreError.failed` a user can act on:
/// "<what failed>: <what SQLite said>; <what to do>".
enum SQLiteFailure {
    static func failed(_ what: String, database: String, _ error: any Error) -> StoreError {
        guard let error = error as? DatabaseError else {
            return .failed("\(what): \(message(of: error)); check that \(database) can be written")
        }
        let said = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        return .failed("\(what): \(said); \(advice(error, database: database))")
    }

    private static func advice(_ error: DatabaseError, database: String) -> String {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            ("another process kept \(database) locked for more than \(Int(SQLiteStore.busyTimeout)) s; try again, "
                + "and check that no other program holds the file open in a long transaction")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            "make \(database) and its folder writable, or choose another database path"
        case .SQLITE_CANTOPEN:
            "check that the folder of \(database) exists and is writable, or choose another database path"
        case .SQLITE_FULL:
            "the disk holding \(database) is full; free some space"
        case .SQLITE_IOERR:
            "the disk holding \(database) could not be read or written; check it and try again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            "\(database) is damaged or is not a FlowStage database; move it away to start with an empty store"
        default:
            "check \(database), or move it away to start with an empty store"
        }
    }

    /// Foundation's own words, without its "The operation could not be completed." preamble.
    static func message(of error: any Error) -> String {
        var text = (error as? LocalizedError)?.errorDescription ?? error.localizedDescription
        let preamble = "The operation could not be completed. "
        if text.hasPrefix(preamble) { text.removeFirst(preamble.count) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
