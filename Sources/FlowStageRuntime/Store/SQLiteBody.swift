import Expressions
import Foundation

/// A record (instance or flow run) as the JSON text in the `body` column.
///
/// Keys are sorted so equal records give equal text. Dates are written as Foundation's own
/// number (seconds since 2001), the only form that reads back to exactly the same `Date`;
/// ISO 8601 would round to milliseconds and make a reloaded record differ from the saved one.
///
/// Public because the PostgreSQL store (Sources/PostgresStore) writes the very same text:
/// one encoding of a record, whichever database holds it.
public enum SQLiteBody {
    /// The JSON of `record`. Non-finite numbers become null (`StoredRecord.replaceNonFiniteNumbers`),
    /// and `record` is changed to match what a later load returns.
    public static func encode<Record: StoredRecord>(_ record: inout Record) throws -> String {
        let data: Data
        do {
            data = try encoder().encode(record)
        } catch EncodingError.invalidValue {
            // Looked for only after a failure, so the usual save does not walk the data twice.
            record.replaceNonFiniteNumbers()
            data = try encoder().encode(record)
        }
        return String(decoding: data, as: UTF8.self)
    }

    public static func decode<Record: StoredRecord>(_ body: String) throws -> Record {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        return try decoder.decode(Record.self, from: Data(body.utf8))
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }
}
