import Expressions
import Foundation

/// An instance as the JSON text in the `body` column.
///
/// Keys are sorted so equal instances give equal text. Dates are written as Foundation's own
/// number (seconds since 2001), the only form that reads back to exactly the same `Date`;
/// ISO 8601 would round to milliseconds and make a reloaded instance differ from the saved one.
enum SQLiteBody {
    /// The JSON of `instance`. JSON has no infinity or NaN (an expression can overflow), so
    /// those numbers become null here, as everywhere else FlowStage writes JSON, and
    /// `instance` is changed to match what a later load returns.
    static func encode(_ instance: inout Instance) throws -> String {
        let data: Data
        do {
            data = try encoder().encode(instance)
        } catch EncodingError.invalidValue {
            // Looked for only after a failure, so the usual save does not walk the data twice.
            instance.data = instance.data.replacingNonFiniteNumbers()
            data = try encoder().encode(instance)
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ body: String) throws -> Instance {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        return try decoder.decode(Instance.self, from: Data(body.utf8))
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }
}

private extension JSONValue {
    func replacingNonFiniteNumbers() -> JSONValue {
        switch self {
        case .number(let n) where !n.isFinite: .null
        case .array(let items): .array(items.map { $0.replacingNonFiniteNumbers() })
        case .object(let members): .object(members.mapValues { $0.replacingNonFiniteNumbers() })
        default: self
        }
    }
}
