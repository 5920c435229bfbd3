import Foundation

/// Why a request was answered by the server itself, without the handler:
/// a status and a sentence the user can act on.
struct RequestRejection: Error, Sendable, Equatable {
    let error: ServerError
    /// Sent as `Retry-After` when the client may simply try again later.
    var retryAfterSeconds: Int? = nil

    init(status: Int, reason: ServerError.Reason, limit: Int? = nil, message: String, retryAfterSeconds: Int? = nil) {
        error = ServerError(status: status, reason: reason, limit: limit, message: message)
        self.retryAfterSeconds = retryAfterSeconds
    }

    var status: Int { error.status }
    var message: String { error.message }

    static func tooLarge(_ reason: ServerError.Reason, limit: Int, _ message: String) -> RequestRejection {
        .init(status: 413, reason: reason, limit: limit, message: message)
    }
    static func malformed(_ message: String) -> RequestRejection { .init(status: 400, reason: .malformedRequest, message: message) }
    static func malformedUpload(_ message: String) -> RequestRejection { .init(status: 400, reason: .malformedUpload, message: message) }
}

/// "1 MiB", "64 KiB", "10 MiB", "300 bytes": limits as people read them.
func describeBytes(_ n: Int) -> String {
    if n >= 1 << 20, n % (1 << 20) == 0 { return "\(n >> 20) MiB" }
    if n >= 1 << 10, n % (1 << 10) == 0 { return "\(n >> 10) KiB" }
    if n >= 1 << 20 { return String(format: "%.1f MiB", Double(n) / Double(1 << 20)) }
    return n == 1 ? "1 byte" : "\(n) bytes"
}

/// The limits a form parser needs, taken from the configuration.
struct FormLimits: Sendable {
    var maxFields: Int
    var maxFieldBytes: Int

    init(maxFields: Int, maxFieldBytes: Int) {
        self.maxFields = max(0, maxFields)
        self.maxFieldBytes = max(0, maxFieldBytes)
    }

    var tooManyFields: RequestRejection {
        .tooLarge(.tooManyFields, limit: maxFields, "The form had more than \(maxFields) fields.")
    }

    var fieldTooLong: RequestRejection {
        .tooLarge(.fieldTooLong, limit: maxFieldBytes, "A field of the form was longer than \(describeBytes(maxFieldBytes)).")
    }
}
